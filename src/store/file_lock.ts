/**
 * Locks between Delve programs: a lock file beside what it guards, holding
 * the id of the process that holds it, locked with the kernel's `flock`.
 * The kernel lets go of the lock when its process ends, however it ends, so
 * a lock left by a crash or `kill -9` is free by construction: no one has to
 * guess whether the process named in the file is still alive. The file
 * itself stays (removing it would let a third program lock a new file while
 * a second still waits on the old one); for the same reason a link or a
 * folder at a lock file's name is refused, never removed.
 *
 * @module
 */
import { dirname } from "node:path";
import { LOCK_SUFFIX, PlaceRefused } from "./write_paths.ts";

/** A lock file that is not a file of Delve's own (a link, a folder…): it is left as it is. */
export class LockRefused extends Error {
  override name = "LockRefused";
}

/** A lock this process holds; `release` lets it go (the end of the process does too). */
export interface HeldLock {
  readonly release: () => void;
}

/** What trying a lock found: held now, or held by another process (its id, when the file names one). */
export type LockTry =
  | { readonly kind: "held"; readonly lock: HeldLock }
  | { readonly kind: "busy"; readonly pid: number | undefined };

/** What stands at a path instead of a file, for a sentence. */
function kindOf(info: Deno.FileInfo): string {
  if (info.isSymlink) return "a symbolic link";
  if (info.isDirectory) return "a folder";
  return "not a regular file";
}

/**
 * Opens the lock file at `path` for reading and writing, making it if it is
 * missing, never through a link: a link, a folder or anything else that is
 * not a file there is refused with {@link LockRefused}, never removed (a
 * lock file swapped for a link under the Delve holding it, then removed by
 * the next, would give the lock two holders). A file swapped for a link
 * between the look and the open is noticed by its identity and looked at
 * again.
 */
async function openLockFile(path: string): Promise<Deno.FsFile> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await Deno.open(path, { read: true, write: true, createNew: true });
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    }
    let seen: Deno.FileInfo;
    try {
      seen = await Deno.lstat(path);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) continue;
      throw e;
    }
    if (!seen.isFile) {
      throw new LockRefused(`the lock file ${path} is ${kindOf(seen)}, not a file of Delve's`);
    }
    // Neither create nor truncate: opening it changes nothing, even if it is no longer the file looked at.
    const file = await Deno.open(path, { read: true, write: true });
    const opened = await file.stat();
    if (opened.dev === seen.dev && opened.ino === seen.ino) return file;
    file.close();
  }
  throw new LockRefused(`the lock file ${path} keeps changing under Delve`);
}

/** The process id a lock file holds, if it holds one. */
async function pidIn(file: Deno.FsFile): Promise<number | undefined> {
  const bytes = new Uint8Array(32);
  const read = await file.read(bytes);
  const text = new TextDecoder().decode(bytes.subarray(0, read ?? 0)).trim();
  return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

/**
 * Tries to take the lock at `path` without waiting. Held, the file is
 * rewritten to name this process; busy, it names the process holding it.
 */
export async function tryLock(path: string): Promise<LockTry> {
  const file = await openLockFile(path);
  try {
    if (!(await file.tryLock(true))) {
      const pid = await pidIn(file);
      file.close();
      return { kind: "busy", pid };
    }
    // The id only tells who holds the lock; on a full disk the lock holds without it.
    await file.truncate(0).then(() => file.write(new TextEncoder().encode(`${Deno.pid}\n`))).catch(() => {});
  } catch (e) {
    file.close();
    throw e;
  }
  let held = true;
  return {
    kind: "held",
    lock: {
      release: () => {
        if (!held) return;
        held = false;
        // Closing the file lets go of its lock.
        file.close();
      },
    },
  };
}

/** How long {@link withLock} waits for another program to finish with the lock. */
const WAIT_MS = 5000;
/** How often it looks again meanwhile. */
const POLL_MS = 10;

/**
 * Runs `change` holding the lock at `path`, waiting (up to a few seconds)
 * while another program holds it; throws, naming that program, if it
 * never lets go.
 */
export async function withLock<T>(path: string, change: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const tried = await tryLock(path);
    if (tried.kind === "held") {
      try {
        return await change();
      } finally {
        tried.lock.release();
      }
    }
    if (Date.now() >= deadline) {
      const by = tried.pid === undefined ? "another program" : `process ${tried.pid}`;
      throw new Error(`${path} stayed locked by ${by}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Locks the save for as long as this program runs (the lock goes with the
 * process). Resolves to who holds it when another Delve does. Only a folder
 * Delve may not write in (read-only) goes on without a lock, as the game did
 * before locks: there every save fails, and says so. Anything else that
 * keeps the lock from being taken (a folder or a link at its name) is
 * refused with {@link PlaceRefused}: two Delves on one save would overwrite
 * each other's games.
 */
export async function lockSave(
  savePath: string,
): Promise<{ readonly lock?: HeldLock; readonly inUse?: { readonly pid: number | undefined } }> {
  const path = `${savePath}${LOCK_SUFFIX}`;
  try {
    // Made only when missing: where only the save's own files are granted, the folder itself is not.
    const folder = dirname(savePath);
    if (!(await Deno.lstat(folder).then(() => true, () => false))) {
      await Deno.mkdir(folder, { recursive: true });
    }
    const tried = await tryLock(path);
    return tried.kind === "held" ? { lock: tried.lock } : { inUse: { pid: tried.pid } };
  } catch (e) {
    if (e instanceof Deno.errors.PermissionDenied || (e as { code?: string }).code === "EROFS") return {};
    throw new PlaceRefused(
      e instanceof LockRefused
        ? `cannot lock the save: ${e.message}; remove it, or give --save another path`
        : `cannot lock the save: ${(e as Error).message}`,
    );
  }
}
