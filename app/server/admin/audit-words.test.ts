import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { locales } from "../../domain/i18n";
import be from "../../i18n/lang/be.json";
import da from "../../i18n/lang/da.json";
import de from "../../i18n/lang/de.json";
import en from "../../i18n/lang/en.json";
import it_ from "../../i18n/lang/it.json";
import nl from "../../i18n/lang/nl.json";
import { categories, coupons, items, packages, partnerHotels, shops, storefronts, units } from "../db/schema";

/**
 * The audit trail shows every action and every column it logs in words (issue 33). These checks read the
 * server's code and schema, so they live on the server's side of the layers (app/layers.test.ts).
 */
const messages = { en, de, it: it_, nl, be, da };

describe("the audit trail's words", () => {
  /** Every action the server logs, as written in its `recordAudit` calls (plain or chosen by a condition). */
  const actions = () => {
    const root = new URL("../", import.meta.url).pathname;
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const found = new Set<string>();
    for (const file of files) {
      const source = readFileSync(join(root, file), "utf8");
      for (const [, expression] of source.matchAll(/\baction: ("[a-zA-Z]+"|[\w.]+ \? "[a-zA-Z]+" : "[a-zA-Z]+")/g))
        for (const [, name] of expression.matchAll(/"([a-zA-Z]+)"/g)) found.add(name);
    }
    return [...found].sort();
  };

  it.each(locales)('names every logged action in %s (issue 33: an order\'s change showed as "change")', (locale) => {
    const names = (messages[locale] as { admin: { audit: { action: Record<string, string> } } }).admin.audit.action;
    const logged = actions();
    expect(logged).toContain("change");
    expect(logged.filter((action) => !names[action])).toEqual([]);
  });

  it.each(locales)("names every column of a record the log keeps whole in %s (an item's creation showed slug, vatRateBp …)", (locale) => {
    const fields = (messages[locale] as { admin: { audit: { fields: Record<string, string> } } }).admin.audit.fields;
    const kept = { items, shops, coupons, categories, partnerHotels, packages, storefronts, units };
    const unnamed = Object.entries(kept).flatMap(([table, columns]) =>
      Object.keys(getTableColumns(columns))
        .filter((column) => !["id", "createdAt", "updatedAt"].includes(column) && !fields[column])
        .map((column) => `${table}.${column}`),
    );
    expect(unnamed).toEqual([]);
  });
});
