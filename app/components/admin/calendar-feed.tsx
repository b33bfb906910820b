/**
 * "Subscribe in your calendar app" (decision 051): the user's secret feed link. Only its hash is stored, so
 * the link is shown right after it is made and never again; a new link (after a confirmation) replaces the
 * old one, which stops working at once.
 */
import { CalendarPlus, RefreshCw } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from "../../domain/admin/calendar-feed";
import { formatDateTime } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";
import { CopyField } from "./copy-field";

export function CalendarFeedBox({
  feed,
  url,
}: {
  feed: { createdAt: string; lastUsedAt: string | null } | null;
  /** The link just made, from the action's answer. */
  url: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const button = "flex items-center gap-1 rounded-md px-4 py-2 text-sm font-semibold text-white aria-disabled:opacity-70";
  return (
    <section aria-labelledby="calendar-feed" className="mt-8 max-w-3xl rounded-lg border border-slate-200 p-4">
      <h2 id="calendar-feed" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarPlus aria-hidden="true" className="size-5" />
        {t("admin.calendarFeed.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("admin.calendarFeed.intro", { back: FEED_DAYS_BACK, ahead: FEED_DAYS_AHEAD })}</p>
      {url ? (
        <div className="mt-3 rounded-md border border-amber-400 bg-amber-50 p-3">
          <CopyField label={t("admin.calendarFeed.link")} value={url} testId="calendar-feed-url" />
          <p className="text-sm text-amber-950">{t("admin.calendarFeed.onceWarning")}</p>
        </div>
      ) : feed ? (
        <p className="mt-3 text-sm text-slate-800">
          {t("admin.calendarFeed.state", {
            created: formatDateTime(feed.createdAt, locale),
            used: feed.lastUsedAt ? formatDateTime(feed.lastUsedAt, locale) : t("admin.apiKeys.never"),
          })}
        </p>
      ) : null}
      {feed || url ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">{t("admin.calendarFeed.renewOpen")}</summary>
          <Form method="post" className="mt-2 space-y-2">
            <p className="text-sm text-slate-800">{t("admin.calendarFeed.renewWarning")}</p>
            <button
              type="submit"
              name="intent"
              value="calendarFeed"
              aria-disabled={busy || undefined}
              className={`${button} bg-red-700 hover:bg-red-800`}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t("admin.calendarFeed.renewConfirm")}
            </button>
          </Form>
        </details>
      ) : (
        <Form method="post" className="mt-3">
          <button
            type="submit"
            name="intent"
            value="calendarFeed"
            aria-disabled={busy || undefined}
            className={`${button} bg-brand-700 hover:bg-brand-800`}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t("admin.calendarFeed.create")}
          </button>
        </Form>
      )}
    </section>
  );
}
