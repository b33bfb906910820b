import type { LoaderFunctionArgs } from "react-router";
import { splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { requireBackOffice } from "../../server/auth/guards.server";
import { branchLabels, unitLabelsPdf } from "../../server/counter/unit-labels.server";
import { pdfResponse } from "../../server/http/downloads.server";
import { found, param } from "../../server/http/results.server";

/** /admin/shop/{id}/labels.pdf: the label sheet of every unit of the branch, for its staff and admins. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const sheet = await branchLabels(user, locale, param(rowId, params.id));
  const labels = found(sheet.ok ? sheet.value : null);
  return pdfResponse(await unitLabelsPdf(labels, locale), `labels-${labels.slug}.pdf`);
}
