/**
 * How an API endpoint is declared (decision 049): method, path, the scope it needs and the Zod schemas of its
 * path, query, body and answers. The router validates with these schemas and the OpenAPI document is written
 * from them, so what is documented is what is checked.
 */
import type { z } from "zod";
import type { Locale } from "../../domain/i18n";
import type { ApiScope } from "../../domain/integrations";
import type { Failure } from "../../domain/result";
import type { TFunction } from "../../i18n/i18n";
import { type Problem, problemOf } from "../http/problems.server";
import type { ApiKey } from "./keys.server";

type ApiContext<P, Q, B> = {
  key: ApiKey;
  locale: Locale;
  t: TFunction;
  params: P;
  query: Q;
  body: B;
  /** The shop's public origin for links (config's host policy, never a Host header the caller chose). */
  origin: string;
};

export type ApiAnswer = {
  status: number;
  body: unknown;
  /** The order the call made or touched, for the key's audit trail. */
  orderId?: string | null;
};

/**
 * Thrown to answer with a problem document: a service's failure through the one mapping (`refused`), or one
 * of the transport's own (no key, bad JSON) built by the router.
 */
export class ApiProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.type);
  }
}

/** A failure as the API refuses it (problems.server.ts): `errors.form` is the detail, the other keys the fields. */
export function refused(failure: Failure): ApiProblem {
  return new ApiProblem(problemOf(failure));
}

export type Endpoint<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = {
  method: "get" | "post";
  /** Express path under /api/v1, e.g. `/orders/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: "Catalogue" | "Availability" | "Orders";
  scope: ApiScope;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer on success: its status and schema. */
  ok: { status: 200 | 201; schema: z.ZodType; description: string };
  /**
   * Problems this endpoint's handler answers with, beyond those the router answers (401, 403, 429 always;
   * 400 with params, query or body; 413 and 415 with a body).
   */
  problems?: { status: number; description: string }[];
  handler: (context: ApiContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<ApiAnswer>;
};

/** Declares an endpoint with its types inferred from its schemas. */
export function endpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(definition: Endpoint<P, Q, B>): Endpoint {
  return definition as unknown as Endpoint;
}
