/**
 * The API's contract, checked from the outside (issue 33): every answer a test receives is held against the
 * OpenAPI document the server itself serves at /api/v1/openapi.json. The operation is found by method and
 * path template; its documented statuses, the media type of that status and the JSON Schema of the body
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1, with formats such as date-time, uuid, email and uri)
 * must all hold. A path or method the document does not have may only answer 404 or 405 with a problem
 * document, as the document's description promises.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

type Schema = Record<string, unknown>;
type MediaTypes = Record<string, { schema?: Schema }>;
type Operation = { operationId: string; responses: Record<string, { content?: MediaTypes }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** One answer as the tests see it: the status, the Content-Type header and the parsed body (null when none). */
export type ApiExchange = { method: string; path: string; status: number; contentType: string | null; body: unknown };

const BASE = "/api/v1";

/** The schema with every `$ref` into the document replaced by what it points to (the document has no cycles). */
function resolve(value: unknown, doc: Document, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((entry) => resolve(entry, doc, seen));
  if (!value || typeof value !== "object") return value;
  const { $ref, ...rest } = value as Schema;
  if (typeof $ref === "string") {
    if (!$ref.startsWith("#/") || seen.includes($ref)) throw new Error(`cannot resolve ${$ref}`);
    const target = $ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], doc);
    if (target === undefined) throw new Error(`${$ref} points nowhere`);
    return resolve({ ...(target as Schema), ...rest }, doc, [...seen, $ref]);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, entry]) => [key, resolve(entry, doc, seen)]));
}

function templateMatches(template: string, path: string): boolean {
  const want = template.split("/");
  const have = path.replace(/\/$/, "").split("/");
  return want.length === have.length && want.every((part, i) => /^\{\w+\}$/.test(part) || part === have[i]);
}

export class ApiContract {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Document) {
    addFormats(this.ajv);
  }

  /** The document as the server serves it. */
  static async load(request: (path: string) => Promise<Response>): Promise<ApiContract> {
    const response = await request(`${BASE}/openapi.json`);
    if (response.status !== 200) throw new Error(`the OpenAPI document answered ${response.status}`);
    return new ApiContract((await response.json()) as Document);
  }

  private validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(resolve(schema, this.doc) as Schema);
      this.validators.set(key, validate);
    }
    return validate;
  }

  private operation(method: string, path: string): { template: string; operation: Operation } | null {
    const local = path.split("?")[0].slice(BASE.length) || "/";
    const lower = method.toLowerCase();
    // A literal path wins over a template (`/orders` is not `/orders/{id}` with an empty id).
    const templates = Object.keys(this.doc.paths).sort((a, b) => a.split("{").length - b.split("{").length);
    for (const template of templates)
      if (templateMatches(template, local) && this.doc.paths[template][lower])
        return { template, operation: this.doc.paths[template][lower] };
    return null;
  }

  /** Every way the answer departs from the document; empty when it conforms. */
  check(exchange: ApiExchange): string[] {
    const { method, path, status } = exchange;
    const mediaType = exchange.contentType?.split(";")[0].trim().toLowerCase() ?? null;
    const found = this.operation(method, path);
    const where = `${method.toUpperCase()} ${path.split("?")[0]} → ${status}`;
    let content: MediaTypes | undefined;
    let key: string;
    if (!found) {
      if (status !== 404 && status !== 405) return [`${where}: the document has no such operation, and the answer is not 404 or 405`];
      content = { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } };
      key = "Problem";
    } else {
      const response = found.operation.responses[String(status)];
      if (!response) return [`${where}: status ${status} is not documented for ${found.operation.operationId}`];
      content = response.content;
      key = `${found.operation.operationId} ${status}`;
    }
    if (!content) return exchange.body === null ? [] : [`${where}: a body where the document has none`];
    if (!mediaType || !content[mediaType])
      return [`${where}: Content-Type ${mediaType ?? "(none)"} where the document says ${Object.keys(content).join(" or ")}`];
    const schema = content[mediaType].schema;
    if (!schema) return [];
    const validate = this.validator(`${key} ${mediaType}`, schema);
    if (validate(exchange.body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${where}: body${e.instancePath} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
    );
  }

  /** Throws with every departure, so a test that receives a non-conforming answer fails where it called. */
  assert(exchange: ApiExchange): void {
    const errors = this.check(exchange);
    if (errors.length > 0) throw new Error(`The answer departs from the OpenAPI document:\n${errors.join("\n")}`);
  }
}
