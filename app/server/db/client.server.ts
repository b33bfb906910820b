/**
 * The database handle: embedded PGlite (default, files in DATA_DIR) or PostgreSQL (DATABASE_URL).
 *
 * One handle per process, kept on globalThis: the Express entry (run from source) and the React Router
 * server bundle (a second copy of this module) must share it, and Vite's dev reloads must not open a
 * second PGlite on the same directory.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /** Applies the committed SQL migrations. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of the shop runs its own: start-up (migrations, demo seed, admin)
   * on several machines at once must happen one after the other. PGlite has one process anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** A cheap round trip, for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is null). */
export async function openDatabase(options: {
  url?: string | null;
  dataDir?: string | null;
  poolSize?: number;
  /** A PGlite data directory to start from (`dumpDataDir`), instead of creating an empty cluster. */
  template?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A client that loses its connection must not crash the process. The pool listens only while a
    // client is idle; one in use (a transaction whose backend was killed) emits "error" after its query
    // has already failed with the cause, so that event has nothing left to tell. The pool replaces it.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: "postgres",
      db,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      exclusive: async (work) => {
        // A session-level lock on one connection of its own; the work itself may use the whole pool.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(hashtext('dolomiti-rent:start-up'))");
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock(hashtext('dolomiti-rent:start-up'))").catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    loadDataDir: options.template,
    extensions: { btree_gist },
  });
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    kind: "pglite",
    db: pgliteDb as unknown as Db,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    exclusive: (work) => work(),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

const key = Symbol.for("rental.database");
type Holder = { [key]?: Database };

/** Makes `database` the process's handle, used by every server function through `getDb()`. */
export function setDatabase(database: Database | undefined) {
  (globalThis as Holder)[key] = database;
}

export function getDatabase(): Database {
  const database = (globalThis as Holder)[key];
  if (!database) throw new Error("The database is not open: call setDatabase() at start-up.");
  return database;
}

export function getDb(): Db {
  return getDatabase().db;
}

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(query: SQL, db: Db = getDb()): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
