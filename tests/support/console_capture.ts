/** What a command prints, caught instead of shown. */

/** Runs `run` with console.log and console.error caught; gives its result and the lines each got. */
export async function captureConsole<T>(
  run: () => Promise<T>,
): Promise<{ result: T; out: string[]; err: string[] }> {
  const out: string[] = [], err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (line: string) => out.push(line);
  console.error = (line: string) => err.push(line);
  try {
    return { result: await run(), out, err };
  } finally {
    [console.log, console.error] = [log, error];
  }
}
