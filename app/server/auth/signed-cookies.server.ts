/**
 * Reading a request's cookies: the raw value, and signed cookies (the session, the bag) checked once per
 * value. Services read them (the session and the bag live in cookies); answering with one is server/http's.
 */
import type { Cookie } from "react-router";

/** How many verified values each signed cookie remembers: a busy hour's visitors, a few hundred kB at most. */
const VERIFIED_KEPT = 2_000;

/**
 * Reads a signed cookie (React Router's `createCookie`, made on first use) and remembers what its signature check gave for that exact
 * value: checking an HMAC is most of what reading the bag or the session cookie costs, and every step of a booking
 * reads the bag several times. The same string always verifies the same way under the same secret, so a kept answer
 * is the answer; a forged value is checked once and kept as null.
 */
export function verifiedCookieReader(cookieOf: () => Cookie) {
  const verified = new Map<string, Promise<unknown>>();
  return (request: Request): Promise<unknown> => {
    const cookie = cookieOf();
    const raw = rawCookie(request, cookie.name);
    if (raw === undefined) return Promise.resolve(null);
    let value = verified.get(raw);
    if (!value) {
      value = cookie.parse(`${cookie.name}=${raw}`);
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
      verified.set(raw, value);
    }
    return value;
  };
}

/** The cookie's value as sent, still encoded. */
export function rawCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
