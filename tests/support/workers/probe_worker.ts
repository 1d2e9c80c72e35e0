/** Reports what this worker is allowed to do. */
const scope = self as unknown as { postMessage(m: unknown): void; onmessage: (() => void) | null };
scope.onmessage = () => {
  const attempt = (f: () => unknown) => {
    try {
      f();
      return "allowed";
    } catch (e) {
      return (e as Error).name;
    }
  };
  scope.postMessage({
    read: attempt(() => Deno.readTextFileSync("/etc/hostname")),
    env: attempt(() => Deno.env.get("HOME")),
    run: attempt(() => new Deno.Command("true").outputSync()),
  });
};
