/**
 * What a new password must be (NIST SP 800-63B, OWASP): at least 8 characters, no composition rules,
 * not one of the 3,000 most common passwords. Only new passwords are checked: signing in never refuses a
 * password for being weak, so old accounts keep working.
 */
import { z } from "zod";
import ranked from "./common-passwords.json";

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 hashes any length, but an unbounded body would let one request burn CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

/** Lower-cased: "Password1" is as guessable as "password1". Built on first use, kept for the process. */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((ranked as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Counts characters as people see them: an emoji or an accented letter is one, not two UTF-16 units. */
function passwordLength(password: string): number {
  return [...password.normalize("NFC")].length;
}

/** The message key for a new password that may not be used, or null when it is fine. */
export function newPasswordProblem(password: string): string | null {
  if (password.length === 0) return "validation.required";
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) return "account.errors.passwordShort";
  if (password.length > MAX_PASSWORD_LENGTH) return "account.errors.passwordLong";
  if (isCommonPassword(password)) return "account.errors.passwordCommon";
  return null;
}

/** A new password as a form field: the rules above, each with its own message. */
export const newPassword = z.string().superRefine((password, ctx) => {
  const problem = newPasswordProblem(password);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
