/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new PostgreSQL
 * database (created here, dropped on close) when TEST_DB=postgres.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../app/server/db/client.server";
import { pgliteTemplate } from "./pglite-template";

export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

function postgresBaseUrl() {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresBaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  if (testDbKind === "pglite") {
    const database = await openDatabase({ dataDir: null, template: pgliteTemplate() });
    // Applies nothing on the template, which is migrated already; everything on an empty cluster.
    await database.migrate();
    return database;
  }
  const name = `rental_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresBaseUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 10 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
