/**
 * The sports shop's filters (issue 17): which category and branch the visitor chose in the query
 * (`?category=…&branch=…`, plain links that work without JavaScript), and what the page shows for them.
 *
 * Before a category is chosen the page shows one tile per category, so a phone scrolls a few screens
 * instead of every article of every branch; a chosen category shows its articles as compact cards. A
 * chosen branch narrows both to what that branch has in stock, and each card then says how many and in
 * which sizes, with the way into the booking at that branch.
 */
import { slugSchema } from "./ids";

export type ShopFilter = { category: string | null; branch: string | null };
/** A filter the query named but the shop does not know: the page says so and shows all instead. */
export type ShopFilterKey = keyof ShopFilter;

const FILTER_KEYS: ShopFilterKey[] = ["category", "branch"];

/**
 * Reads the filters from the query. An empty value means "all"; a malformed one (or a key given twice)
 * is reported, never an error page, since these links are shared and crawled.
 */
export function readShopFilter(query: URLSearchParams): { wanted: ShopFilter; refused: ShopFilterKey[] } {
  const wanted: ShopFilter = { category: null, branch: null };
  const refused: ShopFilterKey[] = [];
  for (const key of FILTER_KEYS) {
    const values = query.getAll(key).filter((value) => value !== "");
    if (values.length === 0) continue;
    const parsed = slugSchema().safeParse(values.length === 1 ? values[0] : values);
    if (parsed.success) wanted[key] = parsed.data;
    else refused.push(key);
  }
  return { wanted, refused };
}

/** The query of a filtered view, "" for the whole shop: category first, as the links are read. */
export function shopFilterSearch(filter: ShopFilter): string {
  const query = new URLSearchParams();
  if (filter.category) query.set("category", filter.category);
  if (filter.branch) query.set("branch", filter.branch);
  const search = query.toString();
  return search ? `?${search}` : "";
}

type BranchStock = { slug: string; count: number; sizes: string[] };
type ShopItemIn = { id: number; slug: string; name: string; pictures: string[]; fromCents: number | null; branches: BranchStock[] };
type ShopCategoryIn<I extends ShopItemIn> = { id: string; appId: string; name: string; items: I[] };
type BranchIn = { slug: string; name: string; town: string };

/** A card: the article, and its stock either as the number of branches that have it or at the chosen one. */
export type ShopCard = {
  id: number;
  slug: string;
  name: string;
  pictures: string[];
  fromCents: number | null;
  /** Branches with the article in stock (no branch chosen). */
  branchesInStock: number;
  /** The chosen branch's stock and sizes in stock, or null when no branch is chosen. */
  atBranch: { count: number; sizes: string[] } | null;
};

type ShopTile = {
  id: string;
  name: string;
  count: number;
  fromCents: number | null;
  /** The first article with a picture, for the tile's picture. */
  picture: { id: number; pictures: string[] } | null;
};

export type ShopView = {
  filter: ShopFilter;
  refused: ShopFilterKey[];
  /** Category chips, counting the articles at the chosen branch (all branches when none is chosen). */
  categories: { id: string; name: string; count: number }[];
  /** Branch chips, counting the articles in the chosen category; `label` is the town unless two share one. */
  branches: { slug: string; name: string; label: string; count: number }[];
  /** Articles in the chosen category and at the chosen branch: the "all" chips' counts. */
  allCategories: number;
  allBranches: number;
  /** No category chosen: one tile per category that has something to show. */
  tiles: ShopTile[] | null;
  /** A category chosen: its articles. */
  category: { id: string; appId: string; name: string; cards: ShopCard[] } | null;
  /** The shop sells nothing at all (not the same as a filter that finds nothing). */
  empty: boolean;
};

/**
 * What the sports shop shows for the wanted filters. A category or branch the shop does not have is
 * dropped (and reported in `refused`), keeping the other filter.
 */
export function shopView<I extends ShopItemIn>(
  categories: ShopCategoryIn<I>[],
  branches: BranchIn[],
  wanted: ShopFilter,
  refused: ShopFilterKey[] = [],
): ShopView {
  const problems = new Set(refused);
  const category = categories.find((c) => c.id === wanted.category) ?? null;
  const branch = branches.find((b) => b.slug === wanted.branch) ?? null;
  if (wanted.category && !category) problems.add("category");
  if (wanted.branch && !branch) problems.add("branch");
  const filter: ShopFilter = { category: category?.id ?? null, branch: branch?.slug ?? null };

  const stockAt = (item: I, slug: string) => item.branches.find((b) => b.slug === slug)?.count ?? 0;
  // A branch filter keeps what that branch can hand over today; without one, sold-out articles stay listed.
  const atBranch = (item: I, slug: string | null) => slug === null || stockAt(item, slug) > 0;
  const countIn = (c: ShopCategoryIn<I>, slug: string | null) => c.items.filter((item) => atBranch(item, slug)).length;
  const inCategory = category ? [category] : categories;

  const towns = branches.map((b) => b.town);
  const view: ShopView = {
    filter,
    refused: FILTER_KEYS.filter((key) => problems.has(key)),
    categories: categories.map((c) => ({ id: c.id, name: c.name, count: countIn(c, filter.branch) })),
    branches: branches.map((b) => ({
      slug: b.slug,
      name: b.name,
      label: towns.filter((town) => town === b.town).length === 1 ? b.town : b.name,
      count: inCategory.reduce((sum, c) => sum + countIn(c, b.slug), 0),
    })),
    allCategories: categories.reduce((sum, c) => sum + countIn(c, filter.branch), 0),
    allBranches: inCategory.reduce((sum, c) => sum + countIn(c, null), 0),
    tiles: null,
    category: null,
    empty: categories.length === 0,
  };
  if (!category) {
    view.tiles = categories.flatMap((c) => {
      const items = c.items.filter((item) => atBranch(item, filter.branch));
      if (items.length === 0) return [];
      const prices = items.map((item) => item.fromCents).filter((cents): cents is number => cents !== null);
      const pictured = items.find((item) => item.pictures.length > 0);
      return [
        {
          id: c.id,
          name: c.name,
          count: items.length,
          fromCents: prices.length > 0 ? Math.min(...prices) : null,
          picture: pictured ? { id: pictured.id, pictures: pictured.pictures.slice(0, 1) } : null,
        },
      ];
    });
    return view;
  }
  view.category = {
    id: category.id,
    appId: category.appId,
    name: category.name,
    cards: category.items
      .filter((item) => atBranch(item, filter.branch))
      .map((item) => {
        const here = filter.branch ? item.branches.find((b) => b.slug === filter.branch) : undefined;
        return {
          id: item.id,
          slug: item.slug,
          name: item.name,
          pictures: item.pictures.slice(0, 1),
          fromCents: item.fromCents,
          branchesInStock: item.branches.filter((b) => b.count > 0).length,
          atBranch: here ? { count: here.count, sizes: here.sizes } : null,
        };
      }),
  };
  return view;
}
