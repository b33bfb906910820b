/**
 * Two-factor sign-in with an authenticator app (TOTP, domain/totp). The secret is kept encrypted with
 * AES-256-GCM under a key that is not in the database (TOTP_ENCRYPTION_KEY, or one generated into
 * DATA_DIR), bound to its user: a copied row or database dump does not give away anyone's codes. Each
 * accepted code moves users.totp_last_step forward in one conditional update, so the same code, even sent
 * twice at the same moment, opens one session at most.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import { groupedSecret, matchTotp, otpauthUri, TOTP_SECRET_BYTES } from "../../domain/totp";
import { getConfig } from "../config.server";
import { getDb } from "../db/client.server";
import { users } from "../db/schema";
import { dataDirSecret } from "../secrets.server";

const FORMAT = "v1";

let key: Buffer | undefined;
/** 32 bytes derived from the configured (or generated) key text, whatever its length or encoding. */
function encryptionKey(): Buffer {
  key ??= Buffer.from(
    hkdfSync("sha256", dataDirSecret("totp-encryption-key", getConfig().TOTP_ENCRYPTION_KEY), "", "dolomiti-rent totp secret v1", 32),
  );
  return key;
}

/** `v1.{iv}.{ciphertext}.{tag}` (base64url), with the user id as associated data. */
export function encryptTotpSecret(secret: Uint8Array, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [FORMAT, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret, or null when the text was not made by this key for this user. */
export function decryptTotpSecret(stored: string, userId: string): Uint8Array | null {
  const [format, iv, ciphertext, tag] = stored.split(".");
  if (format !== FORMAT || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]));
  } catch {
    return null;
  }
}

async function totpState(userId: string) {
  const [row] = await getDb()
    .select({ email: users.email, secret: users.totpSecret, enabledAt: users.totpEnabledAt, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Starts (or starts over) the setup: a new secret, kept but not yet in force. Does nothing once TOTP is on. */
export async function startTotpSetup(userId: string): Promise<void> {
  const secret = randomBytes(TOTP_SECRET_BYTES);
  await getDb()
    .update(users)
    .set({ totpSecret: encryptTotpSecret(secret, userId), totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/** Drops a setup that was started but not confirmed. */
export async function cancelTotpSetup(userId: string): Promise<void> {
  await getDb()
    .update(users)
    .set({ totpSecret: null, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

export type TotpSetup = { qr: string; uri: string; secret: string };

/** What the setup screen shows while a secret waits for its first code: QR code, otpauth URI and the secret as text. */
export async function pendingTotpSetup(userId: string, issuer: string): Promise<TotpSetup | null> {
  const state = await totpState(userId);
  if (!state?.secret || state.enabledAt) return null;
  const secret = decryptTotpSecret(state.secret, userId);
  if (!secret) return null;
  const uri = otpauthUri({ issuer, account: state.email, secret });
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { qr, uri, secret: groupedSecret(secret) };
}

/** Moves the last used step forward to `step`, unless another request got there first. */
async function claimStep(userId: string, step: number, enable: boolean): Promise<boolean> {
  const claimed = await getDb()
    .update(users)
    .set(enable ? { totpLastStep: step, totpEnabledAt: new Date() } : { totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        // Turning it on happens once; a sign-in code needs it on.
        enable ? isNull(users.totpEnabledAt) : isNotNull(users.totpEnabledAt),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Confirms the setup with a first code from the app: from then on, sign-in asks for a code. */
export async function confirmTotpSetup(userId: string, code: string, now = new Date()): Promise<boolean> {
  const state = await totpState(userId);
  if (!state?.secret || state.enabledAt) return false;
  const secret = decryptTotpSecret(state.secret, userId);
  const step = secret ? matchTotp(secret, code, now, state.lastStep) : null;
  return step !== null && claimStep(userId, step, true);
}

/** Checks a sign-in code: right, in time, and never used before. */
export async function verifyTotpCode(userId: string, code: string, now = new Date()): Promise<boolean> {
  const state = await totpState(userId);
  if (!state?.secret || !state.enabledAt) return false;
  const secret = decryptTotpSecret(state.secret, userId);
  const step = secret ? matchTotp(secret, code, now, state.lastStep) : null;
  return step !== null && claimStep(userId, step, false);
}

/** Turns two-factor sign-in off and forgets the secret. */
export async function disableTotp(userId: string): Promise<void> {
  await getDb().update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
}
