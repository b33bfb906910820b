/**
 * Gathers what quoteRental needs from the database (items, price tables, surcharges, coupon and its uses,
 * partner hotel, the early-booking offer, the damage waiver) and calls it. The bag, the checkout and holdOrder all price
 * through here, so the customer is charged what the one pricing function says (docs/architecture.md §6.3).
 * Outside a transaction the catalogue comes from memory (decision 035); a coupon and its uses always from the table.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Locale, pick, type Translated } from "../../domain/i18n";
import { type IsoDate, zonedDate } from "../../domain/periods";
import { type CouponInput, type LinePeak, type Quote, type QuotedLine, type QuoteLineInput, quoteRental } from "../../domain/pricing";
import { ok, type Result } from "../../domain/result";
import type { AgeBand, Season } from "../../domain/vocabulary";
import { activePartnerHotels, allItems, allPriceTables, surchargesOf } from "../catalog/catalog.server";
import { packageLineTables } from "../catalog/packages.server";
import { type Db, getDb } from "../db/client.server";
import { couponRedemptions, coupons, items, partnerHotels, priceSurcharges, priceTables } from "../db/schema";
import { getSettings } from "../settings/settings.server";

export type BagLine = {
  /** Stable id of the line in the bag, used to name it in messages. */
  key: string;
  itemId: number;
  size: string | null;
  quantity: number;
  /** Index into the persons of the bag; null for lines that belong to nobody (shop articles, depot). */
  personIndex: number | null;
  /** The package the line is a component of, and its person's age band (decision 030). */
  packageId?: number | null;
  ageBand?: AgeBand | null;
};

export type ItemRow = typeof items.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;

export type QuoteContext = {
  quote: Quote;
  items: Map<number, ItemRow>;
  coupon: CouponRow | null;
  hotel: { id: number; name: string; discountPercent: number } | null;
  /** By line key: the name of the package a line is priced as a component of. */
  packageNames: Map<string, Translated>;
  /** By surcharge id: the peak window's name, for the lines' peak notes. */
  peakNames: Map<number, Translated>;
};

/** A quoted line's peak windows as an order keeps them and every screen names them, in one language. */
export function linePeaks(line: QuotedLine, peakNames: Map<number, Translated>, locale: Locale): LinePeak[] {
  return line.peaks.map((p) => ({
    name: p.surchargeId === null ? "" : pick(peakNames.get(p.surchargeId), locale),
    percent: p.percent,
    days: p.days,
    of: line.days ?? p.days,
  }));
}

export type QuoteProblem = { reason: "invalidLine"; key: string } | { reason: "unknownHotel" };

/** A line is valid when its item is active, in this storefront, and the size is one the item has. */
function lineProblem(line: BagLine, item: ItemRow | undefined, appId: Season): QuoteProblem | null {
  if (!item?.active || item.appId !== appId) return { reason: "invalidLine", key: line.key };
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 99) return { reason: "invalidLine", key: line.key };
  const sized = item.sizes.length > 0;
  if (sized ? line.size === null || !item.sizes.includes(line.size) : line.size !== null) return { reason: "invalidLine", key: line.key };
  return null;
}

async function couponInput(coupon: CouponRow, email: string | null | undefined, db: Db, redeemedBy?: string): Promise<CouponInput> {
  // An order being changed already counts among the coupon's uses: its own use is not a second one.
  let own = 0;
  if (redeemedBy) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.orderId, redeemedBy)));
    own = Number(row?.n ?? 0);
  }
  let usedByCustomer = 0;
  if (email && coupon.maxUsesPerCustomer !== null) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.email, email.trim().toLowerCase())));
    usedByCustomer = Number(row?.n ?? 0);
  }
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    active: coupon.active,
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    minOrderCents: coupon.minOrderCents,
    appIds: coupon.appIds,
    categoryIds: coupon.categoryIds,
    usesLeft: coupon.maxUses === null ? null : coupon.maxUses - coupon.usedCount + own,
    usesLeftForCustomer: coupon.maxUsesPerCustomer === null ? null : coupon.maxUsesPerCustomer - usedByCustomer + own,
  };
}

async function findCoupon(code: string, db: Db = getDb()): Promise<CouponRow | null> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).limit(1);
  return coupon ?? null;
}

