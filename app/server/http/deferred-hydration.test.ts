/**
 * The document rewrite behind hydration after the first paint (decision 024): fed through real streams, in
 * chunks cut at every position.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration } from "./deferred-hydration.server";

const document = [
  '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-a1.js" nonce="n0"/>',
  '<link rel="modulepreload" href="/assets/site-b2.js" nonce="n0"/>',
  '<link rel="canonical" href="https://example.test/de"/></head>',
  "<body><h1>Skiverleih – Größe, Ausrüstung, Schlüssel 🎿</h1>",
  '<script nonce="n0">window.__reactRouterContext = {};</script>',
  '<script nonce="n0" type="module" async="">import * as route0 from "/assets/root-c3.js";</script>',
  "</body></html>",
].join("");

const expected = document
  .replaceAll('<link rel="modulepreload" ', '<link rel="x-modulepreload" ')
  .replace('type="module" async=""', 'type="x-deferred-module"');

async function rewrite(chunks: Buffer[]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(deferHydration())) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString("utf8");
}

describe("deferHydration", () => {
  it("makes the module preloads and the bootstrap module inert, and leaves everything else as it was", async () => {
    const result = await rewrite([Buffer.from(document)]);
    expect(result).toBe(expected);
    expect(result).not.toContain('rel="modulepreload"');
    expect(result).not.toContain('type="module"');
  });

  it("finds a match split across two chunks, and never splits a character, at every cut", async () => {
    const bytes = Buffer.from(document);
    for (let cut = 1; cut < bytes.length; cut++) {
      const result = await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(result, `cut at byte ${cut}`).toBe(expected);
    }
  });

  it("works byte by byte", async () => {
    const bytes = Buffer.from(document);
    const result = await rewrite([...bytes].map((byte) => Buffer.from([byte])));
    expect(result).toBe(expected);
  });
});
