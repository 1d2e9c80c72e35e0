/**
 * Gzip inflated as a stream with a limit on what comes out: a few megabytes
 * of gzip can hold gigabytes, and inflating such a "bomb" whole takes
 * seconds and gigabytes of memory before anything can look at it.
 *
 * @module
 */

/** Gzip's bytes in slices this small: deflate inflates at most ~1,032 to 1, so ~4 MB comes out per slice. */
const SLICE_BYTES = 4096;

/** What inflating found. */
export type Gunzipped =
  /** The inflated bytes, in the pieces they came in (none kept when each was handed on as it came). */
  | { readonly kind: "inflated"; readonly chunks: readonly Uint8Array[]; readonly size: number }
  /** Not whole gzip data: damaged, cut short, or something else. */
  | { readonly kind: "not_gzip" }
  /** It inflates to more than `limit` bytes; inflating stopped there. */
  | { readonly kind: "too_large"; readonly limit: number };

/**
 * Inflates the gzip `data`, stopping as soon as more than `maxBytes` came
 * out. With `take`, each piece is handed to it as it comes and not kept (a
 * piece `take` throws on ends the inflating, the error thrown on).
 */
export async function gunzipBounded(
  data: Uint8Array<ArrayBuffer>,
  maxBytes: number,
  take?: (chunk: Uint8Array) => void,
): Promise<Gunzipped> {
  let at = 0;
  // Pulled a slice at a time, only as the inflated side is read: nothing piles up in between.
  const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (at >= data.length) return controller.close();
      controller.enqueue(data.subarray(at, at + SLICE_BYTES));
      at += SLICE_BYTES;
    },
  }, { highWaterMark: 0 });
  const reader = source.pipeThrough(new DecompressionStream("gzip")).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      return { kind: "not_gzip" };
    }
    const { done, value } = read;
    if (done) return { kind: "inflated", chunks, size };
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { kind: "too_large", limit: maxBytes };
    }
    if (!take) chunks.push(value);
    else {
      try {
        take(value);
      } catch (e) {
        await reader.cancel().catch(() => {});
        throw e;
      }
    }
  }
}
