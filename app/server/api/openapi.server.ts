/**
 * The OpenAPI 3.1 document of /api/v1, written from the endpoints' own Zod schemas (z.toJSONSchema: JSON
 * Schema 2020-12, OpenAPI 3.1's dialect), and a readable reference page made from that document.
 */
import { z } from "zod";
import { problemSchema } from "../../domain/api";
import { API_SCOPES, type ApiScope } from "../../domain/integrations";
import { PROBLEM_TYPES } from "../http/problems.server";
import type { Endpoint } from "./endpoint.server";
import { API_ENDPOINTS } from "./v1/endpoints.server";

const SCOPE_TEXT: Record<ApiScope, string> = {
  "catalog:read": "Read the catalogue, availability and quotes.",
  "orders:book": "Create held orders.",
  "orders:read": "Read orders.",
  "orders:manage": "Read and cancel orders.",
};

const PROBLEM_TEXT = {
  400: "The request does not validate: `errors` names each field (a JSON pointer) and what is wrong.",
  401: "No API key, or one that is unknown or revoked.",
  403: "The key lacks the scope this endpoint needs.",
  413: "The request body is larger than 100 kB.",
  415: "The request body is not declared as JSON (`Content-Type: application/json`).",
  429: "The key's rate limit is used up: wait `Retry-After` seconds.",
} as const;

/**
 * Every problem status the router itself answers for this endpoint, then the endpoint's own: 400 only where
 * there is input to refuse, 413 and 415 only where there is a body. An endpoint's own text for a status
 * replaces the common one.
 */
function problemsOf(e: Endpoint): { status: number; description: string }[] {
  const statuses: (keyof typeof PROBLEM_TEXT)[] = [
    ...(e.params || e.query || e.body ? [400 as const] : []),
    401,
    403,
    ...(e.body ? [413 as const, 415 as const] : []),
    429,
  ];
  return [...statuses.map((status) => ({ status, description: PROBLEM_TEXT[status] })), ...(e.problems ?? [])];
}

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

/** Path and query parameters, one per property of the object schema. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as { description?: string };
    return {
      name,
      in: where,
      required: where === "path" || (object.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function operation(e: Endpoint) {
  const problems = problemsOf(e).sort((a, b) => a.status - b.status);
  return {
    operationId: e.operationId,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [e.tag],
    security: [{ apiKey: [e.scope] }],
    "x-scope": e.scope,
    parameters: [...parameters(e.params, "path"), ...parameters(e.query, "query"), { $ref: "#/components/parameters/AcceptLanguage" }],
    ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(e.body, "input") } } } } : {}),
    responses: {
      [e.ok.status]: { description: e.ok.description, content: { "application/json": { schema: jsonSchema(e.ok.schema, "output") } } },
      ...Object.fromEntries(
        problems.map((p) => [
          String(p.status),
          { description: p.description, content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } },
        ]),
      ),
    },
  };
}

let cached: object | null = null;

export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const e of API_ENDPOINTS) {
    const path = openApiPath(e.path);
    paths[path] ??= {};
    paths[path][e.method] = operation(e);
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Dolomiti Rental API",
      version: "1.0.0",
      description:
        "The rental shop's catalogue, availability, prices and orders for partners and the shop's own software. Authenticate with an API key made in the back office (`Authorization: Bearer rk_…`). Errors are RFC 9457 problem details (`application/problem+json`, the `Problem` schema); each operation lists the statuses it answers. A path that is not in this document answers 404, and a method a path does not take 405 with `Allow`. Texts come in the language of `Accept-Language` (en, de, it, nl, nl-BE, da).",
    },
    servers: [{ url: "/api/v1" }],
    tags: [
      { name: "Catalogue", description: "Storefronts, branches, categories and items." },
      { name: "Availability", description: "What is free, and what it costs." },
      { name: "Orders", description: "Held orders, their state, cancellation." },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key. Scopes: ${API_SCOPES.map((s) => `\`${s}\` (${SCOPE_TEXT[s]})`).join(", ")}.`,
        },
      },
      parameters: {
        AcceptLanguage: {
          name: "Accept-Language",
          in: "header",
          required: false,
          description: "en, de, it, nl, nl-BE or da; English when none of them.",
          schema: { type: "string" },
        },
      },
      schemas: { Problem: jsonSchema(problemSchema, "output") },
    },
  };
  return cached;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reference as one plain HTML page: each endpoint, its scope, its parameters and its problems. */
export function apiDocsPage(nonce: string | undefined): string {
  const doc = openApiDocument() as {
    info: { title: string; description: string };
    paths: Record<string, Record<string, ReturnType<typeof operation>>>;
  };
  const sections = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters
        .filter((p): p is Exclude<typeof p, { $ref: string }> => !("$ref" in p))
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ", required" : ""})${p.description ? `: ${escapeHtml(p.description)}` : ""}</li>`,
        )
        .join("");
      const body = op.requestBody
        ? `<details><summary>Request body (JSON Schema)</summary><pre>${escapeHtml(JSON.stringify(op.requestBody.content["application/json"].schema, null, 2))}</pre></details>`
        : "";
      const answers = Object.entries(op.responses)
        .map(([status, r]) => `<li><strong>${status}</strong>: ${escapeHtml((r as { description: string }).description)}</li>`)
        .join("");
      return `<section id="${op.operationId}"><h3><span class="m">${method.toUpperCase()}</span> <code>/api/v1${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}. Scope <code>${op["x-scope"]}</code>.</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ""}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}${body}<h4>Answers</h4><ul>${answers}</ul></section>`;
    }),
  );
  const problems = PROBLEM_TYPES.map((code) => `<li id="problem-${code}"><code>${code}</code></li>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><style${nonce ? ` nonce="${nonce}"` : ""}>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1c2430}code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{overflow:auto;background:#f4f6f8;padding:.75rem}section{border-top:1px solid #d5dbe1;padding:.5rem 0}.m{display:inline-block;min-width:3.5rem;font-size:.8em;background:#0b5394;color:#fff;border-radius:4px;padding:0 .4rem;text-align:center}</style></head>
<body><main><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p>
<p>The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Endpoints</h2>${sections.join("\n")}
<h2>Problems</h2><p>Every error is <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and, for bad input, <code>errors</code>. The types:</p><ul>${problems}</ul>
</main></body></html>`;
}
