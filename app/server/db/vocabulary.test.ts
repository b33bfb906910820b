import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isPgEnum } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
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

/** The enums as the last migration left the database (drizzle-kit's snapshot of it). */
function migratedEnums(): Record<string, string[]> {
  const meta = path.join(import.meta.dirname, "migrations", "meta");
  const last = readdirSync(meta)
    .filter((name) => name.endsWith("_snapshot.json"))
    .sort()
    .at(-1) as string;
  const snapshot = JSON.parse(readFileSync(path.join(meta, last), "utf8")) as { enums: Record<string, { name: string; values: string[] }> };
  return Object.fromEntries(Object.values(snapshot.enums).map((e) => [e.name, e.values]));
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
});
