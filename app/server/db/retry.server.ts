/**
 * Transactions that PostgreSQL may refuse for a conflict with another one, run again until they pass: the
 * claims of a checkout (decision 011), and any change that counts on the exclusion constraint or a lock.
 */
import type { Db } from "./client.server";

/**
 * Retried: `23P01` (exclusion: a unit claimed meanwhile), `40001` (serialization), `40P01` (deadlock) and
 * `55P03` (a lock wait that ran past the connection's lock timeout, set in client.server).
 */
const RETRIED = new Set(["23P01", "40001", "40P01", "55P03"]);
const MAX_ATTEMPTS = 8;

/** Still refused for conflicts after every attempt: nothing was written, and the shop is too busy right now. */
export class Contended extends Error {
  constructor() {
    super(`Still in conflict after ${MAX_ATTEMPTS} attempts; try again.`);
  }
}

/** The SQLSTATE of a database error, looking through Drizzle's wrapper. */
export function sqlState(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** Runs `work` in a transaction, again (with jittered back-off) when PostgreSQL reports a conflict. */
export async function inRetriedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return retried(() => db.transaction(async (tx) => work(tx as unknown as Db)));
}

/**
 * Runs `attempt` (a transaction, or one statement that is a transaction of its own) until it ends without a
 * conflict; `Contended` after the last attempt.
 */
export async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const state = sqlState(error);
      if (!state || !RETRIED.has(state)) throw error;
      if (n >= MAX_ATTEMPTS) throw new Contended();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 8 * n));
    }
  }
}
