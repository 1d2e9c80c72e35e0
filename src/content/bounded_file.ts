/**
 * The bytes of a file Delve did not write itself (or that someone may have
 * replaced), read so that no file can hang or swamp the game: only regular
 * files are read (a named pipe would block for ever, a link to /dev/zero
 * never ends, a folder is not data), and never more than a stated number
 * of bytes, counted as they arrive (files in /proc report size 0).
 *
 * @module
 */
import { constants, type Stats } from "node:fs";
import { type FileHandle, lstat, open, stat } from "node:fs/promises";

/** Why a file's bytes were not read. */
export type FileRefusal =
  | { readonly kind: "missing" }
  /** `found` says what is there instead: "a folder", "a named pipe (FIFO)", "a link to a character device"… */
  | { readonly kind: "not_file"; readonly found: string }
  /** More than `limit` bytes; `size` when the file said how large it is. */
  | { readonly kind: "too_large"; readonly limit: number; readonly size?: number }
  /** The system would not give the bytes; `reason` says why in a few words. */
  | { readonly kind: "os"; readonly reason: string };

/** A file's bytes, or why they were not read. */
export type FileBytes = { readonly kind: "bytes"; readonly bytes: Uint8Array<ArrayBuffer> } | FileRefusal;

/** Read this much at a time, so that an endless file is refused as soon as it passes its limit. */
const CHUNK_BYTES = 64 * 1024;

/** Opening a named pipe for reading waits for a writer unless told not to (0 where there is no such flag). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * What Deno's refusal to touch a device or system path is, in Delve's
 * words: Deno opens what lies under /dev, /proc or /sys only for a program
 * granted everything (`--allow-all`), and says so in its own; Delve asks
 * for no such grant, so it is not a file for Delve.
 */
export const SYSTEM_PATH = "a device or system path, which Delve may not open";

/** Whether `e` is Deno's refusal of a device or system path ({@link SYSTEM_PATH}). */
export function isSystemPathRefusal(e: unknown): boolean {
  return e instanceof Deno.errors.NotCapable;
}

/** What a file that is not a regular file is, in words. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return "a folder";
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "something other than a regular file";
}

/** An OS error in a few words: "permission denied", "too many symbolic links encountered"… */
function osReason(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return /^E[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message.split("\n")[0];
}

function isMissing(e: unknown): boolean {
  return e instanceof Deno.errors.NotFound || (e as { code?: string } | null)?.code === "ENOENT";
}

/**
 * The bytes of the regular file at `path` if there are at most `maxBytes`
 * of them. Anything else is refused before it is opened where the path
 * says what it is (a link is followed, and named by what it leads to), and
 * again once open, so a file swapped in between is refused too.
 */
export async function readBoundedFile(path: string | URL, maxBytes: number): Promise<FileBytes> {
  let handle: FileHandle;
  try {
    const info = await stat(path);
    if (!info.isFile()) {
      const link = (await lstat(path)).isSymbolicLink() ? "a link to " : "";
      return { kind: "not_file", found: link + kindOf(info) };
    }
    if (info.size > maxBytes) return { kind: "too_large", limit: maxBytes, size: info.size };
    handle = await open(path, OPEN_FLAGS);
  } catch (e) {
    if (isSystemPathRefusal(e)) return { kind: "not_file", found: SYSTEM_PATH };
    return isMissing(e) ? { kind: "missing" } : { kind: "os", reason: osReason(e) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: "not_file", found: kindOf(info) };
    return await readUpTo(handle, maxBytes, info.size);
  } catch (e) {
    return { kind: "os", reason: osReason(e) };
  } finally {
    await handle.close();
  }
}

/** Reads `handle` to its end, refusing as soon as more than `maxBytes` came; `size` is what it claims to hold. */
async function readUpTo(handle: FileHandle, maxBytes: number, size: number): Promise<FileBytes> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (;;) {
    // All the file says it holds at once, else a chunk; one byte past the limit is enough to refuse.
    const want = Math.min(Math.max(CHUNK_BYTES, size + 1 - total), maxBytes + 1 - total);
    const buffer = new Uint8Array(want);
    const { bytesRead } = await handle.read(buffer, 0, want, null);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (total > maxBytes) return { kind: "too_large", limit: maxBytes };
  }
  if (chunks.length === 1) return { kind: "bytes", bytes: chunks[0] };
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { kind: "bytes", bytes };
}
