/** The catalogue of /api/v1: storefronts, branches, categories and items, read from memory as the pages read them (decision 035). */
import { branchSchema, categorySchema, idParams, itemSchema, itemsCursor, itemsQuery, page, storefrontSchema } from "../../../domain/api";
import { type Locale, localizePath, pick } from "../../../domain/i18n";
import { fail } from "../../../domain/result";
import { allCategories, allItems, allPriceTables, listShops, listStorefronts } from "../../catalog/catalog.server";
import { endpoint, refused } from "../endpoint.server";
import { cursorOr400, listOf, pictures } from "./shared.server";

function itemView(
  item: Awaited<ReturnType<typeof allItems>>[number],
  tables: Awaited<ReturnType<typeof allPriceTables>>,
  locale: Locale,
  origin: string,
) {
  const table = tables.find((t) => t.itemId === item.id);
  return {
    id: item.id,
    slug: item.slug,
    storefront: item.appId,
    category: item.categoryId,
    kind: item.kind,
    name: pick(item.name, locale),
    description: pick(item.description, locale),
    sizes: item.sizes,
    level: item.level,
    maxHeightCm: item.maxHeightCm,
    maxShoeSize: item.maxShoeSize,
    depositCents: item.depositCents,
    vatRateBp: item.vatRateBp,
    prices: table ? { dayPrices: table.dayPrices, extraDayCents: table.extraDayCents } : null,
    priceCents: item.priceCents,
    pictures: pictures("items", item.id, item.pictures, origin),
    url: `${origin}${localizePath(`/item/${item.slug}`, locale)}`,
  };
}

/** An active item, or the API's 404. */
export async function activeItem(id: number) {
  const item = (await allItems()).find((i) => i.id === id && i.active);
  if (!item) throw refused(fail.notFound({ form: "api.errors.noItem" }, { id }));
  return item;
}

export const CATALOG_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/storefronts",
    operationId: "listStorefronts",
    summary: "The storefronts (winter, summer) with their seasons",
    tag: "Catalogue",
    scope: "catalog:read",
    ok: { status: 200, schema: page(storefrontSchema), description: "Every enabled storefront." },
    handler: async ({ locale, origin }) => {
      const rows = await listStorefronts();
      const data = rows.map((s) => ({
        id: s.id,
        name: pick(s.name, locale),
        description: pick(s.description, locale),
        seasonStart: s.seasonStart,
        seasonEnd: s.seasonEnd,
        pictures: pictures("storefronts", s.id, s.pictures, origin),
      }));
      return { status: 200, body: { data, nextCursor: null } };
    },
  }),
  endpoint({
    method: "get",
    path: "/branches",
    operationId: "listBranches",
    summary: "The branches and the storefronts each serves",
    description: "A key limited to a branch sees that branch only.",
    tag: "Catalogue",
    scope: "catalog:read",
    ok: { status: 200, schema: page(branchSchema), description: "Every active branch." },
    handler: async ({ key, origin }) => {
      const rows = (await listShops()).filter((s) => key.shopId === null || s.id === key.shopId);
      const data = rows.map((s) => ({
        id: s.id,
        slug: s.slug,
        name: s.name,
        street: s.street,
        postalCode: s.postalCode,
        town: s.town,
        country: s.country,
        latitude: Number(s.latitude),
        longitude: Number(s.longitude),
        phone: s.phone,
        email: s.email,
        storefronts: s.appIds,
        pictures: pictures("shops", s.id, s.pictures, origin),
      }));
      return { status: 200, body: { data, nextCursor: null } };
    },
  }),
  endpoint({
    method: "get",
    path: "/categories",
    operationId: "listCategories",
    summary: "The categories of the catalogue",
    tag: "Catalogue",
    scope: "catalog:read",
    ok: { status: 200, schema: page(categorySchema), description: "Every category, in the shop's order." },
    handler: async ({ locale, origin }) => {
      const data = (await allCategories()).map((c) => ({
        id: c.id,
        storefront: c.appId,
        kind: c.kind,
        name: pick(c.name, locale),
        pictures: pictures("categories", c.id, c.pictures, origin),
      }));
      return { status: 200, body: { data, nextCursor: null } };
    },
  }),
  endpoint({
    method: "get",
    path: "/items",
    operationId: "listItems",
    summary: "The items for rent and sale, with prices and pictures",
    tag: "Catalogue",
    scope: "catalog:read",
    query: itemsQuery,
    ok: { status: 200, schema: page(itemSchema), description: "A page of active items, in the shop's order." },
    handler: async ({ query, locale, origin }) => {
      const after = cursorOr400(query.cursor, itemsCursor);
      const [all, tables] = await Promise.all([allItems(), allPriceTables()]);
      const rows = all.filter(
        (i) =>
          i.active &&
          (!query.storefront || i.appId === query.storefront) &&
          (!query.category || i.categoryId === query.category) &&
          (!query.kind || i.kind === query.kind) &&
          (!after || i.sort > after[0] || (i.sort === after[0] && i.id > after[1])),
      );
      const list = listOf(rows.slice(0, query.limit + 1), query.limit, (i) => [i.sort, i.id]);
      return { status: 200, body: { data: list.data.map((i) => itemView(i, tables, locale, origin)), nextCursor: list.nextCursor } };
    },
  }),
  endpoint({
    method: "get",
    path: "/items/:id",
    operationId: "getItem",
    summary: "One item",
    tag: "Catalogue",
    scope: "catalog:read",
    params: idParams,
    ok: { status: 200, schema: itemSchema, description: "The item." },
    problems: [{ status: 404, description: "No active item has this id." }],
    handler: async ({ params, locale, origin }) => {
      const [item, tables] = await Promise.all([activeItem(params.id), allPriceTables()]);
      return { status: 200, body: itemView(item, tables, locale, origin) };
    },
  }),
];
