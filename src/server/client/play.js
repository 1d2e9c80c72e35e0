// The play and watch pages: a browser terminal joined to a game over a WebSocket
// (docs/server.md, Messages). Playing, keys go to the game and the terminal
// follows the window's size; watching, nothing is sent and the terminal takes
// the game's size.
"use strict";
(() => {
  const main = document.getElementById("game");
  const notice = document.getElementById("notice");
  const watching = main.dataset.mode !== "play";
  const term = new globalThis.Terminal({
    convertEol: false,
    cursorBlink: false,
    disableStdin: watching,
    fontFamily: "monospace",
    scrollback: 0,
  });
  const fit = new globalThis.FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(document.getElementById("terminal"));
  const game = encodeURIComponent(main.dataset.game);
  const where = main.dataset.mode === "play"
    ? "/ws/play"
    : main.dataset.mode === "replay"
    ? `/ws/replay/${game}${location.search}`
    : `/ws/watch/${game}`;
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${where}`);
  const send = (message) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const resize = () => {
    if (watching) return;
    fit.fit();
    send({ type: "resize", columns: term.cols, rows: term.rows });
  };
  socket.addEventListener("open", () => {
    notice.textContent = main.dataset.mode === "watch" ? "Watching." : "";
    resize();
    term.focus();
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "output") term.write(message.data);
    else if (message.type === "size") term.resize(message.columns, message.rows);
    else if (message.type === "notice") notice.textContent = message.text;
  });
  socket.addEventListener("close", (event) => {
    notice.textContent = event.reason || "The connection is closed. Reload the page to come back.";
  });
  if (!watching) {
    term.onData((data) => send({ type: "input", data }));
    globalThis.addEventListener("resize", resize);
  }
  globalThis.delve = { term, socket };
})();
