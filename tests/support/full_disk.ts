/**
 * A real full disk for the tests: a folder on a tiny filesystem of its own
 * (tmpfs), filled to its last byte when asked and freed again. A write then
 * fails as on any full disk (ENOSPC), however the game opens its files.
 * Mounting needs root (as the read-only folder's `chattr` does).
 */

/** A folder on a small filesystem of its own. */
export interface SmallDisk extends AsyncDisposable {
  readonly dir: string;
  /** Takes every free byte: the next write that needs room fails with ENOSPC. */
  readonly fill: () => Promise<void>;
  /** Gives the room back. */
  readonly free: () => Promise<void>;
}

async function run(command: string, ...args: string[]): Promise<void> {
  const out = await new Deno.Command(command, { args, stdout: "null", stderr: "piped" }).output();
  if (!out.success) {
    throw new Error(`${command} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
}

/** Mounts a 1 MB tmpfs on a new temporary folder. */
export async function smallDisk(): Promise<SmallDisk> {
  const dir = await Deno.makeTempDir({ prefix: "delve-disk-" });
  try {
    await run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir);
  } catch (e) {
    await Deno.remove(dir);
    throw new Error(`a full disk is a small tmpfs, and mounting one needs root: ${(e as Error).message}`);
  }
  const filler = `${dir}/filler`;
  return {
    dir,
    fill: async () => {
      const file = await Deno.open(filler, { write: true, create: true, append: true });
      try {
        const block = new Uint8Array(4096);
        for (;;) await file.write(block);
      } catch (e) {
        if (!/No space left/.test((e as Error).message)) throw e;
      } finally {
        file.close();
      }
    },
    free: () => Deno.remove(filler),
    [Symbol.asyncDispose]: async () => {
      await run("umount", dir);
      await Deno.remove(dir, { recursive: true });
    },
  };
}
