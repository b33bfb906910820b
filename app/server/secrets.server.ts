/**
 * Keys the shop signs with: taken from the environment, or generated on first start and kept in DATA_DIR
 * (never in the repository or the database). See docs/decisions/004-session-secret.md.
 */
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getConfig } from "./config.server";

export function dataDirSecret(file: string, configured: string | undefined): string {
  if (configured) return configured;
  const dataDir = getConfig().DATA_DIR;
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  // Several processes may start at once: write aside, then link into place, which fails if another
  // process got there first; everyone then uses the file that won, complete.
  const draft = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(path, "utf8").trim();
}
