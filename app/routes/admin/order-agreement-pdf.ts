import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { agreementFile, agreementFileName } from "../../domain/counter/agreement";
import { agreementForStaff } from "../../server/counter/agreements.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { pdfResponse } from "../../server/http/downloads.server";
import { found, param } from "../../server/http/results.server";

/** /admin/order/{id}/agreement/{version}.pdf: a signed version of the contract, as stored, for staff of the order's branch. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const id = param(z.uuid(), params.id);
  const version = param(agreementFile, params.file);
  const stored = found(await agreementForStaff(user, id, version));
  return pdfResponse(stored.pdf, agreementFileName(stored.number, version), stored.sha256);
}
