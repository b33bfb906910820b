// Adds or replaces messages in all six language files at once: `node scripts/i18n-add.mjs patch.json`.
// The patch names every language: { "en": { "admin": { "x": "..." } }, "de": { ... }, ... } with the same
// keys in each, so no language can be left behind. New keys go to the end of their object; the files are
// written with a lock, so several people (or tools) adding keys at the same time do not overwrite each other.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LOCALES = ["en", "de", "it", "nl", "be", "da"];
const dir = new URL("../app/i18n/lang/", import.meta.url).pathname;
const lock = join(dir, ".lock");

const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/i18n-add.mjs patch.json");
  process.exit(2);
}
const patch = JSON.parse(readFileSync(file, "utf8"));

const flatten = (value, prefix = "") =>
  Object.entries(value).flatMap(([key, v]) => (v && typeof v === "object" ? flatten(v, `${prefix}${key}.`) : [`${prefix}${key}`]));

const expected = flatten(patch.en ?? {})
  .sort()
  .join("\n");
for (const locale of LOCALES) {
  if (!patch[locale]) throw new Error(`the patch has no "${locale}"`);
  if (flatten(patch[locale]).sort().join("\n") !== expected) throw new Error(`"${locale}" has other keys than "en"`);
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object") {
      if (typeof target[key] === "string") throw new Error(`${key} is a message, not a group`);
      target[key] ??= {};
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (let attempt = 0; ; attempt++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (attempt > 200) throw new Error(`${lock} is held; remove it if no one else is writing`);
    sleep(50);
  }
}
try {
  for (const locale of LOCALES) {
    const path = join(dir, `${locale}.json`);
    const messages = merge(JSON.parse(readFileSync(path, "utf8")), patch[locale]);
    writeFileSync(path, `${JSON.stringify(messages, null, 2)}\n`);
  }
} finally {
  rmdirSync(lock);
}
console.log(`added ${expected.split("\n").length} message(s) in ${LOCALES.length} languages`);
