import type { MetaDescriptor } from "react-router";
import type { Locale } from "../domain/i18n";
import { getT, type Messages } from "../i18n/i18n";

type RootData = { locale: Locale; messages: Messages };
type Match = { id: string; data: unknown } | undefined;

/** Title and description of a page, from its `pages.{name}` messages in the page's language. */
export function pageMeta(matches: Match[], name: string, values: Record<string, string> = {}): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  if (!root) return [{ title: "Dolomiti Rent" }];
  const t = getT(root.locale, root.messages);
  const title = t(`pages.${name}.title`, values);
  const brand = t("brand.name");
  return [
    { title: title === brand ? brand : `${title} · ${brand}` },
    { name: "description", content: t(`pages.${name}.description`, values) },
  ];
}

/** Title of a back-office screen: "{screen} · {back office}", never indexed. */
export function adminMeta(matches: Match[], screen: string, values: Record<string, string> = {}): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  if (!root) return [{ title: "Admin" }];
  const t = getT(root.locale, root.messages);
  return [{ title: `${t(screen, values)} · ${t("admin.backOffice")}` }, { name: "robots", content: "noindex" }];
}
