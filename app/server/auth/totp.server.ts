/**
 * Two-factor sign-in with an authenticator app (TOTP, domain/totp). The secret is kept encrypted with
 * AES-256-GCM under a key that is not in the database (TOTP_ENCRYPTION_KEY, or one generated into
 * DATA_DIR), bound to its user: a copied row or database dump does not give away anyone's codes. Each
 * accepted code moves users.totp_last_step forward in one conditional update, so the same code, even sent
 * twice at the same moment, opens one session at most.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import { groupedSecret, matchTotp, otpauthUri, TOTP_SECRET_BYTES } from "../../domain/totp";
import { getConfig } from "../config.server";
import { getDb } from "../db/client.server";
import { users } from "../db/schema";
import { sealer } from "../sealed.server";

const totpSealer = sealer("totp-encryption-key", "dolomiti-rent totp secret v1", () => getConfig().TOTP_ENCRYPTION_KEY);

/** `v1.{iv}.{ciphertext}.{tag}` (base64url), with the user id as associated data. */
export function encryptTotpSecret(secret: Uint8Array, userId: string): string {
  return totpSealer.seal(secret, userId);
}

/** The secret, or null when the text was not made by this key for this user. */
export function decryptTotpSecret(stored: string, userId: string): Uint8Array | null {
  return totpSealer.open(stored, userId);
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
