/**
 * What a test compares to prove a request wrote nothing: a hash of every row of every table. And what it
 * checks after a request that did write: no row points to a row that is not there.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../app/server/db/client.server";

const tablesOf = new WeakMap<Db, Promise<string[]>>();

/** The tables of the public schema (they do not change while a test runs, so they are asked for once). */
function tableNames(db: Db): Promise<string[]> {
  let names = tablesOf.get(db);
  if (!names) {
    names = queryRows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      db,
    ).then((rows) => rows.map((r) => r.name));
    tablesOf.set(db, names);
  }
  return names;
}

/**
 * A hash of every row of every table but those in `skip`: by default the sessions (a GET may note that a
 * session was seen). Per table the number of rows and the sum of a 64-bit hash of each row's text, so no
 * sort is needed; one statement for all tables, so a test can afford it around every request.
 */
export async function fingerprint(db: Db, skip: readonly string[] = ["sessions"]): Promise<Record<string, string>> {
  const names = (await tableNames(db)).filter((name) => !skip.includes(name));
  const parts: SQL[] = names.map(
    (name) =>
      sql`select ${name} as name, (select count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) from ${sql.identifier(name)} t) as hash`,
  );
  const rows = await queryRows<{ name: string; hash: string }>(sql.join(parts, sql` union all `), db);
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/**
 * Rows whose foreign key names a missing row, as "table(columns) -> parent: count" (empty when every
 * reference holds). The database's constraints refuse them as they are written; this checks every row
 * against every declared reference, so one written past them (a constraint added NOT VALID, a session
 * with triggers off) shows too.
 */
export async function danglingReferences(db: Db): Promise<string[]> {
  const keys = await queryRows<{ child: string; parent: string; childColumns: string[]; parentColumns: string[] }>(
    sql`select (select relname::text from pg_class where oid = c.conrelid) as child, (select relname::text from pg_class where oid = c.confrelid) as parent,
          array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as "childColumns",
          array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "parentColumns"
        from pg_constraint c join pg_namespace ns on ns.oid = c.connamespace
        where c.contype = 'f' and ns.nspname = 'public' order by 1, 2`,
    db,
  );
  if (keys.length === 0) return [];
  const parts = keys.map((key) => {
    const present = sql.join(
      key.childColumns.map((column) => sql`c.${sql.identifier(column)} is not null`),
      sql` and `,
    );
    const match = sql.join(
      key.childColumns.map((column, i) => sql`p.${sql.identifier(key.parentColumns[i])} = c.${sql.identifier(column)}`),
      sql` and `,
    );
    const label = `${key.child}(${key.childColumns.join(", ")}) -> ${key.parent}`;
    return sql`select ${label} as label, (select count(*)::int from ${sql.identifier(key.child)} c where ${present} and not exists (select 1 from ${sql.identifier(key.parent)} p where ${match})) as n`;
  });
  const rows = await queryRows<{ label: string; n: number }>(sql.join(parts, sql` union all `), db);
  return rows.filter((r) => Number(r.n) > 0).map((r) => `${r.label}: ${r.n}`);
}
