import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { locales } from "../domain/i18n";

/** Every user-facing string exists in all six languages, with the same placeholders. */
const flat = (value: unknown, prefix = ""): [string, string][] =>
  Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? flat(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
  );

const files = Object.fromEntries(
  locales.map((l) => [l, new Map(flat(JSON.parse(readFileSync(new URL(`./lang/${l}.json`, import.meta.url), "utf8"))))]),
);
const allKeys = new Set(Object.values(files).flatMap((m) => [...m.keys()]));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it.each(locales)("%s has every key", (locale) => {
    const missing = [...allKeys].filter((k) => !files[locale].has(k));
    expect(missing).toEqual([]);
  });

  it.each(locales)("%s has no empty text and the same placeholders as English", (locale) => {
    for (const [key, text] of files[locale]) {
      expect(text.trim(), `${locale}:${key}`).not.toBe("");
      expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(files.en.get(key) ?? ""));
    }
  });

  it("every t('...') key used in the code exists", async () => {
    const { execSync } = await import("node:child_process");
    const used = execSync(`grep -rhoE "\\bt\\(\\"[a-zA-Z0-9_.]+\\"" app --include=*.tsx --include=*.ts --exclude=*.test.ts`, {
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean)
      .map((m) => m.slice(3, -1));
    const missing = [...new Set(used)].filter((k) => !files.en.has(k) && !files.en.has(`${k}_one`));
    expect(missing).toEqual([]);
  });
});
