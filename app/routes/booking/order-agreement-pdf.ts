import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { agreementFile, agreementFileName } from "../../domain/counter/agreement";
import { agreementForCustomer } from "../../server/counter/agreements.server";
import { pdfResponse } from "../../server/http/downloads.server";
import { found, languageParam, param } from "../../server/http/results.server";

const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

/** /order/{token}/agreement/{version}.pdf: a signed version of the rental contract, as stored, for the holder of the order's link. */
export async function loader({ params }: LoaderFunctionArgs) {
  // A resource route runs without the language route's loader, so it checks the prefix itself.
  languageParam(params.lang);
  const version = param(agreementFile, params.file);
  const stored = found(await agreementForCustomer(param(token, params.id), version));
  return pdfResponse(stored.pdf, agreementFileName(stored.number, version), stored.sha256);
}
