/**
 * Loads the demo catalogue (./demo-data) into an empty database, in one transaction.
 * Users and settings are not created here.
 */

import { type ArtSubject, demoArt } from "../../../demo/art";
import { shopSubject } from "../../../demo/art/subjects";
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
} from "../../../demo/demo-data";
import { OFFER_KINDS, type PictureOwner } from "../../../domain/pictures";
import { type DemoPicture, demoPicture, installDemoPicture, inTurns } from "../../media/demo-pictures.server";
import type { Db } from "../client.server";
import * as schema from "../schema";

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

type DemoPictures = {
  storefronts: Map<string, DemoPicture>;
  shops: Map<string, DemoPicture>;
  categories: Map<string, DemoPicture>;
  items: Map<string, DemoPicture>;
  offers: Map<string, DemoPicture>;
};

/**
 * Every demo subject's picture, through the picture pipeline (cached across runs, see
 * demo-pictures.server.ts). Two at a time: libvips spreads each one over the cores already.
 */
export async function renderDemoPictures(): Promise<DemoPictures> {
  const subjects: [keyof DemoPictures, string, ArtSubject][] = [
    ...demoStorefronts.map((s): [keyof DemoPictures, string, ArtSubject] => ["storefronts", s.id, { type: "storefront", id: s.id }]),
    ...demoShops.map((s): [keyof DemoPictures, string, ArtSubject] => ["shops", s.row.slug, shopSubject(s)]),
    ...demoCategories.map((c): [keyof DemoPictures, string, ArtSubject] => ["categories", c.id, { type: "category", id: c.id }]),
    ...demoItems.map((i): [keyof DemoPictures, string, ArtSubject] => [
      "items",
      i.slug,
      { type: "item", slug: i.slug, categoryId: i.categoryId, kind: i.kind },
    ]),
    ...OFFER_KINDS.map((kind): [keyof DemoPictures, string, ArtSubject] => ["offers", kind, { type: "offer", kind }]),
  ];
  const pictures = await inTurns(subjects, 2, ([, , subject]) => demoPicture(demoArt(subject).svg));
  const byOwner: DemoPictures = { storefronts: new Map(), shops: new Map(), categories: new Map(), items: new Map(), offers: new Map() };
  for (const [i, [owner, key]] of subjects.entries()) byOwner[owner].set(key, pictures[i]);
  return byOwner;
}

const picturesOf = (pictures: Map<string, DemoPicture>, key: string) => {
  const picture = pictures.get(key);
  return picture ? [picture.name] : [];
};

/**
 * Seeds the demo data unless the `apps` table already has rows.
 * Returns `{ seeded: false }` without writing anything when the database is not empty.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: schema.storefronts.id }).from(schema.storefronts).limit(1);
  if (existing.length > 0) return { seeded: false };

  const pictures = await renderDemoPictures();
  const installs: [PictureOwner, string | number, DemoPicture][] = [];
  try {
    await db.transaction(async (tx) => {
      // A concurrent seed may have won the race since the check above: then insert nothing.
      const storefronts = await tx
        .insert(schema.storefronts)
        .values(demoStorefronts.map((row) => ({ ...row, pictures: picturesOf(pictures.storefronts, row.id) })))
        .onConflictDoNothing()
        .returning({ id: schema.storefronts.id });
      if (storefronts.length !== demoStorefronts.length) throw new AlreadySeeded();

      const shops = await tx
        .insert(schema.shops)
        .values(demoShops.map((shop) => ({ ...shop.row, pictures: picturesOf(pictures.shops, shop.row.slug) })))
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

      await tx
        .insert(schema.categories)
        .values(demoCategories.map((row) => ({ ...row, pictures: picturesOf(pictures.categories, row.id) })));

      const items = await tx
        .insert(schema.items)
        .values(demoItems.map((row) => ({ ...row, pictures: picturesOf(pictures.items, row.slug) })))
        .returning({ id: schema.items.id, slug: schema.items.slug });
      const itemId = resolver(new Map(items.map((row) => [row.slug, row.id])), "item");
      await tx.insert(schema.offerPictures).values(OFFER_KINDS.map((offer) => ({ offer, pictures: picturesOf(pictures.offers, offer) })));

      // The files follow the rows' ids; they are put in place once the rows are committed.
      for (const [owner, byKey] of Object.entries(pictures) as [keyof DemoPictures, Map<string, DemoPicture>][]) {
        for (const [key, picture] of byKey) {
          const id = owner === "items" ? itemId(key) : owner === "shops" ? shopId(key) : key;
          installs.push([owner, id, picture]);
        }
      }

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
  await Promise.all(installs.map(([owner, id, picture]) => installDemoPicture(owner, id, picture)));
  return { seeded: true };
}
