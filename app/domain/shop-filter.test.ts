import { describe, expect, it } from "vitest";
import { readShopFilter, shopFilterSearch, shopView } from "./shop-filter";

const read = (query: string) => readShopFilter(new URLSearchParams(query));

describe("readShopFilter", () => {
  it("reads a category and a branch, and empty values as all", () => {
    expect(read("category=hats&branch=plan-da-sera")).toEqual({ wanted: { category: "hats", branch: "plan-da-sera" }, refused: [] });
    expect(read("category=&branch=")).toEqual({ wanted: { category: null, branch: null }, refused: [] });
    expect(read("")).toEqual({ wanted: { category: null, branch: null }, refused: [] });
  });

  it("refuses a malformed value or a key given twice, keeping the other filter", () => {
    expect(read("category=%3Cscript%3E&branch=ciaslin")).toEqual({ wanted: { category: null, branch: "ciaslin" }, refused: ["category"] });
    expect(read("category=hats&branch=a&branch=b")).toEqual({ wanted: { category: "hats", branch: null }, refused: ["branch"] });
    expect(read(`category=${"a".repeat(61)}`).refused).toEqual(["category"]);
    expect(read("category=Hats").refused).toEqual(["category"]);
  });
});

describe("shopFilterSearch", () => {
  it("writes the query of a view, nothing for the whole shop", () => {
    expect(shopFilterSearch({ category: null, branch: null })).toBe("");
    expect(shopFilterSearch({ category: "hats", branch: null })).toBe("?category=hats");
    expect(shopFilterSearch({ category: null, branch: "ciaslin" })).toBe("?branch=ciaslin");
    expect(shopFilterSearch({ category: "hats", branch: "ciaslin" })).toBe("?category=hats&branch=ciaslin");
  });
});

const item = (id: number, fromCents: number | null, stock: Record<string, number>, pictures: string[] = []) => ({
  id,
  slug: `item-${id}`,
  name: `Item ${id}`,
  pictures,
  fromCents,
  branches: ["north", "south"].map((slug) => ({ slug, count: stock[slug] ?? 0, sizes: stock[slug] ? ["M"] : [] })),
});
const categories = [
  { id: "hats", appId: "winter", name: "Hats", items: [item(1, 1900, { north: 2, south: 1 }), item(2, 2500, { south: 4 }, ["abc"])] },
  { id: "sleds", appId: "winter", name: "Sleds", items: [item(3, 8900, {}), item(4, null, { north: 1 })] },
];
const branches = [
  { slug: "north", name: "Rent North", town: "Nord" },
  { slug: "south", name: "Rent South", town: "Sud" },
];

describe("shopView", () => {
  it("shows a tile per category before a filter, with its count, lowest price and first picture", () => {
    const view = shopView(categories, branches, { category: null, branch: null });
    expect(view.category).toBeNull();
    expect(view.tiles).toEqual([
      { id: "hats", name: "Hats", count: 2, fromCents: 1900, picture: { id: 2, pictures: ["abc"] } },
      { id: "sleds", name: "Sleds", count: 2, fromCents: 8900, picture: null },
    ]);
    expect(view.categories.map((c) => c.count)).toEqual([2, 2]);
    expect(view.branches).toEqual([
      { slug: "north", name: "Rent North", label: "Nord", count: 2 },
      { slug: "south", name: "Rent South", label: "Sud", count: 2 },
    ]);
    expect([view.allCategories, view.allBranches]).toEqual([4, 4]);
  });

  it("keeps sold-out articles without a branch, and counts the branches that have each", () => {
    const view = shopView(categories, branches, { category: "sleds", branch: null });
    expect(view.tiles).toBeNull();
    expect(view.category?.cards.map((c) => [c.slug, c.branchesInStock, c.atBranch])).toEqual([
      ["item-3", 0, null],
      ["item-4", 1, null],
    ]);
    expect(view.branches.map((b) => b.count)).toEqual([1, 0]);
    expect(view.allBranches).toBe(2);
  });

  it("narrows to what the chosen branch has in stock, with its count and sizes", () => {
    const view = shopView(categories, branches, { category: "hats", branch: "north" });
    expect(view.category?.cards.map((c) => [c.slug, c.atBranch])).toEqual([["item-1", { count: 2, sizes: ["M"] }]]);
    expect(view.categories.map((c) => c.count)).toEqual([1, 1]);
    expect(view.allCategories).toBe(2);
    const south = shopView(categories, branches, { category: null, branch: "south" });
    expect(south.tiles?.map((t) => [t.id, t.count, t.fromCents])).toEqual([["hats", 2, 1900]]);
  });

  it("drops an unknown category or branch and reports it, keeping the other filter", () => {
    const view = shopView(categories, branches, { category: "boats", branch: "south" }, []);
    expect(view.filter).toEqual({ category: null, branch: "south" });
    expect(view.refused).toEqual(["category"]);
    const both = shopView(categories, branches, { category: "hats", branch: "east" }, ["category"]);
    expect(both.filter).toEqual({ category: "hats", branch: null });
    expect(both.refused).toEqual(["category", "branch"]);
  });

  it("labels branches by their name when two share a town", () => {
    const twins = [...branches, { slug: "south-2", name: "Rent South Lift", town: "Sud" }];
    expect(shopView(categories, twins, { category: null, branch: null }).branches.map((b) => b.label)).toEqual([
      "Nord",
      "Rent South",
      "Rent South Lift",
    ]);
  });

  it("says when the shop sells nothing at all", () => {
    expect(shopView([], branches, { category: null, branch: null }).empty).toBe(true);
    expect(shopView(categories, branches, { category: null, branch: null }).empty).toBe(false);
  });
});
