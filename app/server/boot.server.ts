/**
 * Opening the shop's database at start: open, migrate, seed the demo shop on an empty database, make
 * sure an admin exists. Used by `server.ts` and the `db:*` scripts.
 */
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { demoBusinessFields, type LegalField } from "../domain/settings";
import { ensureAdmin } from "./auth/users.server";
import type { Config } from "./config.server";
import { type Database, openDatabase, setDatabase } from "./db/client.server";
import { seedDemoSeason } from "./db/seed/season.server";
import { seedDemo } from "./db/seed/seed.server";
import { logger } from "./log.server";
import { getSettings } from "./settings/settings.server";

export async function openShopDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? null : resolve(config.DATA_DIR, "db"),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  setDatabase(database);
  return database;
}

export async function prepareDatabase(database: Database, config: Config) {
  // Several machines starting together take turns: the first migrates and seeds, the others find it done.
  await database.exclusive(async () => {
    const started = Date.now();
    await database.migrate();
    logger.info({ ms: Date.now() - started, database: database.kind }, "migrations applied");
    const seeded = await seedDemoShop(database, config);
    // The planner needs statistics: PGlite runs no autovacuum at all, and PostgreSQL's comes a minute or more
    // after a seed. Without them the availability query plans a nested loop over every unit, five to ten
    // times slower (docs/benchmarks.md).
    if (database.kind === "pglite" || seeded) await database.db.execute(sql`analyze`);
    await ensureAdminAccount(config);
  });
  await reportDemoBusinessData(config);
}

/**
 * Seeds the demo into an empty database as `SEED_DEMO` says: the catalogue and a season of orders (`true`),
 * the catalogue alone (`empty`) or nothing (`false`). True when it seeded.
 */
export async function seedDemoShop(database: Database, config: Config): Promise<boolean> {
  if (config.SEED_DEMO === "false") return false;
  const started = Date.now();
  const { seeded } = await seedDemo(database.db);
  if (!seeded) return false;
  if (config.SEED_DEMO === "true") {
    const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
    const season = await seedDemoSeason(database.db, origin);
    logger.info({ orders: season.orders, ms: Date.now() - started }, "demo shop seeded with a season of orders");
  } else logger.info({ ms: Date.now() - started }, "demo shop seeded");
  return true;
}

/** The settings form's labels, in English like the rest of the console. */
const FIELD_NAMES: Record<LegalField, string> = {
  legalName: "legal name",
  street: "street",
  town: "town",
  vatId: "VAT number",
  phone: "phone",
  email: "e-mail",
};

/**
 * Says at every start, until they are filled in, which business and legal data are still the demo's
 * placeholders: they appear on the legal notice, invoices and e-mails, and must not go live as they are.
 */
async function reportDemoBusinessData(config: Config) {
  const fields = demoBusinessFields((await getSettings()).business);
  if (fields.length === 0) return;
  const where = new URL("/admin/settings", config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).href;
  process.stdout.write(
    `\n  The business and legal data are still the demo's placeholders: ${fields.map((f) => FIELD_NAMES[f]).join(", ")}.\n` +
      `  The legal notice says it shows demo data until you fill them in at ${where} (Business and legal data).\n\n`,
  );
}

/** Creates the configured admin, or a generated one on a database without any, and prints its password once. */
export async function ensureAdminAccount(config: Config) {
  const admin = await ensureAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (admin?.password) {
    // Printed once, on the run that created the account; it is not stored anywhere in clear.
    process.stdout.write(
      `\n  Admin account created: ${admin.email}\n  Password (shown only now): ${admin.password}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n\n`,
    );
  }
}
