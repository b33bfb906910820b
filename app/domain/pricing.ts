/**
 * The one place a price is computed (docs/architecture.md §6.3). Pure: the server gathers the inputs, calls
 * quoteRental, and shows or stores the result. All amounts are integer euro cents, VAT included.
 * Rules, stacking and rounding: docs/decisions/009-pricing.md.
 */
import { addDays, daysBetween, type IsoDate } from "./periods";
import type { CouponKind, ItemKind } from "./vocabulary";

export type PriceTable = { dayPrices: number[]; extraDayCents: number };
/** A peak window; `id` names it in the quote's lines so the shop can say which peak a surcharge is for. */
type Surcharge = { id?: number; itemId: number | null; appId: string; startsOn: IsoDate; endsOn: IsoDate; percent: number };
/** A peak window that counted on `days` of a line's rental days (its highest percent on each of them). */
type QuotedPeak = { surchargeId: number | null; percent: number; days: number };
/** A line's peak as an order keeps it: the window's name in the order's language, on `days` of the line's `of` days. */
export type LinePeak = { name: string; percent: number; days: number; of: number };

export type QuoteLineInput = {
  key: string;
  itemId: number;
  appId: string;
  categoryId: string;
  kind: ItemKind;
  vatRateBp: number;
  quantity: number;
  /** Per-day pricing (rental items, lockers by the day). */
  priceTable?: PriceTable | null;
  /** Fixed price per piece (sale articles, services, a locker for the season). */
  unitPriceCents?: number | null;
};

export type CouponInput = {
  code: string;
  kind: CouponKind;
  value: number;
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  minOrderCents: number;
  appIds: string[];
  categoryIds: string[];
  /** Uses left in total and for this customer (null = unlimited); counted by the server. */
  usesLeft: number | null;
  usesLeftForCustomer: number | null;
};

export type QuoteInput = {
  lines: QuoteLineInput[];
  period: { pickupDate: IsoDate; returnDate: IsoDate };
  /** When the customer books (for the early-booking offer and the coupon window). */
  now: Date;
  /** Today's date in the shop's time zone. */
  today: IsoDate;
  surcharges?: Surcharge[];
  coupon?: CouponInput | null;
  hotel?: { name: string; discountPercent: number } | null;
  offer?: { percent: number; minDaysAhead: number } | null;
  /**
   * The damage waiver the shop offers (null: none), and whether the customer took it. Offered, it is
   * quoted either way, so the checkout can name its price before the box is ticked.
   */
  damageWaiver?: { dayCents: number; chosen: boolean } | null;
};

export type CouponRejection =
  | "coupon.inactive"
  | "coupon.notYetValid"
  | "coupon.expired"
  | "coupon.minOrder"
  | "coupon.notApplicable"
  | "coupon.usedUp"
  | "coupon.unknown";

export type QuotedLine = {
  key: string;
  days: number | null;
  /** Price table or unit price times quantity. */
  baseCents: number;
  surchargeCents: number;
  /** The peak windows the surcharge comes from (empty without one), so every screen and document can name it. */
  peaks: QuotedPeak[];
  /** base + surcharge */
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  vatRateBp: number;
};
type QuotedDiscount = { kind: "offer" | "hotel" | "coupon"; percent: number | null; label: string; amountCents: number };
type VatBreakdown = { rateBp: number; grossCents: number; netCents: number; vatCents: number };

/**
 * The damage waiver of a bag: its price per rented unit and day, times the rental units and days. It is no
 * line and no discount touches it (decision 029); `amountCents` is in the total only when `chosen`.
 */
type DamageWaiverQuote = {
  dayCents: number;
  units: number;
  days: number;
  amountCents: number;
  chosen: boolean;
  /** The amount per VAT rate of the rental lines it covers, largest rate first. */
  byRate: { rateBp: number; amountCents: number }[];
};

