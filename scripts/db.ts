/**
 * Database chores:  tsx scripts/db.ts migrate | seed | reset
 * `reset` drops everything (the PGlite folder, or every table of the PostgreSQL schema) and starts over.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { ensureAdminAccount, openShopDatabase, prepareDatabase, seedDemoShop } from "../app/server/boot.server";
import { parseConfig, setConfig } from "../app/server/config.server";

const command = process.argv[2];
const config = parseConfig(process.env);
setConfig(config);

if (command === "reset" && !config.DATABASE_URL) rmSync(resolve(config.DATA_DIR, "db"), { recursive: true, force: true });
const database = await openShopDatabase(config);
try {
  if (command === "migrate") {
    await database.migrate();
    console.log("Migrations applied.");
  } else if (command === "seed") {
    await database.migrate();
    const seeded = await seedDemoShop(database, config);
    await ensureAdminAccount(config);
    console.log(seeded ? "Demo shop seeded." : "The database already has data: nothing seeded.");
  } else if (command === "reset") {
    if (database.kind === "postgres") {
      await database.db.execute(sql`drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;`);
    }
    await prepareDatabase(database, config);
    console.log("Database reset and seeded.");
  } else {
    console.error("Usage: tsx scripts/db.ts migrate | seed | reset");
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
