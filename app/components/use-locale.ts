import { useRouteLoaderData } from "react-router";
import { type Locale, localizePath } from "../domain/i18n";
import type { RootData } from "../server/http/root-data.server";

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("useRootData used outside the root route");
  return data;
}

export function useLocale(): Locale {
  return useRootData().locale;
}

/** Turns an English path into the current language's path ("/stores" -> "/de/stores"). */
export function useLocalPath() {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
