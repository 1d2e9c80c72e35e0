/**
 * The files the pages load, each at a fixed address: xterm.js and its fit
 * addon from their installed packages (no CDN: the pages need no network but
 * the server), and Delve's own scripts and style. No address reaches the
 * file system, so no path in a request can lead out of this list.
 *
 * @module
 */
import xtermScript from "@xterm/xterm/lib/xterm.js" with { type: "text" };
import xtermStyle from "@xterm/xterm/css/xterm.css" with { type: "text" };
import fitScript from "@xterm/addon-fit/lib/addon-fit.js" with { type: "text" };
import lobbyScript from "./client/lobby.js" with { type: "text" };
import playScript from "./client/play.js" with { type: "text" };
import style from "./client/style.css" with { type: "text" };

/** A file served as is. */
export interface Asset {
  readonly body: string;
  readonly type: string;
}

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";

/** Every asset by its address. */
export const ASSETS: ReadonlyMap<string, Asset> = new Map([
  ["/assets/xterm.js", { body: xtermScript, type: JS }],
  ["/assets/xterm.css", { body: xtermStyle, type: CSS }],
  ["/assets/addon-fit.js", { body: fitScript, type: JS }],
  ["/assets/lobby.js", { body: lobbyScript, type: JS }],
  ["/assets/play.js", { body: playScript, type: JS }],
  ["/assets/style.css", { body: style, type: CSS }],
]);
