/**
 * The memory of a tree of processes, as the system counts it: for every
 * descendant of a process, its resident set (RSS) and its proportional set
 * (PSS: each page shared by n processes counted 1/n in each, so the PSS of
 * processes adds up to the memory they hold between them, where their RSS
 * counts a page of the Deno binary once in each), from
 * `/proc/PID/smaps_rollup`, and how many Web Workers run in it (Deno names
 * a worker's thread `worker-N`). Read through `sh`: Deno lets a program
 * read /proc only with every permission, and the bench runs with fewer.
 *
 * @module
 */

/** One process of the tree, as sampled. */
export interface ProcessMemory {
  readonly pid: number;
  /** Its command line, arguments joined by spaces. */
  readonly command: string;
  /** Resident set and proportional set, bytes. */
  readonly rss: number;
  readonly pss: number;
  /** Threads named as Deno names a Web Worker's. */
  readonly workers: number;
}

/**
 * Every process below `root`, then each one's memory: `ppid` from each
 * `/proc/N/stat` (after the command's name, which may hold spaces), shell
 * built-ins only, so a sample forks little beside the processes it counts.
 */
const SAMPLE_SCRIPT = `root=$1
pairs=""
for d in /proc/[0-9]*; do
  { read -r s < "$d/stat"; } 2>/dev/null || continue
  set -- \${s##*) }
  pairs="$pairs \${d#/proc/}:$2"
done
tree=" $root "
grown=1
while [ $grown = 1 ]; do
  grown=0
  for p in $pairs; do
    case "$tree" in *" \${p#*:} "*) case "$tree" in *" \${p%:*} "*) ;; *) tree="$tree\${p%:*} "; grown=1;; esac;; esac
  done
done
for pid in $tree; do
  [ "$pid" = "$root" ] && continue
  rss=""; pss=""; workers=0
  { while read -r k v _; do case $k in Rss:) rss=$v;; Pss:) pss=$v;; esac; done < /proc/$pid/smaps_rollup; } 2>/dev/null
  for t in /proc/$pid/task/*/comm; do
    { read -r c < "$t"; } 2>/dev/null && case $c in worker-*) workers=$((workers + 1));; esac
  done
  command=$(tr '\\0' ' ' < /proc/$pid/cmdline 2>/dev/null)
  [ -n "$pss" ] && echo "$pid|$rss|$pss|$workers|$command"
done`;

/** The processes below `root` (not `root` itself) with their memory now; a process gone meanwhile is left out. */
export async function sampleTree(root: number): Promise<ProcessMemory[]> {
  const out = await new Deno.Command("sh", {
    args: ["-c", SAMPLE_SCRIPT, "sh", String(root)],
    stdout: "piped",
    stderr: "null",
  }).output();
  const lines = new TextDecoder().decode(out.stdout).split("\n").filter(Boolean);
  return lines.map((line) => {
    const [pid, rss, pss, workers, ...command] = line.split("|");
    return {
      pid: Number(pid),
      rss: Number(rss) * 1024,
      pss: Number(pss) * 1024,
      workers: Number(workers),
      command: command.join("|").trim(),
    };
  });
}
