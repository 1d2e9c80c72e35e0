/**
 * What the title knows of the saved game: none yet, one it can load (and
 * with which data: the program's, another bundled folder's, or a kept
 * version's), or why it cannot: the file cannot be read, or the data it
 * was made with is kept nowhere here. The title offers Continue only for
 * one it can load, and asks before a new game takes any save's place.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import type { GameState } from "../engine/mod.ts";
import { readSave } from "./save_file.ts";
import {
  type DataStamp,
  decodeSave,
  savedReplay,
  SaveError,
  type SaveSummary,
  summarizeSave,
} from "./save_format.ts";
import { continueRecording, type Recording } from "./replay_format.ts";
import type { DataShelf, FoundData } from "./data_shelf.ts";

/** The saved game, as far as it can be read. */
export type SavedGame =
  | { readonly kind: "none" }
  /**
   * The file or the game in it cannot be read: `reason` says why, in one
   * sentence; `file` is the save's path; `summary` is what its outside
   * says, when that much can be read.
   */
  | {
    readonly kind: "unreadable";
    readonly reason: string;
    readonly file?: string;
    readonly summary?: SaveSummary;
  }
  /** Made with data kept nowhere here (`refused`: kept, but damaged, and why). */
  | {
    readonly kind: "other-data";
    readonly data: DataStamp;
    readonly summary: SaveSummary;
    readonly ours: string;
    readonly refused?: string;
  }
  | {
    readonly kind: "loadable";
    readonly summary: SaveSummary;
    /** The game, checked through against the rules it is played by. */
    readonly state: GameState;
    /** The data it was made with: the program's own, a bundled folder's or a kept version's. */
    readonly content: Content;
    /** Where that data was found. */
    readonly found: FoundData;
    /** True when it is another folder than the program's: the title asks before using it. */
    readonly asks: boolean;
    /** Its recording so far (none for a save from before recordings, or one that cannot be read). */
    readonly recording: Recording | undefined;
    /** What the title adds after the game's numbers ("(made with data/rulesets/rotjs/)"). */
    readonly madeWith: string;
    /** The title's line under it about a kept version's data: what it is, and when it was. */
    readonly note?: string;
  };

/** The day of an ISO 8601 time. */
const dayOf = (time: string) => time.slice(0, 10);

/** What the title says of the data of a game found as `found`, played by a program started with `ours`. */
function aboutData(
  found: FoundData,
  ours: Content,
): { readonly asks: boolean; readonly madeWith: string; readonly note?: string } {
  if (found.kind === "ours") return { asks: false, madeWith: "" };
  const { label } = found.content;
  if (found.kind === "bundled") return { asks: true, madeWith: ` (made with ${label})` };
  const note = label === ours.label
    ? `Made with an older version of ${label}, from ${dayOf(found.since)}.`
    : `Made with ${label} as it was on ${dayOf(found.since)}.`;
  return { asks: label !== ours.label, madeWith: "", note };
}

/**
 * Reads the save at `path` whole, its data looked for on `shelf`. A save
 * that cannot be read carries its path, for the popup to name the file
 * first, as the data's problems do: the file is kept, to mend or move.
 */
export async function examineSave(path: string, shelf: DataShelf): Promise<SavedGame> {
  const read = await readSave(path);
  if (read.kind === "missing") return { kind: "none" };
  if (read.kind === "unreadable") return { ...read, file: path };
  let summary: SaveSummary | undefined;
  try {
    summary = summarizeSave(read.json);
    const found = summary.data
      ? await shelf.find(summary.data.checksum)
      : { kind: "ours" as const, content: shelf.ours };
    if (found.kind === "missing" || found.kind === "refused") {
      return {
        kind: "other-data",
        data: summary.data!,
        summary,
        ours: shelf.ours.label,
        ...(found.kind === "refused" ? { refused: found.reason } : {}),
      };
    }
    const state = decodeSave(read.json, found.content.rules);
    let recording: Recording | undefined;
    try {
      recording = continueRecording(savedReplay(read.json), summary.data);
    } catch {
      recording = undefined; // a save from before recordings: the game goes on unrecorded
    }
    return {
      kind: "loadable",
      summary,
      state,
      content: found.content,
      found,
      recording,
      ...aboutData(found, shelf.ours),
    };
  } catch (e) {
    if (e instanceof SaveError) {
      return { kind: "unreadable", reason: e.message, file: path, ...(summary ? { summary } : {}) };
    }
    throw e;
  }
}

/**
 * How a save made with data kept nowhere here is told: the data, and where
 * to find it if anywhere; `short` for the title's line, without the checksum.
 */
function otherData(saved: SavedGame & { kind: "other-data" }, short = false): string {
  const { folder, checksum } = saved.data;
  const named = JSON.stringify(folder);
  const sum = short ? "" : ` (data ${checksum})`;
  return folder === saved.ours
    ? `made with a version of ${named}${sum} kept nowhere here`
    : `made with other data${sum}: play it with --data ${named}`;
}

/** The title's line about `saved`: what Continue would bring back, or why there is nothing to continue. */
export function savedGameLine(saved: SavedGame): string {
  switch (saved.kind) {
    case "none":
      return "No saved game yet.";
    case "unreadable":
      return `The saved game cannot be read: ${saved.reason}`;
    case "other-data":
      return `The saved game was ${otherData(saved, true)}`;
    case "loadable":
      return `Saved game: ${backgroundName(saved)}seed ${
        saved.summary.hideSeed ? "hidden" : saved.state.seed
      }, dungeon level ${saved.state.floor}, turn ${saved.state.turn}${saved.madeWith}`;
  }
}

/** "Scout, ": the background the saved game started with, for its line; empty when it took none. */
function backgroundName(saved: Extract<SavedGame, { kind: "loadable" }>): string {
  const id = saved.state.background;
  const name = id === undefined ? undefined : saved.content.rules.backgrounds?.find((b) => b.id === id)?.name;
  return name === undefined ? "" : `${name}, `;
}

/** The popup's lines when Continue finds no game it can load in `saved`. */
export function whyNotLoaded(saved: Exclude<SavedGame, { kind: "loadable" }>): string[] {
  switch (saved.kind) {
    case "none":
      return ["No saved game to load."];
    case "unreadable":
      return [
        "Failed to load save:",
        saved.file === undefined ? saved.reason : `${saved.file}: ${saved.reason}`,
      ];
    case "other-data":
      return [
        "Failed to load save:",
        `this save was ${otherData(saved)}`,
        ...(saved.refused ? [saved.refused] : []),
      ];
  }
}

/** The popup asking before a new game takes the place of `old` (the saved game, or the unsaved one). */
export function abandonQuestion(
  which: "saved" | "unsaved",
  old: { readonly state: GameState; readonly recording?: Recording },
): string[] {
  return [
    `Abandon the ${which} game (depth ${old.state.floor}, turn ${old.state.turn})? y/n`,
    `It goes to the high scores; its morgue file${old.recording ? " and replay are" : " is"} kept.`,
  ];
}

/**
 * The same question before a new game takes the place of a save that
 * cannot be continued here: it is then kept aside, never lost.
 */
export function setAsideQuestion(saved: Exclude<SavedGame, { kind: "loadable" | "none" }>): string[] {
  const { floor, turn } = saved.summary ?? {};
  const known = (n: number | undefined) => n !== undefined && Number.isSafeInteger(n);
  return [
    `Abandon the saved game${known(floor) && known(turn) ? ` (depth ${floor}, turn ${turn})` : ""}? y/n`,
    "It cannot be continued here: it is kept aside, in the folder kept/ beside it.",
  ];
}
