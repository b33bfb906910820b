/**
 * The sports shop's filters over real HTTP (issue 17, point 4): category tiles before a filter, the
 * chosen category's cards, a branch's stock and sizes with the way into its booking, filter links that
 * keep the other filter, bad or unknown values answered with a translated notice (never an error page),
 * empty filters that offer to clear them, and the canonical URL without the query. On PGlite.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import * as schema from "../../app/server/db/schema";
import { startTestServer } from "../helpers/http";
import { createVisitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
});
afterAll(async () => {
  await shop?.close();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();

/** The page's own part (between the h1 and the footer), its status, and what it lists. */
async function open(path: string) {
  const response = await createVisitor(shop.url).get(path);
  const html = await response.text();
  const body = html.slice(html.indexOf("<h1"), html.indexOf("<footer"));
  const anchors = [...body.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => ({
    href: (/\bhref="([^"]*)"/.exec(attributes)?.[1] ?? "").replace(/&amp;/g, "&"),
    current: /aria-current="true"/.test(attributes),
    text: text(inner),
  }));
  // Each card's own HTML, up to the next card or the end of the list.
  const cards = new Map(
    [...body.matchAll(/data-item="([^"]+)"([\s\S]*?)(?=data-item="|<\/ul>)/g)].map(([, slug, card]) => [slug, text(`<${card}`)]),
  );
  return {
    status: response.status,
    html,
    body,
    text: text(body),
    tiles: [...body.matchAll(/data-tile="([^"]+)"/g)].map((m) => m[1]),
    cards,
    anchors,
    current: anchors.filter((a) => a.current).map((a) => a.href),
  };
}

async function idOf(table: typeof schema.items | typeof schema.shops, slug: string) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  return row.id;
}

/** Puts stock rows back as they were, so each test starts from the demo data. */
async function restore(rows: (typeof schema.stock.$inferSelect)[]) {
  for (const row of rows)
    await db
      .update(schema.stock)
      .set({ quantity: row.quantity })
      .where(and(eq(schema.stock.itemId, row.itemId), eq(schema.stock.shopId, row.shopId), eq(schema.stock.size, row.size)));
}

const SALE_CATEGORIES = [
  "goggles-helmets",
  "bike-accessories",
  "clothing",
  "shoes",
  "backpacks",
  "windbreakers",
  "sweaters",
  "hats",
  "other",
];

describe("the sports shop before a filter", () => {
  it("shows one tile per category linking to its filtered view, and no article cards", async () => {
    const page = await open("/da/sports-shop");
    expect(page.status).toBe(200);
    expect(page.tiles).toEqual(SALE_CATEGORIES);
    expect(page.cards.size).toBe(0);
    expect(page.anchors.map((a) => a.href)).toContain("/da/sports-shop?category=clothing");
    expect(page.anchors.map((a) => a.href)).toContain("/da/sports-shop?branch=ciaslin");
    // The two "all" chips are the chosen ones.
    expect(page.current).toEqual(["/da/sports-shop", "/da/sports-shop"]);
    expect(page.text).toContain(`${da.sportsShop.allBranches} 26`);
    expect(page.text).toMatch(/Tøj 5 varer · fra 24,90 €/);
    // One page for search engines: the filtered views point at it.
    const filtered = await open("/da/sports-shop?category=hats&branch=ciaslin");
    expect(filtered.html).toContain(`<link rel="canonical" href="${shop.url}/da/sports-shop"/>`);
  });
});

describe("a category chosen", () => {
  it("lists its articles as cards linking to their pages, with price and the branches that have them", async () => {
    const page = await open("/de/sports-shop?category=clothing");
    expect(page.status).toBe(200);
    expect(page.tiles).toEqual([]);
    expect([...page.cards.keys()]).toContain("ski-jacket-freina");
    expect([...page.cards.keys()]).not.toContain("beanie-freina");
    expect(page.cards.get("ski-jacket-freina")).toMatch(/Skijacke Frëina 229,00 € In 3 Filialen auf Lager/);
    expect(page.anchors.find((a) => a.text === "Skijacke Frëina")?.href).toBe("/de/item/ski-jacket-freina");
    expect(page.current).toEqual(["/de/sports-shop?category=clothing", "/de/sports-shop?category=clothing"]);
    // The branch chips keep the category; the category chips do not carry a branch that was not chosen.
    expect(page.anchors.map((a) => a.href)).toContain("/de/sports-shop?category=clothing&branch=plan-da-sera");
    expect(page.anchors.map((a) => a.href)).toContain("/de/sports-shop?category=hats");
    // No branch chosen: no booking button (the article's page says where it is).
    expect(page.text).not.toContain(de.offer.sale.action);
  });

  it("with a branch, shows that branch's stock and sizes and books it there; the category chips keep the branch", async () => {
    const page = await open("/sports-shop?category=clothing&branch=plan-da-sera");
    expect(page.status).toBe(200);
    expect(page.cards.get("ski-jacket-freina")).toMatch(/^Ski jacket Frëina €229\.00 \d+ in stock · XS, S, M/);
    expect(page.body).toContain('href="/rental/winter/plan-da-sera?category=clothing"');
    expect(page.text).toContain(`${en.offer.sale.action} Ski jacket Frëina at Dolomiti Rent Plan da Sëra`);
    expect(page.anchors.map((a) => a.href)).toContain("/sports-shop?category=hats&branch=plan-da-sera");
    expect(page.anchors.map((a) => a.href)).toContain("/sports-shop?branch=plan-da-sera");
    expect(page.current).toEqual([
      "/sports-shop?category=clothing&branch=plan-da-sera",
      "/sports-shop?category=clothing&branch=plan-da-sera",
    ]);
  });
});

