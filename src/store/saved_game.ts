/**
 * What the title knows of the saved game: none yet, one it can load (and
 * with which data), or why it cannot: the file cannot be read, or it was
 * made with data that is not at hand. The title offers Continue only for
 * one it can load, and asks before a new game takes its place.
 *
 * @module
 */
import type { Content } from "../content/mod.ts";
import type { GameState } from "../engine/mod.ts";
import { readSave } from "./save_file.ts";
import { decodeSave, savedReplay, SaveError, type SaveSummary, summarizeSave } from "./save_format.ts";
import { continueRecording, type Recording } from "./replay_format.ts";
import { madeWith, saveData } from "./save_data.ts";

/** The saved game, as far as it can be read. */
export type SavedGame =
  | { readonly kind: "none" }
  /** The file or the game in it cannot be read: `reason` says why, in one sentence; `file` is the save's path. */
  | { readonly kind: "unreadable"; readonly reason: string; readonly file?: string }
  /** Made with data that is neither the program's nor bundled. */
  | { readonly kind: "other-data"; readonly folder: string }
  | {
    readonly kind: "loadable";
    readonly summary: SaveSummary;
    /** The game, checked through against the rules it is played by. */
    readonly state: GameState;
    /** The data it was made with: the program's own, or a bundled folder's. */
    readonly content: Content;
    /** True when that is a bundled folder other than the program's: the title asks before using it. */
    readonly bundled: boolean;
    /** Its recording so far (none for a save from before recordings, or one that cannot be read). */
    readonly recording: Recording | undefined;
    /** What the title adds after the game's numbers ("(made with data/rulesets/rotjs/)"). */
    readonly madeWith: string;
  };

/**
 * Reads the save at `path` whole, against the program's data `ours`. A save
 * that cannot be read carries its path, for the popup to name the file
 * first, as the data's problems do: the file is kept, to mend or move.
 */
export async function examineSave(path: string, ours: Content): Promise<SavedGame> {
  const read = await readSave(path);
  if (read.kind === "missing") return { kind: "none" };
  if (read.kind === "unreadable") return { ...read, file: path };
  try {
    const summary = summarizeSave(read.json);
    const data = await saveData(summary.data, ours);
    if (data.kind === "other") return { kind: "other-data", folder: data.folder };
    const content = data.kind === "bundled" ? data.content : ours;
    const state = decodeSave(read.json, content.rules);
    let recording: Recording | undefined;
    try {
      recording = continueRecording(savedReplay(read.json));
    } catch {
      recording = undefined; // a save from before recordings: the game goes on unrecorded
    }
    return {
      kind: "loadable",
      summary,
      state,
      content,
      bundled: data.kind === "bundled",
      recording,
      madeWith: madeWith(data),
    };
  } catch (e) {
    if (e instanceof SaveError) return { kind: "unreadable", reason: e.message, file: path };
    throw e;
  }
}

/** The title's line about `saved`: what Continue would bring back, or why there is nothing to continue. */
export function savedGameLine(saved: SavedGame): string {
  switch (saved.kind) {
    case "none":
      return "No saved game yet.";
    case "unreadable":
      return `The saved game cannot be read: ${saved.reason}`;
    case "other-data":
      return `The saved game was made with other data: play it with --data ${JSON.stringify(saved.folder)}`;
    case "loadable":
      return `Saved game: seed ${
        saved.summary.hideSeed ? "hidden" : saved.state.seed
      }, dungeon level ${saved.state.floor}, turn ${saved.state.turn}${saved.madeWith}`;
  }
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
    case "other-data": {
      const folder = JSON.stringify(saved.folder);
      return [
        "Failed to load save:",
        `this save was made with other data (the folder ${folder}): play it with --data ${folder}`,
      ];
    }
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
