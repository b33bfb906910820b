/**
 * Whether the database answers, as the pages see it. A request that fails because the database cannot
 * be reached marks it down; while it is down, pages get a short translated 503 (guards.server.ts) instead
 * of an error page each, and a ping every second brings the shop back by itself as soon as it answers.
 */
import { logger } from "../log.server";
import { type Database, getDatabase } from "./client.server";

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
// PostgreSQL's class 08 (connection exception) and the shutdown codes of class 57.
const SQLSTATE = /^(08\d{3}|57P0[1-3])$/;

/** True for an error that says the database cannot be reached (not for a bad query). Follows `cause`. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (
      typeof message === "string" &&
      /Connection terminated|Cannot use a pool after calling end|connect ECONNREFUSED|PGlite is closed/.test(message)
    )
      return true;
  }
  return false;
}

// Per database, and on globalThis: the server build and the Express entry load this module each on their own.
const key = Symbol.for("rental.database-health");
type Health = { down: boolean; probing?: NodeJS.Timeout };
const holder = globalThis as { [key]?: WeakMap<Database, Health> };
holder[key] ??= new WeakMap();
const states = holder[key];

function healthOf(database: Database): Health {
  const known = states.get(database);
  if (known) return known;
  const health: Health = { down: false };
  states.set(database, health);
  return health;
}

export function databaseIsDown(database: Database = getDatabase()): boolean {
  return healthOf(database).down;
}

/** Called with a failed request's error: when it is an outage, pages pause until a ping answers. */
export function noteDatabaseError(error: unknown, database: Database = getDatabase()) {
  const health = healthOf(database);
  if (!isDatabaseUnreachable(error) || health.down) return;
  health.down = true;
  logger.error("database unreachable: answering 503 until it is back");
  health.probing = setInterval(() => {
    database
      .ping()
      .then(() => {
        if (!health.down) return;
        health.down = false;
        clearInterval(health.probing);
        logger.info("database reachable again");
      })
      .catch(() => {});
  }, 1000);
  health.probing.unref();
}
