/**
 * The database handle: embedded PGlite (default, files in DATA_DIR) or PostgreSQL (DATABASE_URL).
 *
 * One handle per process, kept on globalThis: the Express entry (run from source) and the React Router
 * server bundle (a second copy of this module) must share it, and Vite's dev reloads must not open a
 * second PGlite on the same directory.
 */
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgDialect, PgQueryResultHKT } from "drizzle-orm/pg-core";
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
  /**
   * Tells `watcher` of every committed write to a catalogue table, in any process (migration 0012, decision
   * 035). A change made by this process is told before the write's own promise resolves, so that the next
   * read here sees it. Resolves once the watch is on; the function it gives ends the watch.
   */
  watchCatalog(watcher: CatalogWatcher): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * `changed` after a write to the catalogue; `lost` when changes could go unseen (PostgreSQL: the listening
 * connection broke) and `ready` when they are seen again.
 */
export type CatalogWatcher = { changed(): void; lost(): void; ready(): void };

/** The channel of migration 0012's trigger. */
const CATALOG_CHANNEL = "catalog";
/** PostgreSQL's lock timeout for the shop's connections. PGlite has one session, so nothing waits there. */
const LOCK_TIMEOUT_MS = 5000;

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
    const url = options.url;
    const watchers = new Set<CatalogWatcher>();
    // Every connection hears each change (its transaction's id): the first one tells, the others are late echoes
    // that would otherwise forget again what was read since.
    const heard = new Set<string>();
    const tell = (message: pg.Notification) => {
      if (message.channel !== CATALOG_CHANNEL) return;
      const change = message.payload ?? "";
      if (change !== "" && heard.has(change)) return;
      heard.add(change);
      if (heard.size > 1000) heard.delete(heard.values().next().value as string);
      for (const watcher of watchers) watcher.changed();
    };
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // No statement of the shop waits longer than this for a lock: a checkout that would is retried or told
      // the shop is busy (`inRetriedTransaction` in retry.server). Set for the session, not per transaction, to
      // save a round trip per transaction.
      lock_timeout: LOCK_TIMEOUT_MS,
      // Every connection listens before its first use: PostgreSQL tells a session of its own notifications
      // before it answers the COMMIT, so the process that changed the catalogue forgets it before the
      // change's promise resolves.
      onConnect: async (client: pg.ClientBase) => {
        client.on("error", () => {});
        client.on("notification", tell);
        await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      },
    });
    // A client that loses its connection must not crash the process. The pool listens only while a
    // client is idle; one in use (a transaction whose backend was killed) emits "error" after its query
    // has already failed with the cause, so that event has nothing left to tell. The pool replaces it.
    pool.on("error", () => {});
    const listener = catalogListener(url, tell, watchers);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: "postgres",
      db,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      exclusive: async (work) => {
        // A session-level lock on a connection of its own, outside the pool: it waits as long as another
        // process takes to migrate and seed, past the pool's lock timeout. The work itself may use the whole pool.
        const client = new pg.Client({ connectionString: url });
        client.on("error", () => {});
        await client.connect();
        try {
          await client.query("select pg_advisory_lock(hashtext('dolomiti-rent:start-up'))");
          return await work();
        } finally {
          await client.end().catch(() => {});
        }
      },
      ping: async () => {
        await pool.query("select 1");
      },
      watchCatalog: async (watcher) => {
        watchers.add(watcher);
        await listener.start();
        if (listener.connected()) watcher.ready();
        return async () => {
          watchers.delete(watcher);
          if (watchers.size === 0) await listener.stop();
        };
      },
      close: async () => {
        watchers.clear();
        await listener.stop();
        await pool.end();
      },
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
    // One connection in one process: PGlite calls back before the writing query's promise resolves.
    watchCatalog: async (watcher) => {
      const unlisten = await client.listen(CATALOG_CHANNEL, () => watcher.changed());
      watcher.ready();
      // Closed first (a test of an outage): nothing is listening any more.
      return () => unlisten().catch(() => {});
    },
    close: () => client.close(),
  };
}

/**
 * The connection of its own that keeps listening while the pool's connections come and go (the pool closes
 * idle ones): without it, a process with no open connection would miss another process's change. When it
 * breaks, the watchers hear `lost` (they must not trust what they kept) and it connects again, soon at first,
 * then every 5 s at most, and says `ready` once it listens again.
 */
function catalogListener(url: string, tell: (message: pg.Notification) => void, watchers: Set<CatalogWatcher>) {
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;
  let delay = 250;
  let timer: NodeJS.Timeout | undefined;
  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 5000);
  };
  const connect = async () => {
    const attempt = new pg.Client({ connectionString: url });
    let broken = false;
    const lose = () => {
      if (broken) return;
      broken = true;
      if (client === attempt) client = null;
      attempt.end().catch(() => {});
      if (stopped) return;
      for (const watcher of watchers) watcher.lost();
      again();
    };
    attempt.on("error", lose);
    attempt.on("end", lose);
    attempt.on("notification", tell);
    try {
      await attempt.connect();
      await attempt.query(`LISTEN ${CATALOG_CHANNEL}`);
    } catch {
      lose();
      return;
    }
    if (stopped || broken) {
      await attempt.end().catch(() => {});
      return;
    }
    client = attempt;
    delay = 250;
    for (const watcher of watchers) watcher.ready();
  };
  return {
    connected: () => client !== null,
    /** Resolves after the first attempt, whether it connected or will try again. */
    start: () => {
      stopped = false;
      starting ??= connect();
      return starting;
    },
    stop: async () => {
      stopped = true;
      starting = null;
      clearTimeout(timer);
      timer = undefined;
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
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

/**
 * `queryRows` for a statement run on every checkout: on PostgreSQL a named prepared statement, so each
 * connection plans it once (planning cost more than running the checkout's unit search). The name is
 * `name` and a hash of the text, so every shape of the statement (one person or three) is one statement.
 * Its rows come with node-postgres's own type parsing: timestamps as `Date` there and as text on PGlite.
 */
export async function queryPrepared<T>(name: string, query: SQL, db: Db = getDb()): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: { client?: unknown } };
  const client = session.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return queryRows<T>(query, db);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = `${name}:${createHash("sha1").update(text).digest("base64url").slice(0, 12)}`;
  const config = { name: statement, text, values: params as unknown[] };
  if (client instanceof pg.Client) return (await client.query<T & pg.QueryResultRow>(config)).rows;
  // Not `pool.query`: it closes the connection after any error, and a checkout's statement may fail on
  // purpose (holds.server `units_short`); a new connection costs a connect, a LISTEN and cold caches. Only
  // errors of the connection itself (class 08, 57P) give it up.
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    return (await connection.query<T & pg.QueryResultRow>(config)).rows;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (!(error instanceof pg.DatabaseError) || typeof code !== "string" || code.startsWith("08") || code.startsWith("57P"))
      broken = error as Error;
    throw error;
  } finally {
    connection.release(broken);
  }
}

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer with `{ rows }`. */
export async function queryRows<T>(query: SQL, db: Db = getDb()): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
