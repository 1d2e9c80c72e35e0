/**
 * A bench player's account: registered on the server under test, its
 * session cookie given back for the player's sockets.
 *
 * @module
 */

/**
 * Tries a registration whose connection was closed unread (the server
 * taking no more connections that second, a crowd at its door) takes
 * before it gives up: a person would press the button again.
 */
const TRIES = 10;

/** Registers `name` with `password` at `origin`; the session cookie (`name=value`) it was given. */
export async function registeredCookie(origin: string, name: string, password: string): Promise<string> {
  for (let tried = 1;; tried++) {
    let response: Response;
    try {
      response = await fetch(`${origin}/register`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name, password }),
        redirect: "manual",
      });
    } catch (error) {
      // A connection closed without an answer (fetch's TypeError): again in a second.
      if (!(error instanceof TypeError) || tried === TRIES) throw error;
      await new Promise((again) => setTimeout(again, 1000));
      continue;
    }
    await response.body?.cancel();
    const cookie = response.headers.get("set-cookie");
    if (cookie === null) {
      throw new Error(`registering ${name} at ${origin}: no session cookie (${response.status})`);
    }
    return cookie.split(";")[0];
  }
}
