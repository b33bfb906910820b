import { hash, verify } from "@node-rs/argon2";

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which verbatimModuleSyntax cannot import). */
const ARGON2ID = 2;

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations, parallelism 1. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash to verify against when the account does not exist, so timing does not reveal which e-mails exist. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("not a real password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
