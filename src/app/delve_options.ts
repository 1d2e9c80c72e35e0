/**
 * What the program is started with besides the terminal and the data: the
 * files' places, the seed, the options, and the hooks a server sets. A value
 * of its own, so the parts of the program that read it need not import the
 * program.
 *
 * @module
 */
import type { ColorDepth } from "../terminal/mod.ts";
import type { HighScore, Rules } from "../engine/mod.ts";
import type { OptionsChoice } from "../ui/mod.ts";
import type { MonsterRunner } from "../worker/mod.ts";
import type { VersionStore } from "../store/mod.ts";

/** What the program needs besides the terminal and the data. */
export interface DelveOptions {
  readonly savePath: string;
  /** The seed for new games (random when undefined). */
  readonly seed?: number;
  readonly colorDepth: ColorDepth;
  /** This program's version, written into saves. */
  readonly version: string;
  /** A runner for a game played by `rules` (a continued game's may be another rule set's). */
  readonly makeRunner: (rules: Rules) => MonsterRunner;
  readonly randomSeed: () => number;
  readonly now?: () => Date;
  /** Pause between the steps of a walk. */
  readonly walkDelayMs?: number;
  /** The options the file gave (the defaults without one); the options screen changes them for this run. */
  readonly choice?: OptionsChoice;
  /** What was wrong in the options file, a line each: shown on the first title and told in each game. */
  readonly optionsProblems?: readonly string[];
  /** The options file's path, which begins each problem (the log tells them without it). */
  readonly optionsPath?: string;
  /** `--daily`: the UTC date whose daily game new games are (their seed is `seed`). */
  readonly daily?: string;
  /**
   * `--background`: the id of the background new games start with, unasked (docs/rules.md, Backgrounds);
   * undefined: the player chooses one, where the data has them.
   */
  readonly background?: string;
  /** `--hide-seed`: new games keep their seed off every screen and file but the save until they end. */
  readonly hideSeed?: boolean;
  /** Played from a browser's page (the server): help lists no key the page keeps (Ctrl-C copies there). */
  readonly inBrowser?: boolean;
  /** Goes straight on with the saved game, if there is one, before the title (a server's player coming back). */
  readonly resume?: boolean;
  /**
   * Run once, as the title first shows, before its first key is read: the
   * terminal's program plays its warm-up game there (warm_up.ts).
   */
  readonly warmUp?: () => Promise<unknown>;
  /**
   * How the path of a file written for the player (a morgue file, a replay
   * beside it) is shown to them: as it is unless set; a server shows the
   * address of its page instead of a path on its own disk.
   */
  readonly shownPath?: (path: string) => string;
  /** Told each game's score as it goes into the table, after its replay and morgue file are written. */
  readonly onScore?: (entry: HighScore, morguePath: string | undefined) => void;
  /** Where the last game's replay is written. */
  readonly recordPath: string;
  /** The folder morgue files go in. */
  readonly morgueDir: string;
  /** The high-score table's file. */
  readonly scoresPath: string;
  /**
   * Where the versions of the data this player's games name are kept
   * (docs/playing.md, Saves): a server's table, which the server prunes;
   * by default, the folder `data-versions/` beside the save, which the
   * program prunes as its title first shows.
   */
  readonly versions?: VersionStore;
  /**
   * Set when another Delve holds the save (`pid` names it, when known): games
   * here are played unsaved. Their morgue files and scores are written as any
   * game's (new names, a locked table); the save, its backup and the replay
   * are never touched, so the other program's are kept whole.
   */
  readonly saveInUse?: { readonly pid: number | undefined };
}
