import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { itemLabels, unitLabelsPdf } from "../../server/counter/unit-labels.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { pdfResponse } from "../../server/http/downloads.server";
import { readQuery } from "../../server/http/query.server";
import { param, refuse } from "../../server/http/results.server";

/** One branch's units only (`?shop={id}`); a malformed id is a page that does not exist. */
const labelsQuery = z.object({ shop: rowId.optional() });

/**
 * /admin/item/{id}/labels.pdf: the label sheet of the item's units at the user's branches, or at one branch
 * with `?shop={id}` (another branch's is 403).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const id = param(rowId, params.id);
  const { shop } = readQuery(request, labelsQuery);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const sheet = await itemLabels(user, locale, id, shop);
  if (!sheet.ok) return refuse(sheet, null);
  return pdfResponse(await unitLabelsPdf(sheet.value, locale), `labels-${sheet.value.slug}.pdf`);
}
