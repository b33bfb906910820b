/**
 * Translating a message key in one language: nested keys ("booking.bag.title"), `{{name}}` values, and
 * plurals by `count` through the language's own plural rules (`key_one`, `key_other`, ...). On the server
 * the messages come from messages.server.ts; in the browser only the page's share of the active
 * language arrives. Small on purpose: it is part of every page's JavaScript (decision 021).
 */
import { type Locale, languageTag } from "../domain/i18n";

export type Messages = Record<string, unknown>;
type TValues = Record<string, unknown> & { count?: number; defaultValue?: string };
export type TFunction = (key: string, values?: TValues) => string;

function lookup(messages: Messages, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Keyed by the messages object: the server's are module constants; the browser's change only with the page's data. */
const translators = new WeakMap<Messages, { tag: string; t: TFunction }>();

export function getT(locale: Locale, messages: Messages): TFunction {
  // BCP 47 tags for the plural rules: "be" would be Belarusian, Belgian Dutch is "nl-BE".
  const tag = languageTag[locale];
  const cached = translators.get(messages);
  if (cached?.tag === tag) return cached.t;
  const plurals = new Intl.PluralRules(tag);
  const t: TFunction = (key, values) => {
    let text: unknown;
    if (typeof values?.count === "number") text = lookup(messages, `${key}_${plurals.select(values.count)}`);
    text ??= lookup(messages, key);
    // A missing key shows itself (or the given default), so a gap is visible and the i18n test names it.
    if (typeof text !== "string") return values?.defaultValue ?? key;
    if (!values) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
  };
  translators.set(messages, { tag, t });
  return t;
}