describe("stock running out", () => {
  it("drops an article from a branch that has none left, and says sold out where no branch has it", async () => {
    const [jacket, ciaslin] = await Promise.all([idOf(schema.items, "ski-jacket-freina"), idOf(schema.shops, "ciaslin")]);
    const atCiaslin = and(eq(schema.stock.itemId, jacket), eq(schema.stock.shopId, ciaslin));
    const before = await db.select().from(schema.stock).where(eq(schema.stock.itemId, jacket));
    try {
      await db.update(schema.stock).set({ quantity: 0 }).where(atCiaslin);
      expect((await open("/de/sports-shop?category=clothing&branch=ciaslin")).cards.has("ski-jacket-freina")).toBe(false);
      expect((await open("/de/sports-shop?category=clothing")).cards.get("ski-jacket-freina")).toContain("In 2 Filialen auf Lager");
      expect((await open("/de/sports-shop?category=clothing&branch=plan-da-sera")).cards.get("ski-jacket-freina")).toMatch(
        /\d+ auf Lager · XS, S, M/,
      );
      await db.update(schema.stock).set({ quantity: 0 }).where(eq(schema.stock.itemId, jacket));
      expect((await open("/de/sports-shop?category=clothing")).cards.get("ski-jacket-freina")).toContain(de.sportsShop.soldOut);
    } finally {
      await restore(before);
    }
  });

  it("says so when a branch has nothing of a category, and offers to clear either filter", async () => {
    const [runcadoz, hats] = await Promise.all([
      idOf(schema.shops, "runcadoz"),
      db.select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.categoryId, "hats")),
    ]);
    const hatsAtRuncadoz = and(
      eq(schema.stock.shopId, runcadoz),
      inArray(
        schema.stock.itemId,
        hats.map((h) => h.id),
      ),
    );
    const before = await db.select().from(schema.stock).where(hatsAtRuncadoz);
    expect(before.length).toBeGreaterThan(0);
    try {
      await db.update(schema.stock).set({ quantity: 0 }).where(hatsAtRuncadoz);
      const page = await open("/da/sports-shop?category=hats&branch=runcadoz");
      expect(page.status).toBe(200);
      expect(page.cards.size).toBe(0);
      expect(page.text).toContain("Lige nu er der intet fra »Huer« på lager i Dolomiti Rent Runcadoz.");
      expect(page.anchors.find((a) => a.text === da.sportsShop.showAllBranches)?.href).toBe("/da/sports-shop?category=hats");
      expect(page.anchors.find((a) => a.text === da.sportsShop.showAllCategories)?.href).toBe("/da/sports-shop?branch=runcadoz");
      // The tiles of that branch leave the category out.
      expect((await open("/da/sports-shop?branch=runcadoz")).tiles).not.toContain("hats");
    } finally {
      await restore(before);
    }
  });
});

describe("bad filters", () => {
  it.each([
    ["/de/sports-shop?category=boats", [de.sportsShop.unknownCategory]],
    ["/de/sports-shop?category=%3Cscript%3Ealert(1)%3C%2Fscript%3E", [de.sportsShop.unknownCategory]],
    ["/de/sports-shop?category=hats&category=shoes", [de.sportsShop.unknownCategory]],
    [`/de/sports-shop?category=${"x".repeat(500)}`, [de.sportsShop.unknownCategory]],
    ["/de/sports-shop?branch=atlantis", [de.sportsShop.unknownBranch]],
    ["/de/sports-shop?category=nope&branch=..%2F..", [de.sportsShop.unknownCategory, de.sportsShop.unknownBranch]],
  ])("%s: a translated notice and the whole shop, never an error", async (path, notices) => {
    const page = await open(path);
    expect(page.status).toBe(200);
    for (const notice of notices) expect(page.text).toContain(notice);
    expect(page.tiles).toEqual(SALE_CATEGORIES);
    expect(page.body).not.toContain("<script>alert");
  });

  it("keeps the good filter when the other is unknown", async () => {
    const page = await open("/de/sports-shop?category=hats&branch=atlantis");
    expect(page.status).toBe(200);
    expect(page.text).toContain(de.sportsShop.unknownBranch);
    expect(page.text).not.toContain(de.sportsShop.unknownCategory);
    expect(page.cards.size).toBeGreaterThan(0);
    expect(page.current).toEqual(["/de/sports-shop?category=hats", "/de/sports-shop?category=hats"]);
  });

  it("takes empty values as all, without a notice", async () => {
    const page = await open("/de/sports-shop?category=&branch=");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(de.sportsShop.unknownCategory);
    expect(page.text).not.toContain(de.sportsShop.unknownBranch);
    expect(page.tiles).toEqual(SALE_CATEGORIES);
  });

  it("answers the client router's data request for a filtered view too", async () => {
    const response = await createVisitor(shop.url).get("/da/sports-shop.data?category=hats&branch=ciaslin");
    expect(response.status).toBe(200);
    const payload = await response.text();
    expect(payload).toContain("beanie-freina");
    expect(payload).not.toContain("ski-jacket-freina");
  });
});

describe("a branch page", () => {
  it("links its shop categories to the sports shop filtered by the category and the branch", async () => {
    const html = await (await createVisitor(shop.url).get("/shop/ciaslin")).text();
    expect(html).toContain('href="/sports-shop?category=clothing&amp;branch=ciaslin"');
  });
});
