/**
 * `deno task replay FILE --floors`: a recorded game told floor by floor, to
 * set a game played by hand beside the simulator's figures
 * (docs/modding.md, Balance): how long each floor took, what it cost in HP,
 * how low the player fell, what was killed there and which items were used up.
 *
 * @module
 */
import { type Command, type GameState, playerOf, type Rules } from "../engine/mod.ts";
import { type Recording, replaySteps } from "../store/mod.ts";

/** One floor of a game, summed over every visit to it. */
export interface FloorRow {
  readonly floor: number;
  /** Turns played on the floor. */
  turns: number;
  /** HP lost on the floor, each command's loss counted (healing does not pay it back). */
  hpLost: number;
  /** The most HP lost to one command (a turn of blows, or a walk's last step). */
  worstCommand: number;
  /** The lowest HP the player stood at there. */
  lowestHp: number;
  /** Monsters killed there, as the game's chronicle counts them. */
  kills: number;
  /** Items used up there, by name, with how many. */
  readonly used: Map<string, number>;
}

/** The name of the item a `use` command takes, as the state finds it (none for any other command). */
function usedItem(state: GameState, command: Command): string | undefined {
  if (!("act" in command) || command.act.type !== "use") return undefined;
  const item = playerOf(state).inventory?.items[command.act.item];
  return item?.item?.effect ? item.name : undefined;
}

/** The rows of `recording`'s floors, in order of depth; checked as it plays (see {@link replaySteps}). */
export function floorRows(recording: Recording, rules: Rules): FloorRow[] {
  const rows = new Map<number, FloorRow>();
  const rowOf = (floor: number, hp: number): FloorRow => {
    let row = rows.get(floor);
    if (!row) {
      row = { floor, turns: 0, hpLost: 0, worstCommand: 0, lowestHp: hp, kills: 0, used: new Map() };
      rows.set(floor, row);
    }
    return row;
  };
  let before = { floor: 0, turn: 0, hp: 0, item: undefined as string | undefined };
  const steps = replaySteps(recording, rules, (state, command) => {
    before = { floor: state.floor, turn: state.turn, hp: playerOf(state).fighter?.hp ?? 0, item: undefined };
    before.item = usedItem(state, command);
  });
  let last: GameState | undefined;
  for (let step = steps.next(); !step.done; step = steps.next()) {
    const state = step.value;
    last = state;
    const hp = playerOf(state).fighter?.hp ?? 0;
    const row = rowOf(before.floor, before.hp);
    row.turns += state.turn - before.turn;
    const lost = Math.max(0, before.hp - hp);
    row.hpLost += lost;
    row.worstCommand = Math.max(row.worstCommand, lost);
    row.lowestHp = Math.min(row.lowestHp, hp);
    // A use that took: the pack holds one less of it (a wand, a charge less, is counted too).
    if (before.item !== undefined && state.turn !== before.turn) {
      row.used.set(before.item, (row.used.get(before.item) ?? 0) + 1);
    }
  }
  // The chronicle counts floor n's kills at index n - 1.
  for (const [index, kills] of (last?.chronicle.killsByFloor ?? []).entries()) {
    if (kills > 0) rowOf(index + 1, 0).kills = kills;
  }
  return [...rows.values()].filter((r) => r.floor > 0).sort((a, b) => a.floor - b.floor);
}

/** `rows` as a plain-text table, one line a floor, with its header. */
export function floorTable(rows: readonly FloorRow[]): string {
  const header = ["floor", "turns", "HP lost", "worst", "lowest HP", "kills", "items used"];
  const lines = rows.map((r) => [
    String(r.floor),
    String(r.turns),
    String(r.hpLost),
    String(r.worstCommand),
    String(r.lowestHp),
    String(r.kills),
    [...r.used].map(([name, n]) => `${n} ${name}`).join(", ") || "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ");
  return [format(header), ...lines.map(format)].join("\n");
}
