import { describe, expect, it } from "vitest";
import { buildSitemap } from "./sitemap";

describe("buildSitemap", () => {
  const xml = buildSitemap("https://rent.example", "de", [
    { path: "/" },
    { path: "/shop/a&b", lastModified: new Date("2026-11-02T10:00:00Z") },
  ]);

  it("lists the language's URLs with alternates in all six languages and x-default", () => {
    expect(xml).toContain("<loc>https://rent.example/de</loc>");
    expect(xml).toContain('hreflang="nl-BE" href="https://rent.example/be"');
    expect(xml).toContain('hreflang="x-default" href="https://rent.example/"');
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.match(/xhtml:link/g)).toHaveLength(14);
  });

  it("escapes XML and writes W3C dates", () => {
    expect(xml).toContain("<loc>https://rent.example/de/shop/a&amp;b</loc>");
    expect(xml).toContain("<lastmod>2026-11-02</lastmod>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
