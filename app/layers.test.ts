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

type ImportRef = { specifier: string; typeOnly: boolean; line: number };

/**
 * The TypeScript parser rather than a regular expression: multi-line imports, `import type` and
 * imports inside comments or strings are all told apart correctly.
 *
 * Only a declaration marked `type` as a whole counts as type-only. With `verbatimModuleSyntax`
 * (tsconfig.json) `import { type X } from "m"` compiles to `import {} from "m"`: the module is still
 * loaded, so a component importing a server module that way would pull it into the browser's bundle.
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
  const add = (node: ts.Node, specifier: string, typeOnly: boolean) =>
    found.push({ specifier, typeOnly, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.importClause?.isTypeOnly === true);
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

/** Why an import breaks the layers, or null when it does not. `fromFile` is relative to the repository, with `/`. */
function offence(fromFile: string, ref: Pick<ImportRef, "specifier" | "typeOnly">): string | null {
  if (ref.specifier.startsWith("<computed")) {
    return under(fromFile, "app/domain") || under(fromFile, "app/server") || under(fromFile, "app/components")
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
  if (under(fromFile, "app/server") && target.kind === "app") {
    if (under(target.path, "app/components") || under(target.path, "app/routes")) return "server imports nothing from components or routes";
  }
  if (under(fromFile, "app/components") && target.kind === "app" && under(target.path, "app/server") && !ref.typeOnly) {
    return "components import only types from server";
  }
  return null;
}

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
    const offences: string[] = [];
    let imports = 0;
    for (const file of files) {
      for (const ref of parseImports(file, readFileSync(path.join(ROOT, file), "utf8"))) {
        imports++;
        const why = offence(file, ref);
        if (why) offences.push(`${file}:${ref.line} imports "${ref.specifier}": ${why}`);
      }
    }
    expect(imports).toBeGreaterThan(files.length);
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
    const value = (specifier: string) => ({ specifier, typeOnly: false });
    const type = (specifier: string) => ({ specifier, typeOnly: true });
    const bad: [string, { specifier: string; typeOnly: boolean }][] = [
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
    ];
    for (const [file, ref] of bad) expect(offence(file, ref), `${file} -> ${ref.specifier}`).not.toBeNull();

    const good: [string, { specifier: string; typeOnly: boolean }][] = [
      ["app/components/site/offer-page.tsx", type("../../server/catalog/offer.server")],
      ["app/components/site/offer-page.tsx", value("../../domain/format")],
      ["app/server/mail/order-confirmation.server.ts", value("../../domain/format")],
      ["app/domain/admin/fields.ts", value("../i18n")],
      ["app/domain/i18n.ts", value("../i18n/bundles")],
      ["app/domain/pricing.ts", value("zod")],
      ["app/domain/pricing.test.ts", value("vitest")],
      ["app/routes/site/home.tsx", value("../../server/catalog/offer.server")],
    ];
    for (const [file, ref] of good) expect(offence(file, ref), `${file} -> ${ref.specifier}`).toBeNull();
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
