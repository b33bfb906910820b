/** The pages under settings: the settings themselves, the partner hotels and their commission report. */

import { Link, useLocation } from "react-router";
import { splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { useLocalPath } from "../use-locale";

const tabs = [
  ["/admin/settings", "admin.settings.tabs.general", (path: string) => path === "/admin/settings"],
  [
    "/admin/settings/hotels",
    "admin.settings.tabs.hotels",
    (path: string) => path.startsWith("/admin/settings/hotel") && !path.startsWith("/admin/settings/hotels/report"),
  ],
  ["/admin/settings/hotels/report", "admin.settings.tabs.report", (path: string) => path.startsWith("/admin/settings/hotels/report")],
] as const;

export function SettingsTabs() {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { path } = splitLocale(useLocation().pathname);
  return (
    <nav aria-label={t("admin.settings.tabs.label")} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-2">
      {tabs.map(([to, label, matches]) => {
        const current = matches(path.replace(/\/+$/, ""));
        return (
          <Link
            key={to}
            to={href(to)}
            aria-current={current ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${current ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-slate-100"}`}
          >
            {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}
