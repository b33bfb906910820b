import type { LoaderFunctionArgs } from "react-router";
import { csvDialect } from "../../domain/admin/order";
import { splitLocale } from "../../domain/i18n";
import { zonedDate } from "../../domain/periods";
import { CSV_COLUMNS, csvRows, reportCsv, reportCsvQuery, reportRange, reportScope } from "../../domain/reports/reports";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { requireBackOffice, requireBranch } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import { languageParam } from "../../server/http/results.server";
import { getReports } from "../../server/reports/reports.server";

/** /admin/reports.csv?report=…: one report of the reports page as a CSV file, with the page's filters and access. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // A resource route runs without the language route's loader, so it checks the prefix itself.
  languageParam(params.lang);
  const user = await requireBackOffice(request);
  const url = new URL(request.url);
  const query = readQuery(request, reportCsvQuery);
  if (query.shop !== undefined) requireBranch(user, query.shop);
  const range = reportRange(query, zonedDate(new Date()));
  const { locale } = splitLocale(url.pathname);
  const t = getT(locale, messages[locale]);
  const data = await getReports(reportScope(user.shopIds, query.shop), range);
  const header = CSV_COLUMNS[query.report].map((key) => t(`admin.reports.csvColumn.${key}`));
  const csv = reportCsv(header, csvRows(query.report, data, locale, t), csvDialect(locale));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${query.report}-${range.from}-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
