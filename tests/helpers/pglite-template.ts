/**
 * A migrated, empty PGlite cluster on disk, for test databases to start from. Creating an in-memory PGlite
 * runs initdb (about 1.4 s here) and the migrations take 0.3 s more; loading this file takes 0.4 s. Every
 * integration file opens at least one database, so this saves about a minute of a PGlite run. The file's name
 * carries a hash of the migrations and of PGlite's version: a new migration makes a new template.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../../app/server/db/client.server";

const root = new URL("../..", import.meta.url).pathname;

function templatePath(): string {
  const hash = createHash("sha256");
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  for (const file of files(migrationsFolder)) hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
  hash.update(readFileSync(resolve(root, "node_modules/@electric-sql/pglite/package.json")));
  return resolve(root, "node_modules/.cache/rental-pglite", `${hash.digest("hex").slice(0, 16)}.tar`);
}

/** Writes the template unless it is there already (run once, before the test files: tests/global-setup.ts). */
export async function preparePgliteTemplate(): Promise<void> {
  const path = templatePath();
  try {
    statSync(path);
    return;
  } catch {}
  const client = await PGlite.create({ extensions: { btree_gist } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    mkdirSync(resolve(path, ".."), { recursive: true });
    // Written aside and renamed: a second run starting meanwhile never reads half a file.
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await client.close();
  }
}

/** The template, or undefined when none was prepared (a single test file run on its own still works). */
export function pgliteTemplate(): Blob | undefined {
  try {
    return new Blob([readFileSync(templatePath())]);
  } catch {
    return undefined;
  }
}
