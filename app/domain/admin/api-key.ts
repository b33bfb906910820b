/**
 * The back office's form for a new API key (decision 049): a name to recognise it by, one or more scopes,
 * and the branch it is limited to ("" for all branches).
 */
import { z } from "zod";
import { rowIdSchema } from "../ids";
import { API_SCOPES, type ApiScope, apiScopeSchema } from "../integrations";
import { requiredText } from "./fields";

export const apiKeySchema = z.object({
  name: requiredText(100),
  scopes: z
    .preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(apiScopeSchema, { message: "admin.apiKeys.errors.scopes" }),
    )
    .refine((scopes) => scopes.length > 0, { message: "admin.apiKeys.errors.scopes" })
    // Kept in the order of API_SCOPES, each once, whatever order the form posted them in.
    .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope))),
  shopId: z.preprocess((value) => (value === "" || value === undefined ? null : value), rowIdSchema("admin.errors.choose").nullable()),
});

/** The i18n key of a scope's name and of its one-line explanation. */
export const scopeMessage = (scope: ApiScope) => `admin.apiKeys.scope.${scope.replace(":", "_")}`;
export const scopeHint = (scope: ApiScope) => `admin.apiKeys.scopeHint.${scope.replace(":", "_")}`;

/** How a key is named in lists: its public prefix, never any of its secret. */
export const maskedKey = (prefix: string) => `rk_${prefix}_…`;
