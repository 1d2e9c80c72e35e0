/**
 * The server's pages, as HTML text. Everything that comes from a player or
 * a game (names, causes of death) goes through {@link escapeHtml}; the pages
 * run no inline script, so the Content-Security-Policy can forbid it.
 *
 * @module
 */
import type { GameInfo } from "./game_host.ts";
import type { ScoreRecord } from "./store.ts";

/** `text` safe inside HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A live game as the lobby lists it. */
export type LiveRow = Omit<GameInfo, "columns" | "rows"> & { readonly id: string };

/** A score as the lobby lists it. */
export type ScoreRow = Pick<ScoreRecord, "player" | "score" | "depth" | "level" | "turns" | "outcome">;

/** A finished game as the lobby lists it. */
export interface FinishedRow {
  readonly id: string;
  readonly player: string;
  readonly outcome: string;
  /** When it ended, UTC, as ISO 8601 text: the page's script shows it in the reader's own time. */
  readonly endedAt: string;
  readonly depth: number;
  readonly level: number;
  readonly turns: number;
  readonly morgue: boolean;
  readonly replay: boolean;
}

/** Finished games the lobby lists; the rest are on the finished games' pages. */
export const LOBBY_FINISHED = 10;

/** Finished games on each of their pages. */
export const FINISHED_PAGE = 25;

