import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { agreementFile } from "../../domain/counter/agreement";
import { requireBackOffice } from "../../server/auth/guards.server";
import { agreementForStaff, agreementResponse } from "../../server/counter/agreements.server";
import { found, param } from "../../server/http/results.server";

/** /admin/order/{id}/agreement/{version}.pdf: a signed version of the contract, as stored, for staff of the order's branch. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const id = param(z.uuid(), params.id);
  const version = param(agreementFile, params.file);
  return agreementResponse(found(await agreementForStaff(user, id, version)), version);
}
