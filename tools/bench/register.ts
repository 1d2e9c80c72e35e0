/**
 * A bench player's account: registered on the server under test, its
 * session cookie given back for the player's sockets.
 *
 * @module
 */

/** Registers `name` with `password` at `origin`; the session cookie (`name=value`) it was given. */
export async function registeredCookie(origin: string, name: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name, password }),
    redirect: "manual",
  });
  await response.body?.cancel();
  const cookie = response.headers.get("set-cookie");
  if (cookie === null) {
    throw new Error(`registering ${name} at ${origin}: no session cookie (${response.status})`);
  }
  return cookie.split(";")[0];
}
