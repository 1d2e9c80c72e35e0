/**
 * Passwords as the server keeps them: PBKDF2-SHA256 through Web Crypto, a
 * random salt for each, and only the derived key stored. Checking a password
 * derives the key again and compares it in constant time.
 *
 * @module
 */

/** PBKDF2 iterations for a new password (OWASP's figure for PBKDF2-HMAC-SHA256). */
export const PBKDF2_ITERATIONS = 600_000;

/** Bytes of random salt for each password. */
export const SALT_BYTES = 16;

/** Bytes of derived key kept. */
export const HASH_BYTES = 32;

/** The shortest password accepted, in characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** The longest password accepted, in characters. */
export const PASSWORD_MAX_LENGTH = 200;

/** Fewer iterations than this in a stored password is a damaged record, not a weaker hash. */
const FEWEST_ITERATIONS = 1;

/** More than this would let one bad record stall the server on every login. */
const MOST_ITERATIONS = 10_000_000;

/** A password as stored: the salt and derived key in base64, and the iterations that derived it. */
export interface StoredPassword {
  readonly salt: string;
  readonly hash: string;
  readonly iterations: number;
}

/**
 * Why `password` may not be chosen, as one line (its length, never the
 * password), or undefined when it may.
 */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    return `expected ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; found ${length}`;
  }
  return undefined;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** The bytes of `text`, or undefined when it is not base64. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** `password` salted and hashed for keeping. */
export async function hashPassword(password: string): Promise<StoredPassword> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return { salt: toBase64(salt), hash: toBase64(hash), iterations: PBKDF2_ITERATIONS };
}

/** True when `a` and `b` hold the same bytes; the time taken depends on their length only. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/**
 * True when `password` is the one `stored` was made from. A damaged record
 * (not base64, a key of the wrong size, iterations out of bounds) matches no
 * password.
 */
export async function verifyPassword(password: string, stored: StoredPassword): Promise<boolean> {
  const salt = fromBase64(stored.salt), expected = fromBase64(stored.hash);
  const { iterations } = stored;
  if (!salt || !expected || expected.length !== HASH_BYTES) return false;
  if (!Number.isSafeInteger(iterations) || iterations < FEWEST_ITERATIONS || iterations > MOST_ITERATIONS) {
    return false;
  }
  return sameBytes(await derive(password, salt, iterations), expected);
}
