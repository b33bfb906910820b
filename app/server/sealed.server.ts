/**
 * Secrets the shop must read back (TOTP secrets, webhook signing secrets) are kept sealed with AES-256-GCM
 * under a key that is not in the database (from the environment, or generated into DATA_DIR), bound to
 * their row by associated data: a copied row or a database dump gives nothing away, and a sealed value
 * moved to another row does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { dataDirSecret } from "./secrets.server";

const FORMAT = "v1";

export type Sealer = {
  /** `v1.{iv}.{ciphertext}.{tag}` (base64url), with `boundTo` as associated data. */
  seal(secret: Uint8Array, boundTo: string): string;
  /** The secret, or null when the text was not sealed by this key for `boundTo`. */
  open(stored: string, boundTo: string): Uint8Array | null;
};

/**
 * A sealer whose 32-byte key is derived (HKDF-SHA256 with `info`) from the configured key text, or from
 * the text kept in DATA_DIR/`file` when none is configured; the key is read on first use.
 */
export function sealer(file: string, info: string, configured: () => string | undefined): Sealer {
  let key: Buffer | undefined;
  const encryptionKey = () => {
    key ??= Buffer.from(hkdfSync("sha256", dataDirSecret(file, configured()), "", info, 32));
    return key;
  };
  return {
    seal(secret, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
      cipher.setAAD(Buffer.from(boundTo));
      const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
      return [FORMAT, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(stored, boundTo) {
      const [format, iv, ciphertext, tag] = stored.split(".");
      if (format !== FORMAT || !iv || !ciphertext || !tag) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]));
      } catch {
        return null;
      }
    },
  };
}
