import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The layers of app/ (README, "layout of the house"): domain holds pure rules, server does the I/O,
 * components and routes render. Arrows run downwards only; one that runs back up (a mail template
 * importing a React component's folder, domain reaching for the database) goes unnoticed until the
 * layers have grown into each other, so every file's imports are checked here. Tests beside the
 * code are read like the code: they live in the same layer.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

/** `names`: the bindings a value import takes by their exported names (`default`, `*` for the whole module). */
type ImportRef = { specifier: string; typeOnly: boolean; line: number; names?: string[] };

/**
 * The TypeScript parser rather than a regular expression: multi-line imports, `import type` and
 * imports inside comments or strings are all told apart correctly.
 *
 * Only a declaration marked `type` as a whole counts as type-only. With `verbatimModuleSyntax`
 * (tsconfig.json) `import { type X } from "m"` compiles to `import {} from "m"`: the module is still
 * loaded, so a component importing a server module that way would pull it into the browser's bundle.
 * JSX counts as the import of `react/jsx-runtime` the compiler writes for it.
 */
function parseImports(fileName: string, source: string): ImportRef[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ImportRef[] = [];
  const add = (node: ts.Node, specifier: string, typeOnly: boolean, names?: string[]) =>
    found.push({ specifier, typeOnly, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, ...(names && { names }) });
  let jsx = false;
  const visit = (node: ts.Node) => {
    // With `"jsx": "react-jsx"` the compiler adds `import … from "react/jsx-runtime"` to a file with JSX.
    if (!jsx && (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node))) {
      jsx = true;
      add(node, "react/jsx-runtime", false);
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.importClause?.isTypeOnly === true, importedNames(node.importClause));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      // A computed specifier cannot be checked, so it is reported as such rather than skipped.
      add(node, argument && ts.isStringLiteralLike(argument) ? argument.text : `<computed: ${argument?.getText(file) ?? ""}>`, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function importedNames(clause: ts.ImportClause | undefined): string[] {
  if (!clause || clause.isTypeOnly) return [];
  const names = clause.name ? ["default"] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
  if (bindings && ts.isNamedImports(bindings)) {
    for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
  }
  return names;
}

/**
 * Where a file makes an HTTP answer with the global `Response`: `new Response(…)`, `Response.json(…)`,
 * `Response.redirect(…)`. A service answers with data or a `Result`; the route makes the answer.
 */
function responsesBuilt(fileName: string, source: string): number[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines: number[] = [];
  const isResponse = (node: ts.Node) => ts.isIdentifier(node) && node.text === "Response";
  const visit = (node: ts.Node) => {
    const built =
      (ts.isNewExpression(node) && isResponse(node.expression)) ||
      (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isResponse(node.expression.expression));
    if (built) lines.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}

/** Where a specifier lands: a repository path such as `app/server/db/client` for a relative one, else the package. */
function resolveTarget(fromFile: string, specifier: string): { kind: "app"; path: string } | { kind: "package"; name: string } {
  if (specifier.startsWith(".")) return { kind: "app", path: path.posix.join(path.posix.dirname(fromFile), specifier) };
  return { kind: "package", name: specifier };
}

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/**
 * What domain may import besides domain itself and the language tables in app/i18n: pure libraries
 * only. `node:crypto` serves pure hashing (TOTP's HMAC), `node:net` only `isIP`, a pure parse; I/O
 * (`node:fs`, `pg`, PGlite, Drizzle) and React are absent on purpose.
 */
const DOMAIN_PACKAGES = ["zod", "node:crypto", "node:net"] as const;
/** Test files anywhere may also use the test runner. */
const TEST_PACKAGES = ["vitest"] as const;
/** The demo's art is checked by rendering it as the seed does. */
const DEMO_TEST_PACKAGES: readonly string[] = ["vitest", "sharp"];

const REACT = /^react(-dom)?(\/|$)/;
/**
 * The HTTP layer of server: the Express app, the form reader, the failure mapping, cookies written, and
 * the JSON API's endpoints, which stand to the services as the routes do. Everything else in server is a
 * service.
 */
const isHttp = (file: string) => under(file, "app/server/http") || under(file, "app/server/api");
/** What of react-router makes an HTTP answer; `createCookie` and the types are fine anywhere in server. */
const RESPONSE_MAKERS: readonly string[] = ["data", "redirect", "redirectDocument", "replace", "*"];
/** The HTML shell, `app/root.tsx`: what a component needs from it comes down as props or through context. */
const isRoot = (target: string) => target.replace(/\.tsx?$/, "") === "app/root";

/** Why an import breaks the layers, or null when it does not. `fromFile` is relative to the repository, with `/`. */
function offence(fromFile: string, ref: Pick<ImportRef, "specifier" | "typeOnly" | "names">): string | null {
  if (ref.specifier.startsWith("<computed")) {
    return under(fromFile, "app/domain") ||
      under(fromFile, "app/server") ||
      under(fromFile, "app/components") ||
      under(fromFile, "app/i18n")
      ? "a computed import cannot be checked"
      : null;
  }
  const isTest = /\.test\.tsx?$/.test(fromFile);
  const target = resolveTarget(fromFile, ref.specifier);
  if (under(fromFile, "app/domain")) {
    if (target.kind === "package") {
      const allowed: readonly string[] = isTest ? [...DOMAIN_PACKAGES, ...TEST_PACKAGES] : DOMAIN_PACKAGES;
      return allowed.includes(target.name) ? null : `domain uses only ${allowed.join(", ")}`;
    }
    if (under(target.path, "app/domain")) return null;
    const name = path.posix.basename(target.path);
    // The React bindings and server-only loaders of app/i18n are off limits; its tables are pure data.
    if (under(target.path, "app/i18n") && !name.startsWith("react") && !name.includes(".server")) return null;
    return "domain imports only domain and app/i18n's pure modules";
  }
  if (under(fromFile, "app/demo")) {
    // The demo shop is planning code: pure like domain, typed against the schema's rows.
    if (target.kind === "package") {
      return isTest && DEMO_TEST_PACKAGES.includes(target.name) ? null : "demo uses no package (its tests: vitest, sharp)";
    }
    if (under(target.path, "app/demo") || under(target.path, "app/domain")) return null;
    // The shapes of the rows it plans; nothing else of server.
    if (target.path.replace(/\.ts$/, "") === "app/server/db/schema" && ref.typeOnly) return null;
    return "demo imports only demo, domain and the types of server/db/schema";
  }
  if (target.kind === "app" && under(target.path, "app/demo") && !under(fromFile, "app/server/db/seed")) {
    return "only the seed (server/db/seed) and tests outside app/ use demo";
  }
  if (under(fromFile, "app/server")) {
    if (target.kind === "package") {
      if (REACT.test(target.name)) return "server renders nothing: no react or react-dom";
      if (isHttp(fromFile)) return null;
      if (target.name === "express" && !ref.typeOnly) return "services answer no HTTP: express is server/http's";
      if (target.name !== "react-router") return null;
      const answers = (ref.names ?? []).filter((name) => RESPONSE_MAKERS.includes(name));
      return answers.length > 0
        ? `services answer no HTTP: ${answers.join(", ")} from react-router is server/http's and the routes'`
        : null;
    }
    if (under(target.path, "app/components") || under(target.path, "app/routes") || isRoot(target.path)) {
      return "server imports nothing from components or routes";
    }
    if (isHttp(fromFile)) return null;
    // A service answers with data or a Result; turning that into a Response is the HTTP layer's job (§4.2).
    if (isHttp(target.path)) return "services import nothing from server/http or server/api";
    return null;
  }
  if (under(fromFile, "app/i18n") && target.kind === "app") {
    if (["app/server", "app/components", "app/routes"].some((layer) => under(target.path, layer)) || isRoot(target.path)) {
      return "i18n imports only domain and itself";
    }
  }
  if (under(fromFile, "app/components") && target.kind === "app") {
    if (under(target.path, "app/routes") || isRoot(target.path)) return "components import nothing from routes or root.tsx";
    if (under(target.path, "app/server") && !ref.typeOnly) return "components import only types from server";
  }
  return null;
}

/** Server code outside the HTTP layer that may build no Response: a test beside it may (it stubs `fetch`). */
const isService = (file: string) => under(file, "app/server") && !isHttp(file) && !/\.test\.tsx?$/.test(file);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    // Generated by `react-router typegen`, not written by us.
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

describe("layers of app/", () => {
  const files = sourceFiles(path.join(ROOT, "app")).map((full) => path.relative(ROOT, full).split(path.sep).join("/"));

  it("reads the whole app", () => {
    expect(files.length).toBeGreaterThan(100);
    for (const layer of ["app/domain/", "app/server/", "app/components/", "app/routes/"]) {
      expect(files.some((file) => file.startsWith(layer))).toBe(true);
    }
  });

  // Parsing every file with the TypeScript parser takes seconds, more on a busy machine: a longer timeout.
  it("no import runs back up a layer", () => {
    const found: { offence: string; line: number }[] = [];
    let imports = 0;
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      for (const ref of parseImports(file, source)) {
        imports++;
        const why = offence(file, ref);
        if (why) found.push({ offence: `${file} imports "${ref.specifier}": ${why}`, line: ref.line });
      }
      if (isService(file)) {
        for (const line of responsesBuilt(file, source))
          found.push({ offence: `${file} builds a Response: services answer no HTTP`, line });
      }
    }
    expect(imports).toBeGreaterThan(files.length);
    const offences = found.map(({ offence, line }) => offence.replace(" ", `:${line} `));
    expect(offences, `imports that run back up a layer:\n${offences.join("\n")}`).toEqual([]);
  }, 60_000);

  // Proves the check above cannot pass by finding nothing.
  it("parses every kind of import", () => {
    const source = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      'import { type C, type D } from "./c";',
      'import type * as Whole from "./whole";',
      'import { type E, f } from "./e";',
      'import "./side-effect";',
      'export { g } from "./g";',
      'export type { H } from "./h";',
      'export { type I } from "./i";',
      'export * from "./all";',
      "// import { nope } from './comment';",
      'const later = () => import("./lazy");',
      'type T = import("./typed").T;',
    ].join("\n");
    expect(parseImports("x.ts", source).map(({ specifier, typeOnly }) => [specifier, typeOnly])).toEqual([
      ["./a", false],
      ["./b", true],
      // Still loaded at run time under verbatimModuleSyntax, see parseImports.
      ["./c", false],
      ["./whole", true],
      ["./e", false],
      ["./side-effect", false],
      ["./g", false],
      ["./h", true],
      ["./i", false],
      ["./all", false],
      ["./lazy", false],
      ["./typed", true],
    ]);
  });

  it("flags imports that run back up and lets the others pass", () => {
    type Ref = Pick<ImportRef, "specifier" | "typeOnly" | "names">;
    const value = (specifier: string, ...names: string[]): Ref => ({ specifier, typeOnly: false, names });
    const type = (specifier: string) => ({ specifier, typeOnly: true });
    const bad: [string, Ref][] = [
      ["app/server/mail/order-confirmation.server.ts", value("../../components/format")],
      ["app/server/mail/order-confirmation.server.ts", type("../../routes/site/home")],
      ["app/server/http/x.test.ts", value("../../components/deferred-hydration")],
      ["app/components/site/offer-page.tsx", value("../../server/catalog/offer.server")],
      ["app/domain/pricing.ts", value("../server/db/client.server")],
      ["app/domain/admin/fields.ts", type("../../components/format")],
      ["app/domain/pricing.ts", value("../i18n/react")],
      ["app/domain/pricing.ts", value("../i18n/messages.server")],
      ["app/domain/pricing.test.ts", value("../routes/site/home")],
      ...["react", "react-dom", "react-router", "@react-router/node", "node:fs", "pg", "@electric-sql/pglite", "drizzle-orm", "vitest"].map(
        (name) => ["app/domain/pricing.ts", value(name)] as [string, { specifier: string; typeOnly: boolean }],
      ),
      ["app/domain/pricing.ts", value("<computed: name>")],
      // Services stay below the HTTP layer and answer no HTTP themselves.
      ["app/server/orders/orders.server.ts", value("../http/results.server", "refuse")],
      ["app/server/orders/orders.server.ts", type("../http/forms.server")],
      ["app/server/admin/items.server.ts", value("../../server/http/forms.server", "readForm")],
      ["app/server/booking/flow.server.ts", value("react-router", "redirect")],
      ["app/server/booking/flow.server.ts", value("react-router", "createCookie", "data")],
      ["app/server/booking/flow.server.ts", value("react-router", "*")],
      ["app/server/webhooks/deliveries.server.ts", value("express", "default")],
      ["app/server/webhooks/deliveries.server.ts", value("../api/v1/orders.server")],
      // Components take nothing from the routes above them, nor from the root route.
      ["app/components/site/offer-page.tsx", type("../../routes/site/item")],
      ["app/components/error-page.tsx", type("../root")],
      ["app/components/use-locale.ts", value("../root.tsx")],
      ["app/components/x.tsx", value("../routes")],
      // The language tables and the translator sit beside domain: no server, no components, no routes.
      ["app/i18n/messages.server.ts", value("../server/settings/settings.server")],
      ["app/i18n/i18n.ts", type("../server/db/schema")],
      ["app/i18n/react.tsx", value("../components/use-locale")],
      ["app/i18n/bundles.ts", value("../routes/site/home")],
      ["app/i18n/i18n.ts", value("<computed: name>")],
      // Server renders nothing, not even in server/http or a test.
      ["app/server/mail/order-confirmation.server.ts", value("react")],
      ["app/server/mail/order-confirmation.server.ts", value("react-dom/server")],
      ["app/server/mail/order-confirmation.server.ts", value("react/jsx-runtime")],
      ["app/server/http/app.server.ts", value("react-dom")],
      ["app/server/http/x.test.ts", value("react")],
      // The demo is pure planning code that only server seeds from.
      ["app/demo/season.ts", value("../server/db/client.server", "getDb")],
      ["app/demo/demo-data.ts", value("../server/db/schema", "items")],
      ["app/demo/season.ts", value("drizzle-orm", "sql")],
      ["app/demo/art/index.ts", value("sharp", "default")],
      ["app/demo/season.ts", value("../components/format")],
      ["app/demo/season.ts", type("../server/booking/holds.server")],
      ["app/server/booking/quote.server.ts", value("../../demo/season")],
      ["app/server/media/demo-pictures.server.ts", type("../../demo/art")],
      ["app/components/site/offer-page.tsx", type("../../demo/demo-data")],
      ["app/routes/site/home.tsx", value("../../demo/season")],
      ["app/domain/pricing.ts", value("../demo/season")],
      // A test beside a service is read like the service.
      ["app/server/orders/order-page.test.ts", value("../http/results.server")],
      ["app/server/orders/order-page.test.ts", value("react-router", "redirect")],
    ];
    for (const [file, ref] of bad) expect(offence(file, ref), `${file} -> ${ref.specifier}`).not.toBeNull();

    const good: [string, Ref][] = [
      ["app/components/site/offer-page.tsx", type("../../server/catalog/offer.server")],
      ["app/components/site/offer-page.tsx", value("../../domain/format")],
      ["app/server/mail/order-confirmation.server.ts", value("../../domain/format")],
      ["app/domain/admin/fields.ts", value("../i18n")],
      ["app/domain/i18n.ts", value("../i18n/bundles")],
      ["app/domain/pricing.ts", value("zod")],
      ["app/domain/pricing.test.ts", value("vitest")],
      ["app/routes/site/home.tsx", value("../../server/catalog/offer.server")],
      ["app/routes/site/home.tsx", value("../../root")],
      ["app/server/http/results.server.ts", value("react-router", "data", "redirect")],
      ["app/server/http/results.server.ts", value("../orders/orders.server")],
      ["app/server/http/app.server.ts", value("express", "default")],
      ["app/server/auth/session.server.ts", value("react-router", "createCookie")],
      ["app/server/auth/session.server.ts", type("react-router")],
      ["app/server/http/guards.test.ts", value("express", "default")],
      ["app/server/orders/order-page.test.ts", value("vitest", "expect")],
      ["app/server/orders/orders.server.ts", value("zod", "*")],
      ["app/server/webhooks/deliveries.server.ts", type("express")],
      ["app/server/api/router.server.ts", value("express", "default")],
      ["app/server/api/v1/orders.server.ts", value("../../http/problems.server")],
      ["app/i18n/i18n.ts", value("../domain/i18n")],
      ["app/i18n/react.tsx", value("react")],
      ["app/components/site/offer-page.tsx", value("../../i18n/react")],
      ["app/demo/demo-data.ts", type("../server/db/schema")],
      ["app/demo/season.ts", value("../domain/order-states", "isPaid")],
      ["app/demo/art/art.test.ts", value("sharp", "default")],
      ["app/demo/art/art.test.ts", value("vitest", "expect")],
      ["app/server/db/seed/seed.server.ts", value("../../../demo/demo-data")],
    ];
    for (const [file, ref] of good) expect(offence(file, ref), `${file} -> ${ref.specifier}`).toBeNull();
  });

  it("reads the names a value import takes and the JSX runtime a .tsx file loads", () => {
    const source = [
      'import { data as answer, redirect, type LoaderFunctionArgs, createCookie } from "react-router";',
      'import express, * as all from "express";',
      'import type { Cookie } from "react-router";',
      "export const Page = () => <p>hi</p>;",
    ].join("\n");
    expect(parseImports("app/server/x.server.tsx", source).map(({ specifier, names }) => [specifier, names])).toEqual([
      ["react-router", ["data", "redirect", "createCookie"]],
      ["express", ["default", "*"]],
      ["react-router", []],
      ["react/jsx-runtime", undefined],
    ]);
    expect(parseImports("app/server/x.server.tsx", "export const n = 1 < 2;")).toEqual([]);
  });

  it("finds the Responses a file builds, not the ones it only names", () => {
    const source = [
      "export function pdf(bytes: Uint8Array): Response {",
      "  if (bytes.length === 0) return Response.json({ empty: true });",
      '  return new Response(bytes, { headers: { "Content-Type": "application/pdf" } });',
      "}",
      "const lastResponse = row.lastResponse;",
      'const kind: typeof Response = globalThis.Response; // new Response("comment")',
    ].join("\n");
    expect(responsesBuilt("app/server/x.server.ts", source)).toEqual([2, 3]);
  });

  it("reads a component's imports of server the way the bundler does", () => {
    const source = [
      'import type { OfferItem } from "../../server/catalog/offer.server";',
      'import { type OfferKind } from "../../server/catalog/offer.server";',
      'import { getOffer } from "../../server/catalog/offer.server";',
      'const later = () => import("../../server/catalog/offer.server");',
    ].join("\n");
    const file = "app/components/site/offer-page.tsx";
    expect(parseImports(file, source).map((ref) => offence(file, ref) !== null)).toEqual([false, true, true, true]);
  });
});
