import { createContext, useContext } from "react";
import type { TFunction } from "./i18n";

const TranslationContext = createContext<TFunction>((key) => key);

/** Gives every component below the page language's `t`. */
export function TranslationProvider({ t, children }: { t: TFunction; children: React.ReactNode }) {
  return <TranslationContext.Provider value={t}>{children}</TranslationContext.Provider>;
}

/** The active language's `t`, the way components ask for it. */
export function useTranslation(): { t: TFunction } {
  return { t: useContext(TranslationContext) };
}
