/**
 * A server process of `deno task serve` for the tests and the bench: a free
 * port to give it, and its stderr read until it says it listens.
 *
 * @module
 */

/** A loopback port free at the moment. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/**
 * Reads `child`'s stderr until the server says it listens (throws if it
 * ends first), then keeps reading; resolves to `said`, a promise of
 * everything it said, settled when its stderr ends, and `heard`, what it
 * has said so far. (Wrapped: an async function that returned the promise
 * itself would wait for it.)
 */
export async function untilListening(
  child: Deno.ChildProcess,
): Promise<{ said: Promise<string>; heard: () => string }> {
  const lines = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let said = "";
  while (!said.includes("listening on")) {
    const { done, value } = await lines.read();
    if (done) throw new Error(`the server never listened: ${said}`);
    said += value;
  }
  const rest = async () => {
    for (;;) {
      const { done, value } = await lines.read();
      if (done) return said;
      said += value;
    }
  };
  return { said: rest(), heard: () => said };
}
