import type { LoaderFunctionArgs } from "react-router";
import { splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { requireBackOffice } from "../../server/auth/guards.server";
import { itemLabels, labelSheetResponse } from "../../server/counter/unit-labels.server";
import { found, param } from "../../server/http/results.server";

/**
 * /admin/item/{id}/labels.pdf: the label sheet of the item's units at the user's branches, or at one branch
 * with `?shop={id}` (another branch's is 403).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const id = param(rowId, params.id);
  const shop = new URL(request.url).searchParams.get("shop");
  const { locale } = splitLocale(new URL(request.url).pathname);
  const sheet = await itemLabels(user, locale, id, shop === null ? undefined : param(rowId, shop));
  return labelSheetResponse(found(sheet.ok ? sheet.value : null), locale);
}
