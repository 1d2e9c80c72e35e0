// The play, watch and replay pages: a browser terminal joined to a game over a
// WebSocket (docs/server.md, Messages). Playing, keys go to the game and the
// terminal follows the window's size; watching, nothing is sent and the
// terminal takes the game's size. A watch page follows its player across
// games: when the game ends or the player leaves, it waits and joins the next.
"use strict";
(() => {
  const main = document.getElementById("game");
  const notice = document.getElementById("notice");
  const watchersLine = document.getElementById("watchers");
  const box = document.getElementById("terminal");
  const mode = main.dataset.mode;
  const playing = mode === "play";
  // The game needs 80 columns: the font is as large as lets them fit, up to the usual size.
  const fontFor = (width) => Math.max(5, Math.min(15, Math.floor(width / (80 * 0.61))));
  const term = new globalThis.Terminal({
    convertEol: false,
    cursorBlink: false,
    disableStdin: !playing,
    fontFamily: "monospace",
    fontSize: fontFor(box.clientWidth),
    scrollback: 0,
  });
  const fit = new globalThis.FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(box);
  // A finished game's morgue and replay addresses, as the game-over window shows them, open their pages.
  term.registerLinkProvider({
    provideLinks(y, callback) {
      const text = term.buffer.active.getLine(y - 1)?.translateToString(true) ?? "";
      const links = [];
      for (const m of text.matchAll(/\/games\/[A-Za-z0-9_-]{16}\/(morgue|replay)/g)) {
        links.push({
          range: { start: { x: m.index + 1, y }, end: { x: m.index + m[0].length, y } },
          text: m[0],
          activate: () => globalThis.open(m[0], "_blank", "noopener"),
        });
      }
      callback(links);
    },
  });
  const game = encodeURIComponent(main.dataset.game);
  const where = playing
    ? "/ws/play"
    : mode === "replay"
    ? `/ws/replay/${game}${location.search}`
    : `/ws/watch/${game}`;
  let socket;
  const send = (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const resize = () => {
    if (!playing) return;
    const size = fontFor(box.clientWidth);
    if (term.options.fontSize !== size) term.options.fontSize = size;
    fit.fit();
    send({ type: "resize", columns: term.cols, rows: term.rows });
  };
  /** Watching: the player is not playing now; try again shortly (their next game, at the same address). */
  const waitForPlayer = () => setTimeout(connect, 3000);
  const connect = () => {
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${where}`);
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      notice.textContent = mode === "watch" ? `Watching ${main.dataset.player}.` : "";
      resize();
      if (playing) term.focus();
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "output") term.write(message.data);
      else if (message.type === "size") term.resize(message.columns, message.rows);
      else if (message.type === "notice") notice.textContent = message.text;
      else if (message.type === "watchers" && watchersLine) {
        watchersLine.textContent = message.count === 0 ? "" : `${message.count} watching`;
      }
    });
    socket.addEventListener("close", (event) => {
      // Delve was left from its title: the player goes back to the lobby, as a terminal goes back to its shell.
      if (playing && event.code === 4000) return location.assign("/");
      if (mode === "watch") {
        notice.textContent = (opened && event.reason) ||
          `${main.dataset.player} is not playing now: this page shows their game when they play.`;
        return waitForPlayer();
      }
      notice.textContent = event.reason || "The connection is closed. Reload the page to come back.";
    });
  };
  connect();
  if (playing) {
    // A click that focuses the terminal only focuses it: its press and release do not reach the game.
    let swallowClick = false;
    box.addEventListener("mousedown", () => (swallowClick = document.activeElement !== term.textarea), true);
    const isClick = (data) => {
      // An SGR mouse report: ESC [ < button ; x ; y M (press) or m (release); 32 is motion, 64 the wheel.
      const m = data.startsWith("\x1b[<") ? /^(\d+);\d+;\d+[Mm]$/.exec(data.slice(3)) : null;
      return m !== null && (Number(m[1]) & 96) === 0;
    };
    term.onData((data) => {
      if (swallowClick && isClick(data)) return;
      // A paste is not typing: hundreds of keys at once would play hundreds of turns.
      if (data.length > 16 && !data.startsWith("\x1b")) {
        notice.textContent = "Pasting is off: type the keys.";
        return;
      }
      send({ type: "input", data });
    });
    term.attachCustomKeyEventHandler((event) => {
      // Tab leaves the terminal for the page's next control, as it does everywhere on a page.
      if (event.key === "Tab" && !event.ctrlKey && !event.altKey) return false;
      // Ctrl-C copies, as in any page: the game never sees it.
      if (event.ctrlKey && (event.key === "c" || event.key === "C")) return false;
      return true;
    });
    for (const button of document.querySelectorAll("#pad button")) {
      button.addEventListener("click", () => {
        send({ type: "input", data: JSON.parse(button.dataset.send) });
      });
    }
    globalThis.addEventListener("resize", resize);
  }
  if (mode === "replay") {
    // The showing's controls: each change is sent whole, and the showing takes it as it goes.
    const pause = document.getElementById("pause");
    const speed = document.getElementById("speed");
    const turn = document.getElementById("turn");
    const asked = new URLSearchParams(location.search).get("speed");
    if ([...speed.options].some((o) => o.value === asked)) speed.value = asked;
    let paused = false;
    const control = (seek) => {
      const message = { type: "replay", paused, speed: Number(speed.value) };
      if (seek !== undefined) message.turn = seek;
      send(message);
    };
    pause.addEventListener("click", () => {
      paused = !paused;
      pause.textContent = paused ? "Play" : "Pause";
      control();
    });
    speed.addEventListener("change", () => control());
    const seek = () => {
      const n = Number(turn.value);
      if (Number.isInteger(n) && n >= 0) control(n);
    };
    document.getElementById("seek").addEventListener("click", seek);
    turn.addEventListener("keydown", (event) => event.key === "Enter" && seek());
  }
  globalThis.delve = {
    term,
    get socket() {
      return socket;
    },
  };
})();
