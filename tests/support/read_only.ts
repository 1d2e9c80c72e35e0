/** Read-only folders for the tests, even for root (who ignores a folder's mode). */

/** Makes `dir` read-only even for root (an immutable folder); returns the undo. */
export async function readOnly(dir: string): Promise<() => Promise<void>> {
  const asRoot = Deno.uid() === 0;
  const run = (args: string[]) => new Deno.Command(args[0], { args: args.slice(1) }).output();
  if (asRoot) await run(["chattr", "+i", dir]);
  else await Deno.chmod(dir, 0o555);
  const undo = async () => {
    if (asRoot) await run(["chattr", "-i", dir]);
    else await Deno.chmod(dir, 0o755);
  };
  const writable = await Deno.writeTextFile(`${dir}/probe`, "").then(() => true, () => false);
  if (writable) {
    await undo();
    throw new Error(`cannot make ${dir} read-only on this machine (chattr or chmod had no effect)`);
  }
  return undo;
}
