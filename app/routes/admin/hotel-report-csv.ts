import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { splitLocale } from "../../domain/i18n";
import { zonedDate } from "../../domain/periods";
import { commissionCsv, reportMonth } from "../../domain/reports/hotel-reports";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import { languageParam } from "../../server/http/results.server";
import { commissionReport } from "../../server/reports/hotel-reports.server";

const query = z.object({ month: reportMonth.optional().catch(undefined) });

/** The commission report of a month as a CSV file, headed in the page's language. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // A resource route runs without the language route's loader, so it checks the prefix itself.
  languageParam(params.lang);
  await requireAdmin(request);
  const url = new URL(request.url);
  const month = readQuery(request, query).month ?? zonedDate(new Date()).slice(0, 7);
  const { locale } = splitLocale(url.pathname);
  const t = getT(locale, messages[locale]);
  const headers = ["month", "hotel", "town", "commissionPercent", "orders", "revenue", "commission"].map((key) =>
    t(`admin.hotels.csv.${key}`),
  );
  const { rows } = await commissionReport(month);
  // The byte order mark makes spreadsheet programs read the file as UTF-8 (accented hotel names).
  return new Response(`\uFEFF${commissionCsv(month, rows, headers, locale)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="commission-${month}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