function page(title: string, body: string, scripts: readonly string[] = []): string {
  const tags = scripts.map((s) => `<script src="${s}"></script>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/assets/style.css">` +
    `<link rel="stylesheet" href="/assets/xterm.css"></head><body>${body}${tags}</body></html>`;
}

const cells = (values: readonly (string | number)[]) =>
  `<tr>${values.map((v) => `<td>${v}</td>`).join("")}</tr>`;

/** What the lobby shows. */
export interface LobbyView {
  readonly player?: string;
  readonly problem?: string;
  readonly live: readonly LiveRow[];
  readonly scores: readonly ScoreRow[];
  readonly finished: readonly FinishedRow[];
}

/** The lobby: who plays, the scores, finished games; a login or the way to play. */
export function lobbyPage(view: LobbyView): string {
  const who = view.player
    ? `<p>Logged in as <b>${escapeHtml(view.player)}</b>. <a href="/play" id="play">Play</a> ` +
      `<form method="post" action="/logout"><button>Log out</button></form></p>`
    : `<form method="post" action="/login"><b>Log in</b> <input name="name" placeholder="name" aria-label="name" autocomplete="username" required>` +
      `<input name="password" type="password" placeholder="password" aria-label="password" autocomplete="current-password" required><button>Log in</button></form>` +
      `<form method="post" action="/register"><b>New player</b> <input name="name" placeholder="name" aria-label="name" autocomplete="username" required>` +
      `<input name="password" type="password" placeholder="password (8 or more)" aria-label="password" autocomplete="new-password" required><button>Register</button></form>`;
  const problem = view.problem ? `<p class="problem">${escapeHtml(view.problem)}</p>` : "";
  const live = view.live.map((g) =>
    cells([
      `<a href="/watch/${encodeURIComponent(g.player)}">${escapeHtml(g.player)}</a>`,
      g.depth,
      g.level,
      g.turns,
      `${Math.floor(g.idleMs / 60000)} min`,
      g.watchers,
    ])
  );
  const scores = view.scores.map((s, k) =>
    cells([k + 1, escapeHtml(s.player), s.score, s.depth, s.level, s.turns, escapeHtml(s.outcome)])
  );
  return page(
    "Delve",
    `<h1>Delve</h1>${problem}${who}` +
      `<h2>Live games</h2><table><thead><tr><th>player</th><th>depth</th><th>level</th><th>turns</th>` +
      `<th>idle</th><th>watchers</th></tr></thead><tbody id="live">${live.join("")}</tbody></table>` +
      `<h2>High scores</h2><table><thead><tr><th></th><th>player</th><th>score</th><th>depth</th>` +
      `<th>level</th><th>turns</th><th>how it ended</th></tr></thead><tbody>${
        scores.join("")
      }</tbody></table>` +
      `<h2>Finished games</h2>${finishedTable(view.finished)}<p><a href="/games">Every finished game</a></p>`,
    ["/assets/lobby.js"],
  );
}

/** A time as the pages show it: UTC as written, which the page's script shows in the reader's time. */
function timeCell(iso: string): string {
  const text = iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "";
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(text)}</time>`;
}

/** Finished games as a table with its header. */
function finishedTable(rows: readonly FinishedRow[]): string {
  const body = rows.map((g) =>
    cells([
      escapeHtml(g.player),
      escapeHtml(g.outcome),
      g.depth,
      g.level,
      g.turns,
      timeCell(g.endedAt),
      g.morgue ? `<a href="/games/${encodeURIComponent(g.id)}/morgue">morgue</a>` : "",
      g.replay ? `<a href="/games/${encodeURIComponent(g.id)}/replay?speed=10">replay</a>` : "",
    ])
  );
  if (body.length === 0) body.push(`<tr><td colspan="8">No game has finished yet.</td></tr>`);
  return `<table class="finished"><thead><tr><th>player</th><th>how it ended</th><th>depth</th><th>level</th>` +
    `<th>turns</th><th>ended</th><th></th><th></th></tr></thead><tbody>${body.join("")}</tbody></table>`;
}

/** Page `n` (from 1) of the finished games, newest first, with links to the pages either side. */
export function finishedPage(rows: readonly FinishedRow[], n: number, more: boolean): string {
  const links = [
    n > 1 ? `<a href="/games?page=${n - 1}" rel="prev">Newer</a>` : "",
    more ? `<a href="/games?page=${n + 1}" rel="next">Older</a>` : "",
  ].filter(Boolean).join(" · ");
  return page(
    "Delve: finished games",
    `<h1>Finished games</h1><p><a href="/">Lobby</a> · page ${n}</p>${finishedTable(rows)}<p>${links}</p>`,
    ["/assets/lobby.js"],
  );
}

/** The speeds a finished game's replay page offers, in commands a second. */
export const REPLAY_SPEEDS = [2, 10, 30, 100] as const;

/** A replay page's controls: pause, the speed, and a turn to go to; none restarts the showing. */
function replayControls(): string {
  const options = REPLAY_SPEEDS.map((n) => `<option value="${n}">${n}</option>`).join("");
  return ` · <span id="replay-controls"><button type="button" id="pause">Pause</button> ` +
    `<label>speed <select id="speed">${options}</select></label> ` +
    `<label>turn <input id="turn" type="number" min="0" step="1" inputmode="numeric"></label>` +
    `<button type="button" id="seek">Go</button></span>`;
}

/** The on-screen keys of the play page: each sends what the key it stands for sends. */
const PAD: readonly (readonly [label: string, sends: string, name: string])[] = [
  ["↖", "\x1b[H", "north-west"],
  ["↑", "\x1b[A", "north"],
  ["↗", "\x1b[5~", "north-east"],
  ["←", "\x1b[D", "west"],
  ["·", ".", "wait"],
  ["→", "\x1b[C", "east"],
  ["↙", "\x1b[F", "south-west"],
  ["↓", "\x1b[B", "south"],
  ["↘", "\x1b[6~", "south-east"],
  ["g", "g", "pick up"],
  ["i", "i", "inventory"],
  [">", ">", "stairs down"],
  ["<", "<", "stairs up"],
  ["Esc", "\x1b", "escape"],
  ["Enter", "\r", "enter"],
];

/** The on-screen keys, for a screen without a keyboard. */
function padHtml(): string {
  const button = ([label, sends, name]: (typeof PAD)[number]) =>
    `<button type="button" data-send="${
      escapeHtml(JSON.stringify(sends))
    }" aria-label="${name}" title="${name}">` +
    `${escapeHtml(label)}</button>`;
  return `<div id="pad"><div class="moves">${PAD.slice(0, 9).map(button).join("")}</div>` +
    `<div class="actions">${PAD.slice(9).map(button).join("")}</div></div>`;
}

/**
 * The play page, the watch page of `player` (their game, whichever it is),
 * or the replay page of finished game `id`.
 */
export function gamePage(mode: "play" | "watch" | "replay", title: string, id = "", player = ""): string {
  const speeds = mode !== "replay" ? "" : replayControls();
  const watchers = mode === "play" ? ` <span id="watchers" class="watchers"></span>` : "";
  return page(
    title,
    `<main id="game" data-mode="${mode}" data-game="${escapeHtml(id)}" data-player="${escapeHtml(player)}">` +
      `<div class="bar"><a href="/">Lobby</a> · ${
        escapeHtml(title)
      }${speeds}${watchers} <span id="notice" class="notice"></span></div>` +
      `<div id="terminal"></div>${mode === "play" ? padHtml() : ""}</main>`,
    ["/assets/xterm.js", "/assets/addon-fit.js", "/assets/play.js"],
  );
}

/** A refusal as a page: its status's words and one line. */
export function problemPage(line: string): string {
  return page(
    "Delve",
    `<h1>Delve</h1><p class="problem">${escapeHtml(line)}</p><p><a href="/">Lobby</a></p>`,
  );
}