export type Quote = {
  lines: QuotedLine[];
  discounts: QuotedDiscount[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  vat: VatBreakdown[];
  vatCents: number;
  /** `missingCents`: with a coupon below its minimum order, how much more the order needs for it to apply. */
  coupon: { code: string; applied: true } | { code: string; applied: false; reason: CouponRejection; missingCents?: number } | null;
  /** Null when the shop offers none or the bag rents nothing; its amount is in the total only when chosen. */
  damageWaiver: DamageWaiverQuote | null;
};

/**
 * The quote as it is with its offered damage waiver taken: the same as quoting again with the box ticked,
 * so the checkout can show both sums and let the box choose (without JavaScript, by CSS).
 */
export function withDamageWaiver(quote: Quote): Quote {
  const waiver = quote.damageWaiver;
  if (!waiver || waiver.chosen) return quote;
  const vat = quote.vat.map((v) => {
    const grossCents = v.grossCents + (waiver.byRate.find((w) => w.rateBp === v.rateBp)?.amountCents ?? 0);
    const vatCents = vatIncluded(grossCents, v.rateBp);
    return { rateBp: v.rateBp, grossCents, netCents: grossCents - vatCents, vatCents };
  });
  return {
    ...quote,
    totalCents: quote.totalCents + waiver.amountCents,
    vat,
    vatCents: vat.reduce((sum, v) => sum + v.vatCents, 0),
    damageWaiver: { ...waiver, chosen: true },
  };
}

/** An order's damage waiver as the totals show it, or null when the customer did not take one. */
export function takenWaiver(order: { damageWaiverCents: number; damageWaiverDayCents: number | null }) {
  return order.damageWaiverCents > 0 && order.damageWaiverDayCents !== null
    ? { amountCents: order.damageWaiverCents, dayCents: order.damageWaiverDayCents }
    : null;
}

/** Rounds half up (amounts here are never negative): the one rounding rule. */
export function roundCents(value: number): number {
  return Math.floor(value + 0.5);
}

/** `percent` % of an amount, rounded half up. */
export function percentOf(amountCents: number, percent: number): number {
  return roundCents((amountCents * percent) / 100);
}

/** Price of `days` days from a price table: the table's price for 1..N days, then N's price plus each extra day. */
export function priceForDays(table: PriceTable, days: number): number {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be a positive integer, not ${days}`);
  const n = table.dayPrices.length;
  if (n === 0) throw new RangeError("empty price table");
  if (days <= n) return table.dayPrices[days - 1];
  return table.dayPrices[n - 1] + (days - n) * table.extraDayCents;
}

/**
 * The surcharge of one line: each rental day in a peak window adds that window's percent of one average day.
 * Also which windows counted, on how many days.
 */
function surchargeFor(
  line: QuoteLineInput,
  baseCents: number,
  days: number,
  pickupDate: IsoDate,
  surcharges: Surcharge[],
): { cents: number; peaks: QuotedPeak[] } {
  const applicable = surcharges.filter((s) => s.appId === line.appId && (s.itemId === null || s.itemId === line.itemId));
  if (applicable.length === 0) return { cents: 0, peaks: [] };
  let percentDays = 0;
  const counted = new Map<Surcharge, number>();
  for (let i = 0; i < days; i++) {
    const day = addDays(pickupDate, i);
    // Overlapping windows do not add up: the highest percent of the day counts (the first such window names it).
    const top = applicable
      .filter((s) => s.startsOn <= day && day <= s.endsOn && s.percent > 0)
      .reduce<Surcharge | null>((best, s) => (best === null || s.percent > best.percent ? s : best), null);
    if (!top) continue;
    percentDays += top.percent;
    counted.set(top, (counted.get(top) ?? 0) + 1);
  }
  const peaks = [...counted].map(([s, n]) => ({ surchargeId: s.id ?? null, percent: s.percent, days: n }));
  return { cents: roundCents((baseCents * percentDays) / (100 * days)), peaks };
}

/**
 * Splits `amount` over lines in proportion to their weights, in whole cents that add up exactly
 * (largest remainder; ties to the earlier line).
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let rest = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    shares[i] += 1;
    rest -= 1;
  }
  return shares;
}

function couponRejection(coupon: CouponInput, now: Date, eligibleCents: number, orderCents: number): CouponRejection | null {
  if (!coupon.active) return "coupon.inactive";
  if (coupon.validFrom && now < coupon.validFrom) return "coupon.notYetValid";
  if (coupon.validUntil && now > coupon.validUntil) return "coupon.expired";
  if ((coupon.usesLeft !== null && coupon.usesLeft <= 0) || (coupon.usesLeftForCustomer !== null && coupon.usesLeftForCustomer <= 0))
    return "coupon.usedUp";
  if (eligibleCents === 0) return "coupon.notApplicable";
  if (orderCents < coupon.minOrderCents) return "coupon.minOrder";
  return null;
}

/** VAT contained in a gross amount at a rate in basis points, rounded half up. */
export function vatIncluded(grossCents: number, rateBp: number): number {
  return roundCents((grossCents * rateBp) / (10_000 + rateBp));
}

/**
 * The damage waiver of rental lines: `dayCents` per unit and rental day, VAT at each line's rate. Sale
 * articles, services and depot lockers are not covered. Null when nothing is rented.
 */
function damageWaiverFor(
  lines: Pick<QuoteLineInput, "kind" | "quantity" | "vatRateBp">[],
  days: number,
  offer: { dayCents: number; chosen: boolean },
): DamageWaiverQuote | null {
  const rented = lines.filter((l) => l.kind === "rental");
  const units = rented.reduce((sum, l) => sum + l.quantity, 0);
  if (units === 0 || offer.dayCents <= 0) return null;
  const byRate = new Map<number, number>();
  for (const l of rented) byRate.set(l.vatRateBp, (byRate.get(l.vatRateBp) ?? 0) + offer.dayCents * l.quantity * days);
  return {
    dayCents: offer.dayCents,
    units,
    days,
    amountCents: offer.dayCents * units * days,
    chosen: offer.chosen,
    byRate: [...byRate].sort((a, b) => b[0] - a[0]).map(([rateBp, amountCents]) => ({ rateBp, amountCents })),
  };
}

/**
 * Prices a bag: line prices (price tables, surcharges), then discounts in a fixed order, then VAT.
 *  1. Rental lines get the larger of the early-booking offer and the partner-hotel discount (not both).
 *  2. The coupon applies to what its scope covers, after step 1.
 *  3. A chosen damage waiver is added after the discounts, which never reduce it.
 * Totals never go below zero.
 */
export function quoteRental(input: QuoteInput): Quote {
  const days = daysBetween(input.period.pickupDate, input.period.returnDate) + 1;
  const surcharges = input.surcharges ?? [];

  const lines: QuotedLine[] = input.lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RangeError(`quantity must be a positive integer (${line.key})`);
    const perDay = Boolean(line.priceTable) && (line.kind === "rental" || line.kind === "depot");
    let baseCents: number;
    if (perDay && line.priceTable) baseCents = priceForDays(line.priceTable, days) * line.quantity;
    else if (line.unitPriceCents !== null && line.unitPriceCents !== undefined) baseCents = line.unitPriceCents * line.quantity;
    else throw new RangeError(`no price for ${line.key}`);
    const surcharge = perDay ? surchargeFor(line, baseCents, days, input.period.pickupDate, surcharges) : { cents: 0, peaks: [] };
    const surchargeCents = surcharge.cents;
    const subtotalCents = baseCents + surchargeCents;
    return {
      key: line.key,
      days: perDay ? days : null,
      baseCents,
      surchargeCents,
      peaks: surchargeCents > 0 ? surcharge.peaks : [],
      subtotalCents,
      discountCents: 0,
      totalCents: subtotalCents,
      vatRateBp: line.vatRateBp,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.subtotalCents, 0);
  const discounts: QuotedDiscount[] = [];

  function applyDiscount(kind: QuotedDiscount["kind"], percent: number | null, label: string, amount: number, eligible: boolean[]) {
    const weights = lines.map((l, i) => (eligible[i] ? l.totalCents : 0));
    const capped = Math.min(
      amount,
      weights.reduce((a, b) => a + b, 0),
    );
    if (capped <= 0) return;
    allocate(capped, weights).forEach((share, i) => {
      lines[i].discountCents += share;
      lines[i].totalCents -= share;
    });
    discounts.push({ kind, percent, label, amountCents: capped });
  }

  // 1. Early booking or partner hotel, whichever gives more, on rental lines.
  const rentalEligible = input.lines.map((l) => l.kind === "rental");
  const rentalCents = lines.reduce((sum, l, i) => sum + (rentalEligible[i] ? l.totalCents : 0), 0);
  const daysAhead = daysBetween(input.today, input.period.pickupDate);
  const offerPercent = input.offer && daysAhead >= input.offer.minDaysAhead ? input.offer.percent : 0;
  const hotelPercent = input.hotel?.discountPercent ?? 0;
  if (offerPercent > 0 || hotelPercent > 0) {
    const useHotel = hotelPercent > offerPercent;
    const percent = useHotel ? hotelPercent : offerPercent;
    applyDiscount(
      useHotel ? "hotel" : "offer",
      percent,
      useHotel && input.hotel ? input.hotel.name : "",
      percentOf(rentalCents, percent),
      rentalEligible,
    );
  }

  // 2. The coupon, on the lines in its scope, after step 1.
  let coupon: Quote["coupon"] = null;
  if (input.coupon) {
    const c = input.coupon;
    const inScope = input.lines.map(
      (l) => (c.appIds.length === 0 || c.appIds.includes(l.appId)) && (c.categoryIds.length === 0 || c.categoryIds.includes(l.categoryId)),
    );
    const eligibleCents = lines.reduce((sum, l, i) => sum + (inScope[i] ? l.totalCents : 0), 0);
    const orderCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
    const reason = couponRejection(c, input.now, eligibleCents, orderCents);
    if (reason === "coupon.minOrder") coupon = { code: c.code, applied: false, reason, missingCents: c.minOrderCents - orderCents };
    else if (reason) coupon = { code: c.code, applied: false, reason };
    else {
      const amount = c.kind === "percent" ? percentOf(eligibleCents, c.value) : c.value;
      applyDiscount("coupon", c.kind === "percent" ? c.value : null, c.code, amount, inScope);
      coupon = { code: c.code, applied: true };
    }
  }

  // 3. The damage waiver, on what is rented, after the discounts.
  const damageWaiver = input.damageWaiver ? damageWaiverFor(input.lines, days, input.damageWaiver) : null;
  const waiverByRate = new Map((damageWaiver?.chosen ? damageWaiver.byRate : []).map((w) => [w.rateBp, w.amountCents]));

  const rates = [...new Set(lines.map((l) => l.vatRateBp))].sort((a, b) => b - a);
  const vat = rates.map((rateBp) => {
    const linesCents = lines.filter((l) => l.vatRateBp === rateBp).reduce((sum, l) => sum + l.totalCents, 0);
    const grossCents = linesCents + (waiverByRate.get(rateBp) ?? 0);
    const vatCents = vatIncluded(grossCents, rateBp);
    return { rateBp, grossCents, netCents: grossCents - vatCents, vatCents };
  });
  const linesTotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const totalCents = linesTotalCents + (damageWaiver?.chosen ? damageWaiver.amountCents : 0);
  return {
    lines,
    discounts,
    subtotalCents,
    discountCents: subtotalCents - linesTotalCents,
    totalCents,
    vat,
    vatCents: vat.reduce((sum, v) => sum + v.vatCents, 0),
    coupon,
    damageWaiver,
  };
}
