import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { is, type SQL } from "drizzle-orm";
import { getTableConfig, isPgEnum, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../../domain/integrations";
import {
  AGE_BANDS,
  COUPON_KINDS,
  DEPOSIT_STATUSES,
  ITEM_KINDS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  RESERVATION_STATES,
  ROLES,
  SEASONS,
  SIZING_KINDS,
  SKILLS,
  UNIT_STATUSES,
} from "../../domain/vocabulary";
import * as schema from "./schema";

/** The database's name of each enum, and the vocabulary's word for it. */
const WORDS: Record<string, readonly string[]> = {
  app_id: SEASONS,
  item_kind: ITEM_KINDS,
  unit_status: UNIT_STATUSES,
  skill: SKILLS,
  user_role: ROLES,
  order_status: ORDER_STATUSES,
  reservation_state: RESERVATION_STATES,
  coupon_kind: COUPON_KINDS,
  payment_status: PAYMENT_STATUSES,
  sizing: SIZING_KINDS,
  age_band: AGE_BANDS,
  deposit_status: DEPOSIT_STATUSES,
};

const enums = (Object.values(schema) as unknown[]).filter(isPgEnum);

const MIGRATIONS = path.join(import.meta.dirname, "migrations");

type Snapshot = {
  enums: Record<string, { name: string; values: string[] }>;
  tables: Record<
    string,
    {
      name: string;
      checkConstraints: Record<string, { name: string; value: string }>;
      indexes: Record<string, { name: string; where?: string }>;
    }
  >;
};

/** The database as the last migration left it: drizzle-kit's snapshot, which `db:generate` compares the schema with. */
function lastSnapshot(): Snapshot {
  const meta = path.join(MIGRATIONS, "meta");
  const last = readdirSync(meta)
    .filter((name) => name.endsWith("_snapshot.json"))
    .sort()
    .at(-1) as string;
  return JSON.parse(readFileSync(path.join(meta, last), "utf8")) as Snapshot;
}

/** The enums as the last migration left the database. */
function migratedEnums(): Record<string, string[]> {
  return Object.fromEntries(Object.values(lastSnapshot().enums).map((e) => [e.name, e.values]));
}

/** Every check constraint and partial index condition, keyed `table.name`, as drizzle-kit writes it into SQL. */
function writtenConditions(): Record<string, string> {
  const dialect = new PgDialect();
  const text = (condition: SQL) => dialect.sqlToQuery(condition).sql;
  const conditions: Record<string, string> = {};
  for (const table of (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))) {
    const config = getTableConfig(table);
    for (const check of config.checks) conditions[`${config.name}.${check.name}`] = text(check.value);
    for (const index of config.indexes)
      if (index.config.where) conditions[`${config.name}.${index.config.name}`] = text(index.config.where);
  }
  return conditions;
}

function migratedConditions(): Record<string, string> {
  const conditions: Record<string, string> = {};
  for (const table of Object.values(lastSnapshot().tables)) {
    for (const check of Object.values(table.checkConstraints)) conditions[`${table.name}.${check.name}`] = check.value;
    for (const index of Object.values(table.indexes)) if (index.where) conditions[`${table.name}.${index.name}`] = index.where;
  }
  return conditions;
}

/**
 * The source of the last migration that defines the database function `name`: a later migration that
 * replaces the function is the one the database runs.
 */
function functionSource(name: string): string {
  const definition = new RegExp(`CREATE (?:OR REPLACE )?FUNCTION "?${name}"?\\(\\)[\\s\\S]*?\\$\\$([\\s\\S]*?)\\$\\$`, "g");
  const sources = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .flatMap((file) => [...readFileSync(path.join(MIGRATIONS, file), "utf8").matchAll(definition)].map((match) => match[1]));
  const last = sources.at(-1);
  if (!last) throw new Error(`no migration defines the function ${name}`);
  return last;
}

/** The events the order trigger of migration 0021 records: order.created on insert, order.<status> on the statuses it lists. */
function triggerEvents(): string[] {
  const source = functionSource("record_order_event");
  const onInsert = [...source.matchAll(/ARRAY\['(order\.[a-z_]+)'\]/g)].map((match) => match[1]);
  const lists = [...source.matchAll(/NEW\.status IN \(([^)]*)\)/g)].map((match) =>
    [...match[1].matchAll(/'([a-z_]+)'/g)].map((word) => word[1]),
  );
  // The insert and the update branch list the same statuses; were they to differ, one of them would be wrong.
  expect(lists.length).toBe(2);
  expect(lists[1]).toEqual(lists[0]);
  for (const status of lists[0]) expect(ORDER_STATUSES).toContain(status);
  return [...onInsert, ...lists[0].map((status) => `order.${status}`)];
}

describe("the database's enums are the vocabulary's words", () => {
  it("every enum of the schema has exactly its word's values, in order", () => {
    expect(enums.map((e) => e.enumName).sort()).toEqual(Object.keys(WORDS).sort());
    for (const e of enums) expect(e.enumValues, e.enumName).toEqual([...WORDS[e.enumName]]);
  });

  // A word changed here without a migration would leave the code and the database speaking apart.
  it("the migrated database has the same words", () => {
    expect(migratedEnums()).toEqual(Object.fromEntries(Object.entries(WORDS).map(([name, values]) => [name, [...values]])));
  });

  // The checks and partial indexes are built from the vocabulary's lists (schema.ts `words`): a word added to
  // a list is a new condition, which must reach the database by a migration, as `db:generate` writes it.
  it("the migrated database has the schema's checks and partial index conditions, word for word", () => {
    const written = writtenConditions();
    expect(Object.keys(written).length).toBeGreaterThan(40);
    expect(migratedConditions()).toEqual(written);
  });

  // The trigger spells the events in PL/pgSQL: an event added to WEBHOOK_EVENTS needs a migration that records it.
  it("the order trigger records exactly the webhook events", () => {
    expect(triggerEvents().sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});
