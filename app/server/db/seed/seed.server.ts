/**
 * Loads the demo catalogue (./demo-data) into an empty database, in one transaction.
 * Users and settings are not created here.
 */
import type { Db } from "../client.server";
import * as schema from "../schema";
import {
  demoCategories,
  demoCoupons,
  demoItems,
  demoPackages,
  demoPartnerHotels,
  demoPriceTables,
  demoServiceCapacity,
  demoShops,
  demoStock,
  demoStorefronts,
  demoSurcharges,
  demoUnits,
} from "./demo-data";

/** Rows per INSERT statement for the big tables (well under PostgreSQL's 65,535 parameters). */
const BATCH = 500;

/** Thrown inside the transaction to roll it back when another process seeded first. */
class AlreadySeeded extends Error {}

function resolver(ids: Map<string, number>, what: string) {
  return (slug: string): number => {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`Demo seed: unknown ${what} "${slug}"`);
    return id;
  };
}

function chunks<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Seeds the demo data unless the `apps` table already has rows.
 * Returns `{ seeded: false }` without writing anything when the database is not empty.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: schema.storefronts.id }).from(schema.storefronts).limit(1);
  if (existing.length > 0) return { seeded: false };

  try {
    await db.transaction(async (tx) => {
      // A concurrent seed may have won the race since the check above: then insert nothing.
      const storefronts = await tx
        .insert(schema.storefronts)
        .values(demoStorefronts)
        .onConflictDoNothing()
        .returning({ id: schema.storefronts.id });
      if (storefronts.length !== demoStorefronts.length) throw new AlreadySeeded();

      const shops = await tx
        .insert(schema.shops)
        .values(demoShops.map((shop) => shop.row))
        .returning({ id: schema.shops.id, slug: schema.shops.slug });
      const shopId = resolver(new Map(shops.map((row) => [row.slug, row.id])), "branch");

      await tx
        .insert(schema.shopStorefronts)
        .values(demoShops.flatMap((shop) => shop.appIds.map((appId) => ({ shopId: shopId(shop.row.slug), appId }))));
      await tx
        .insert(schema.shopHours)
        .values(demoShops.flatMap((shop) => shop.hours.map((hours) => ({ ...hours, shopId: shopId(shop.row.slug) }))));
      const closedDays = demoShops.flatMap((shop) => shop.closedDays.map((day) => ({ ...day, shopId: shopId(shop.row.slug) })));
      if (closedDays.length > 0) await tx.insert(schema.shopClosedDays).values(closedDays);

      await tx.insert(schema.categories).values(demoCategories);

      const items = await tx.insert(schema.items).values(demoItems).returning({ id: schema.items.id, slug: schema.items.slug });
      const itemId = resolver(new Map(items.map((row) => [row.slug, row.id])), "item");

      await tx.insert(schema.priceTables).values(demoPriceTables.map(({ item, ...row }) => ({ ...row, itemId: itemId(item) })));
      await tx
        .insert(schema.priceSurcharges)
        .values(demoSurcharges.map(({ item, ...row }) => ({ ...row, itemId: item === null ? null : itemId(item) })));

      for (const { slots, ...row } of demoPackages) {
        const [pkg] = await tx.insert(schema.packages).values(row).returning({ id: schema.packages.id });
        await tx
          .insert(schema.packageItems)
          .values(slots.flatMap((slugs, slot) => slugs.map((slug, rank) => ({ packageId: pkg.id, slot, rank, itemId: itemId(slug) }))));
      }

      for (const batch of chunks(demoUnits)) {
        await tx
          .insert(schema.units)
          .values(batch.map(({ item, shop, ...row }) => ({ ...row, itemId: itemId(item), shopId: shopId(shop) })));
      }
      for (const batch of chunks(demoStock)) {
        await tx
          .insert(schema.stock)
          .values(batch.map(({ item, shop, ...row }) => ({ ...row, itemId: itemId(item), shopId: shopId(shop) })));
      }
      await tx
        .insert(schema.serviceCapacity)
        .values(demoServiceCapacity.map(({ item, shop, ...row }) => ({ ...row, itemId: itemId(item), shopId: shopId(shop) })));

      await tx.insert(schema.coupons).values(demoCoupons);
      await tx.insert(schema.partnerHotels).values(demoPartnerHotels);
    });
  } catch (error) {
    if (error instanceof AlreadySeeded) return { seeded: false };
    throw error;
  }
  return { seeded: true };
}
