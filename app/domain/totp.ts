/**
 * Time-based one-time passwords (RFC 6238 on RFC 4226), as authenticator apps compute them: HMAC-SHA-1,
 * 30-second steps, 6 digits, and one step of clock drift either way. Base32 (RFC 4648) for the secret as
 * apps take it. Pure computation, no state: which step was used last is the server's business.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone clock a little off still works. */
const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 block-friendly size RFC 4226 recommends. */
export const TOTP_SECRET_BYTES = 20;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 as people type it: any case, spaces and dashes between groups, padding optional. Null if invalid. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.toUpperCase().replace(/[\s-]/g, "").replace(/=+$/, "");
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

/** The time step a moment falls in. */
export function totpStep(at: Date | number, period = TOTP_PERIOD_SECONDS): number {
  const ms = typeof at === "number" ? at : at.getTime();
  return Math.floor(ms / 1000 / period);
}

/** RFC 4226 HOTP: the code of one counter value. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code an authenticator app shows at a moment. */
export function totp(
  secret: Uint8Array,
  at: Date | number,
  options: { digits?: number; algorithm?: "sha1" | "sha256" | "sha512" } = {},
): string {
  return hotp(secret, totpStep(at), options.digits ?? TOTP_DIGITS, options.algorithm ?? "sha1");
}

/** A typed code as the form posts it: digits only (spaces allowed between groups), or null. */
export function normalizeCode(input: string): string | null {
  const code = input.replace(/\s/g, "");
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? code : null;
}

/**
 * The step whose code this is, within the drift window around `at`, or null. A step at or before
 * `lastStep` never counts: a code (or an older one) that was accepted once is not accepted again.
 */
export function matchTotp(secret: Uint8Array, code: string, at: Date | number, lastStep: number | null = null): number | null {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  const now = totpStep(at);
  let found: number | null = null;
  // Compare with every step in the window, so the time taken does not tell which one matched.
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(normalized));
    if (same && (lastStep === null || step > lastStep) && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URI that authenticator apps read from a QR code (Google Authenticator's key URI format). */
export function otpauthUri(options: { issuer: string; account: string; secret: Uint8Array }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(options.secret),
    issuer: options.issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, "%20")}`;
}

/** The secret in groups of four, easier to type into an app than one long line. */
export function groupedSecret(secret: Uint8Array): string {
  return base32Encode(secret).replace(/(.{4})(?=.)/g, "$1 ");
}