/** Prices a bag for a period. An unknown coupon code is reported as not applicable rather than failing the quote. */
export async function quoteBag(
  params: {
    appId: Season;
    period: { pickupDate: IsoDate; returnDate: IsoDate };
    lines: BagLine[];
    couponCode?: string | null;
    hotelId?: number | null;
    email?: string | null;
    /**
     * The customer took the damage waiver (charged only when the settings offer it), or the price per day an
     * order being changed was sold it at: kept whatever the settings say now (decision 029).
     */
    damageWaiver?: boolean | { dayCents: number };
    now?: Date;
    /** The order being changed, whose own coupon use does not count against the coupon (decision 028). */
    orderId?: string;
  },
  tx?: Db,
): Promise<Result<QuoteContext, QuoteProblem>> {
  const now = params.now ?? new Date();
  const db = tx ?? getDb();
  const itemIds = [...new Set(params.lines.map((l) => l.itemId))];
  const [rows, tables, surcharges, settings] = await Promise.all([
    tx ? (itemIds.length > 0 ? tx.select().from(items).where(inArray(items.id, itemIds)) : []) : allItems(),
    tx ? (itemIds.length > 0 ? tx.select().from(priceTables).where(inArray(priceTables.itemId, itemIds)) : []) : allPriceTables(),
    tx ? tx.select().from(priceSurcharges).where(eq(priceSurcharges.appId, params.appId)) : surchargesOf(params.appId),
    getSettings(),
  ]);
  const byId = new Map(rows.filter((item) => itemIds.includes(item.id)).map((item) => [item.id, item]));
  for (const line of params.lines) {
    const problem = lineProblem(line, byId.get(line.itemId), params.appId);
    if (problem) return { ok: false, ...problem };
  }

  let hotel: QuoteContext["hotel"] = null;
  if (params.hotelId != null) {
    const hotelId = params.hotelId;
    // An order being changed keeps the hotel it was booked through, even one no longer a partner today.
    const [row] =
      tx || params.orderId
        ? await db
            .select()
            .from(partnerHotels)
            .where(and(eq(partnerHotels.id, hotelId), params.orderId ? undefined : eq(partnerHotels.active, true)))
            .limit(1)
        : (await activePartnerHotels()).filter((hotel) => hotel.id === hotelId);
    if (!row) return { ok: false, reason: "unknownHotel" };
    hotel = { id: row.id, name: row.name, discountPercent: row.discountPercent };
  }

  const code = params.couponCode?.trim();
  const coupon = code ? await findCoupon(code, db) : null;
  const tableOf = new Map(
    tables.filter((t) => itemIds.includes(t.itemId)).map((t) => [t.itemId, { dayPrices: t.dayPrices, extraDayCents: t.extraDayCents }]),
  );
  // A package's lines are priced by the package's table, split over them (decision 030).
  const packaged = await packageLineTables(
    params.lines.map((l) => ({
      key: l.key,
      itemId: l.itemId,
      packageId: l.packageId ?? null,
      ageBand: l.ageBand ?? null,
      person: l.personIndex,
    })),
    tableOf,
    params.appId,
    tx,
  );
  const lines: QuoteLineInput[] = params.lines.map((line) => {
    const item = byId.get(line.itemId)!;
    const table = packaged.tables.get(line.key) ?? tableOf.get(item.id);
    return {
      key: line.key,
      itemId: item.id,
      appId: item.appId,
      categoryId: item.categoryId,
      kind: item.kind,
      vatRateBp: item.vatRateBp,
      quantity: line.quantity,
      priceTable: table ? { dayPrices: table.dayPrices, extraDayCents: table.extraDayCents } : null,
      unitPriceCents: item.priceCents,
    };
  });
  const quote = quoteRental({
    lines,
    period: params.period,
    now,
    today: zonedDate(now),
    surcharges: surcharges.map((s) => ({
      id: s.id,
      itemId: s.itemId,
      appId: s.appId,
      startsOn: s.startsOn,
      endsOn: s.endsOn,
      percent: s.percent,
    })),
    coupon: coupon ? await couponInput(coupon, params.email, db, params.orderId) : null,
    hotel,
    offer: settings.discountOffer,
    damageWaiver:
      typeof params.damageWaiver === "object"
        ? { dayCents: params.damageWaiver.dayCents, chosen: true }
        : settings.damageWaiver
          ? { dayCents: settings.damageWaiver.dayCents, chosen: params.damageWaiver ?? false }
          : null,
  });
  if (code && !coupon) quote.coupon = { code: code.toUpperCase(), applied: false, reason: "coupon.unknown" };
  const peakNames = new Map(surcharges.map((s) => [s.id, s.name]));
  return ok({ quote, items: byId, coupon, hotel, packageNames: packaged.names, peakNames });
}
