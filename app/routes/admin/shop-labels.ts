import type { LoaderFunctionArgs } from "react-router";
import { splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { branchLabels, unitLabelsPdf } from "../../server/counter/unit-labels.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { pdfResponse } from "../../server/http/downloads.server";
import { param, refuse } from "../../server/http/results.server";

/** /admin/shop/{id}/labels.pdf: the label sheet of every unit of the branch, for its staff and admins. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const sheet = await branchLabels(user, locale, param(rowId, params.id));
  if (!sheet.ok) return refuse(sheet, null);
  return pdfResponse(await unitLabelsPdf(sheet.value, locale), `labels-${sheet.value.slug}.pdf`);
}
