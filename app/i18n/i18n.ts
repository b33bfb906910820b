/**
 * i18next instances, one per language, built from the messages the root loader sends. On the server the
 * messages come from messages.server.ts; in the browser only the active language's messages arrive.
 */
import i18next, { type i18n, type TFunction } from "i18next";
import { type Locale, languageTag } from "../domain/i18n";

export type Messages = Record<string, unknown>;

/** Keyed by the messages object: the server's are module constants; the browser's change only with the language. */
const instances = new WeakMap<Messages, i18n>();

export function getI18n(locale: Locale, messages: Messages): i18n {
  const cached = instances.get(messages);
  // i18next takes BCP 47 tags: "be" would mean Belarusian (and its plural rules), so Belgian Dutch is "nl-BE".
  const lng = languageTag[locale];
  if (cached?.language === lng) return cached;
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  instances.set(messages, instance);
  return instance;
}

export function getT(locale: Locale, messages: Messages): TFunction {
  return getI18n(locale, messages).t;
}
