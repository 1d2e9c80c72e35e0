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
  readonly endedAt: string;
  readonly morgue: boolean;
  readonly replay: boolean;
}

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
      `<a href="/watch/${encodeURIComponent(g.id)}">${escapeHtml(g.player)}</a>`,
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
  const finished = view.finished.map((g) =>
    cells([
      escapeHtml(g.player),
      escapeHtml(g.outcome),
      escapeHtml(g.endedAt),
      g.morgue ? `<a href="/games/${encodeURIComponent(g.id)}/morgue">morgue</a>` : "",
      g.replay ? `<a href="/games/${encodeURIComponent(g.id)}/replay?speed=10">replay</a>` : "",
    ])
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
      `<h2>Finished games</h2><table><tbody>${finished.join("")}</tbody></table>`,
    ["/assets/lobby.js"],
  );
}

/** The speeds a finished game's replay page offers, in commands a second. */
export const REPLAY_SPEEDS = [2, 10, 30, 100] as const;

/** The play page, the watch page of live game `id`, or the replay page of finished game `id`. */
export function gamePage(mode: "play" | "watch" | "replay", title: string, id = ""): string {
  const speeds = mode !== "replay" ? "" : " · speed " +
    REPLAY_SPEEDS.map((n) => `<a href="/games/${encodeURIComponent(id)}/replay?speed=${n}">${n}</a>`).join(
      " ",
    );
  return page(
    title,
    `<main id="game" data-mode="${mode}" data-game="${escapeHtml(id)}">` +
      `<div><a href="/">Lobby</a> · ${
        escapeHtml(title)
      }${speeds} <span id="notice" class="notice"></span></div>` +
      `<div id="terminal"></div></main>`,
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
