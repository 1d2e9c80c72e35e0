/**
 * The report's page: the machine it ran on, and its rows as a Markdown
 * table.
 *
 * @module
 */

/** What `command` prints, run by `sh` (Deno reads /proc only with every permission); undefined if it fails. */
async function shell(command: string): Promise<string | undefined> {
  const out = await new Deno.Command("sh", { args: ["-c", command], stdout: "piped", stderr: "null" })
    .output().catch(() => undefined);
  return out?.success ? new TextDecoder().decode(out.stdout).trim() : undefined;
}

/** The machine, its load and the Deno the figures were measured on, a line each. */
export async function machine(): Promise<string[]> {
  const cpu = (await shell("grep -m1 '^model name' /proc/cpuinfo"))?.replace(/^[^:]*:\s*/, "");
  // Other work on the machine slows every figure: the load says how much there was.
  const load = (await shell("cat /proc/loadavg"))?.split(" ").slice(0, 3).join(" ");
  const os = /^PRETTY_NAME="?([^"\n]*)/m.exec(await Deno.readTextFile("/etc/os-release").catch(() => ""))
    ?.[1];
  const memory = (Deno.systemMemoryInfo().total / 2 ** 30).toFixed(0);
  return [
    `date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
    `machine: ${cpu ?? "unknown CPU"}, ${navigator.hardwareConcurrency} cores, ${memory} GB RAM`,
    `os: ${os ?? Deno.build.os}, kernel ${Deno.osRelease()}`,
    `load average at the start: ${load ?? "unknown"}`,
    `deno: ${Deno.version.deno} (V8 ${Deno.version.v8}, TypeScript ${Deno.version.typescript})`,
  ];
}

/** Rows as a Markdown table, columns padded as `deno fmt` pads them. */
export function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  const width = (s: string) => [...s].length;
  const widths = header.map((h, c) => Math.max(width(h), ...body.map((r) => width(r[c]))));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((s, c) => s + " ".repeat(widths[c] - width(s))).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}
