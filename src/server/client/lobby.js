// The lobby and the finished games' pages: times shown in the reader's own
// time zone, and on the lobby the live games, refreshed every two seconds
// from /lobby.json. Every name is set as text, never as markup.
"use strict";
(() => {
  // The server writes each time in UTC; the reader's browser knows where they are.
  for (const time of document.querySelectorAll("time[datetime]")) {
    const when = new Date(time.dateTime);
    if (!Number.isNaN(when.getTime())) {
      time.textContent = when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      time.title = time.dateTime;
    }
  }
  const body = document.getElementById("live");
  if (!body) return;
  const row = (cells) => {
    const tr = document.createElement("tr");
    for (const cell of cells) {
      const td = document.createElement("td");
      if (cell && cell.href) {
        const a = document.createElement("a");
        a.href = cell.href;
        a.textContent = cell.text;
        td.append(a);
      } else td.textContent = String(cell);
      tr.append(td);
    }
    return tr;
  };
  const minutes = (ms) => `${Math.floor(ms / 60000)} min`;
  const refresh = async () => {
    try {
      const lobby = await (await fetch("/lobby.json")).json();
      body.replaceChildren(
        ...lobby.live.map((g) =>
          row([
            { href: `/watch/${encodeURIComponent(g.player)}`, text: g.player },
            g.depth,
            g.level,
            g.turns,
            minutes(g.idleMs),
            g.watchers,
          ])
        ),
      );
      if (lobby.live.length === 0) {
        const none = row(["No game is being played."]);
        none.firstChild.colSpan = 6;
        body.replaceChildren(none);
      }
    } catch {
      // The next refresh tries again.
    }
  };
  refresh();
  setInterval(refresh, 2000);
})();
