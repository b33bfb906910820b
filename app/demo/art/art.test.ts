import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoCategories, demoItems, demoShops } from "../demo-data";
import { type ArtSubject, demoArt } from "./index";
import { demoArtSubjects, shopSubject, subjectKey } from "./subjects";

const subjects = demoArtSubjects();

/** The only URL allowed is the SVG namespace; every `url(...)` must point inside the picture. */
function externalReferences(svg: string): string[] {
  const found: string[] = [];
  for (const match of svg.matchAll(/https?:\/\/[^"'\s)]+/g)) if (match[0] !== "http://www.w3.org/2000/svg") found.push(match[0]);
  for (const match of svg.matchAll(/url\(([^)]*)\)/g)) if (!match[1]!.startsWith("#")) found.push(match[0]);
  for (const match of svg.matchAll(/\s(?:xlink:)?href\s*=/g)) found.push(match[0]);
  return found;
}

function expectSafe(svg: string) {
  expect(svg.startsWith("<svg ")).toBe(true);
  expect(svg).not.toMatch(/<(script|text|tspan|foreignObject|image|use|style|a)[\s>/]/i);
  // Event attributes (onload=, onclick=, ...) would run script in a browser that opened the SVG.
  expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
  expect(svg).not.toMatch(/javascript:|data:/i);
  expect(externalReferences(svg)).toEqual([]);
}

async function expectRenders(svg: string, width: number, height: number) {
  const { info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([width, height]);
  // A picture that rendered as one flat colour would be a broken drawing, not an illustration
  // (checked on a quarter-size rendering: the same drawing, a sixteenth of the pixels).
  const { channels } = await sharp(Buffer.from(svg), { density: 18 }).stats();
  expect(channels.slice(0, 3).some((c) => c.stdev > 20)).toBe(true);
}

describe("demo art", () => {
  it("covers every demo item, category, branch, storefront and offer", () => {
    const keys = subjects.map(subjectKey);
    expect(keys.filter((k) => k.startsWith("item:"))).toHaveLength(demoItems.length);
    expect(keys.filter((k) => k.startsWith("category:"))).toHaveLength(demoCategories.length);
    expect(keys).toEqual(
      expect.arrayContaining(["shop:ciaslin", "shop:plan-da-sera", "shop:runcadoz", "storefront:winter", "storefront:summer"]),
    );
    expect(keys).toEqual(expect.arrayContaining(["offer:service", "offer:depot", "offer:sale"]));
  });

  it.each(subjects.map((s) => [subjectKey(s), s] as const))(
    "%s is a safe SVG of the stated size that sharp renders",
    async (_key, subject) => {
      const { svg, width, height } = demoArt(subject);
      const scene = subject.type === "shop" || subject.type === "storefront" || subject.type === "offer";
      expect([width, height]).toEqual(scene ? [1600, 900] : [1280, 960]);
      expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
      expectSafe(svg);
      // A few kilobytes: the seed renders every picture and the repository stays small.
      expect(svg.length).toBeLessThan(24_000);
      await expectRenders(svg, width, height);
    },
  );

  it("draws a branch that also rents in summer without snow: its picture shows on the summer pages (issue 33)", () => {
    const snowGround = "#dbe8f3";
    for (const shop of demoShops) {
      const subject = shopSubject(shop);
      const summer = shop.appIds.includes("summer");
      expect(subject).toMatchObject({ type: "shop", snow: !summer });
      expect(demoArt(subject).svg.includes(snowGround), shop.row.slug).toBe(!summer);
    }
  });

  it("draws the same subject as the same bytes", () => {
    for (const subject of subjects) expect(demoArt(subject).svg).toBe(demoArt(structuredClone(subject)).svg);
  });

  it("draws every demo subject differently, also items of the same category", () => {
    const byCategory = new Map<string, Set<string>>();
    for (const item of demoItems) {
      const svgs = byCategory.get(item.categoryId) ?? new Set();
      svgs.add(demoArt({ type: "item", slug: item.slug, categoryId: item.categoryId, kind: item.kind }).svg);
      byCategory.set(item.categoryId, svgs);
    }
    for (const category of demoCategories) {
      const count = demoItems.filter((item) => item.categoryId === category.id).length;
      expect(byCategory.get(category.id)?.size, category.id).toBe(count);
    }
    const all = new Set(subjects.map((s) => demoArt(s).svg));
    expect(all.size).toBe(subjects.length);
  });

  const unknown: ArtSubject[] = [
    { type: "item", slug: "ski-helmet-2027", categoryId: "goggles-helmets", kind: "rental" },
    { type: "item", slug: "snowboard-splitboard", categoryId: "ski-snowboard", kind: "rental" },
    { type: "item", slug: "ski-slalom-junior", categoryId: "ski-snowboard", kind: "rental" },
    { type: "item", slug: "lago-mtb", categoryId: "ebike-fully", kind: "rental" },
    { type: "item", slug: "lago-kids", categoryId: "ebike-junior", kind: "rental" },
    { type: "item", slug: "new-thing", categoryId: "ski-snowboard", kind: "rental" },
    { type: "item", slug: "night-wax", categoryId: "ski-service", kind: "service" },
    { type: "item", slug: "box-42", categoryId: "storage", kind: "depot" },
    { type: "item", slug: "gift-voucher", categoryId: "gifts", kind: "sale" },
    { type: "item", slug: "trail-map", categoryId: "bike-accessories", kind: "sale" },
    { type: "category", id: "snowshoes" },
    { type: "shop", slug: "new-branch" },
    { type: "storefront", id: "autumn" },
  ];

  it.each(unknown.map((s) => [subjectKey(s), s] as const))(
    "%s, unknown to the art, still gets a sensible, safe picture",
    async (_key, subject) => {
      const { svg, width, height } = demoArt(subject);
      expectSafe(svg);
      await expectRenders(svg, width, height);
    },
  );

  it("draws an unknown item from its slug's words, its category, then its kind", () => {
    const item = (slug: string, categoryId: string, kind: "rental" | "sale" | "service" | "depot" = "rental") =>
      demoArt({ type: "item", slug, categoryId, kind }).svg;
    // The same colours come from the same slug, so two pictures of one drawer differ only by colour:
    // compare the drawn shapes by stripping the colours.
    const shapes = (svg: string) => svg.replace(/#[0-9a-f]{6}/g, "#");
    expect(shapes(item("x1", "goggles-helmets"))).toBe(shapes(item("ski-helmet-x1", "other")));
    expect(shapes(item("x1", "ebike-fully"))).toBe(shapes(item("fully-x1", "gifts")));
    expect(shapes(item("x1", "ebike-fully"))).not.toBe(shapes(item("x1", "ebike-hardtail")));
    expect(shapes(item("x1", "ski-snowboard"))).not.toBe(shapes(item("snowboard-x1", "ski-snowboard")));
    expect(shapes(item("x1", "gifts", "service"))).toBe(shapes(item("service-x1", "ski-service", "service")));
    expect(shapes(item("x1", "gifts", "depot"))).toBe(shapes(item("depot-x1", "depot", "depot")));
    // Distinct unknown items of one category still look different.
    expect(item("model-a", "ski-snowboard")).not.toBe(item("model-b", "ski-snowboard"));
  });
});
