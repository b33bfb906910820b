/**
 * Writes the demo season (season.ts) into a freshly seeded shop: orders, persons, lines, reservations,
 * payments, coupon uses and the e-mails that went out, in one transaction of multi-row inserts, so the
 * first start stays quick on PGlite. `SEED_DEMO=empty` leaves it out (docs/decisions/040-demo-season.md).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type PlannedOrder, planSeason, type SeasonCatalogue, standing, unitPrice } from "../../../demo/season";
import type { Locale } from "../../../domain/i18n";
import { isHandedOut } from "../../../domain/order-states";
import { reservationRange, zonedDate } from "../../../domain/periods";
import type { PriceTable } from "../../../domain/pricing";
import type { Season } from "../../../domain/vocabulary";
import { orderCancellationEmail } from "../../mail/order-cancellation.server";
import { orderConfirmationEmail } from "../../mail/order-confirmation.server";
import { orderPageUrl } from "../../orders/orders.server";
import { getSettings } from "../../settings/settings.server";
import { type Db, queryRows } from "../client.server";
import * as schema from "../schema";

const BATCH = 500;

async function insertAll<T extends Record<string, unknown>>(tx: Db, table: Parameters<Db["insert"]>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
}

/** The demo catalogue as the planner needs it, read back with its ids. */
async function loadCatalogue(db: Db): Promise<SeasonCatalogue> {
  const [shops, hours, closed, storefronts, items, units, tables, capacity, coupons, hotels, settings] = await Promise.all([
    db.select().from(schema.shops),
    db.select().from(schema.shopHours),
    db.select().from(schema.shopClosedDays),
    db.select().from(schema.storefronts),
    db.select().from(schema.items),
    db.select().from(schema.units),
    db.select().from(schema.priceTables),
    db.select().from(schema.serviceCapacity),
    db.select().from(schema.coupons),
    db.select().from(schema.partnerHotels),
    getSettings(),
  ]);
  const links = await db.select().from(schema.shopStorefronts);
  const season = (id: Season) => {
    const row = storefronts.find((s) => s.id === id);
    return { start: row?.seasonStart ?? "01-01", end: row?.seasonEnd ?? "12-31" };
  };
  return {
    shops: shops
      .filter((shop) => shop.active)
      .map((shop) => {
        const weekdays: Record<string, number[]> = {};
        for (const h of hours.filter((h) => h.shopId === shop.id)) weekdays[h.appId] = [...(weekdays[h.appId] ?? []), h.weekday];
        return {
          id: shop.id,
          slug: shop.slug,
          appIds: links.filter((l) => l.shopId === shop.id).map((l) => l.appId),
          weekdays,
          closedDays: closed.filter((c) => c.shopId === shop.id).map((c) => c.day),
        };
      }),
    items: items
      .filter((item) => item.active)
      .map((item) => ({
        id: item.id,
        slug: item.slug,
        kind: item.kind,
        appId: item.appId,
        categoryId: item.categoryId,
        vatRateBp: item.vatRateBp,
        priceCents: item.priceCents,
        name: item.name,
        sizes: item.sizes,
        local: item.local,
      })),
    units: units.map((u) => ({ id: u.id, itemId: u.itemId, shopId: u.shopId, size: u.size, active: u.status === "active" })),
    priceTables: new Map<number, PriceTable>(tables.map((t) => [t.itemId, { dayPrices: t.dayPrices, extraDayCents: t.extraDayCents }])),
    serviceCapacity: new Map(capacity.map((c) => [`${c.itemId}:${c.shopId}`, c.perDay])),
    coupons: coupons
      .filter((c) => c.active)
      .map((c) => ({
        id: c.id,
        code: c.code,
        kind: c.kind,
        value: c.value,
        active: c.active,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        minOrderCents: c.minOrderCents,
        appIds: c.appIds,
        categoryIds: c.categoryIds,
        maxUses: c.maxUses,
      })),
    hotels: hotels.map((h) => ({ id: h.id, name: h.name, discountPercent: h.discountPercent, town: h.town })),
    seasons: { winter: season("winter"), summer: season("summer") },
    turnaroundMinutes: settings.turnaroundMinutes,
    damageWaiverDayCents: settings.damageWaiver?.dayCents ?? null,
  };
}

/** Plans and writes the season; answers how many orders it wrote. `origin` makes the e-mails' order links. */
export async function seedDemoSeason(db: Db, origin: string, now = new Date()): Promise<{ orders: number }> {
  const catalogue = await loadCatalogue(db);
  const { orders: planned, blocks } = planSeason(catalogue, now);
  const { cancellationFreeHours, turnaroundMinutes } = await getSettings();
  const shopById = new Map((await db.select().from(schema.shops)).map((s) => [s.id, s]));
  const hotelName = new Map(catalogue.hotels.map((h) => [h.id, h.name]));
  const [{ persons: personBase, lines: lineBase }] = await queryRows<{ persons: number; lines: number }>(
    sql`select (select coalesce(max(id), 0) from order_persons)::int as persons, (select coalesce(max(id), 0) from order_lines)::int as lines`,
    db,
  );

  const orders: (typeof schema.orders.$inferInsert)[] = [];
  const persons: (typeof schema.orderPersons.$inferInsert)[] = [];
  const lines: (typeof schema.orderLines.$inferInsert)[] = [];
  const reservations: (typeof schema.reservations.$inferInsert)[] = [];
  const payments: (typeof schema.payments.$inferInsert)[] = [];
  const redemptions: (typeof schema.couponRedemptions.$inferInsert)[] = [];
  const emails: (typeof schema.emailOutbox.$inferInsert)[] = [];
  let personId = personBase;
  let lineId = lineBase;

  for (const plan of planned) {
    const id = randomUUID();
    const token = randomBytes(18).toString("base64url");
    const row = orderRow(plan, id, token);
    orders.push(row);
    const personIds = plan.persons.map((p) => {
      personId += 1;
      persons.push({ id: personId, orderId: id, ...p });
      return personId;
    });
    const handedOut = isHandedOut(plan.status);
    const lineRows = plan.lines.map((line) => {
      lineId += 1;
      const row: typeof schema.orderLines.$inferInsert = {
        id: lineId,
        orderId: id,
        personId: line.person === null ? null : personIds[line.person],
        itemId: line.item.id,
        kind: line.item.kind,
        name: line.item.name[plan.language] ?? line.item.name.en,
        size: line.size,
        quantity: line.quantity,
        unitPriceCents: unitPrice(line),
        subtotalCents: line.subtotalCents,
        totalCents: line.totalCents,
        vatRateBp: line.item.vatRateBp,
        unitId: handedOut && line.unitIds.length === 1 ? line.unitIds[0] : null,
      };
      lines.push(row);
      const live = standing(plan.status);
      const end = plan.returnedEarly && plan.returnedAt ? plan.returnedAt : plan.returnAt;
      for (const unitId of line.unitIds)
        reservations.push({
          unitId,
          orderLineId: lineId,
          period: reservationRange({ pickupAt: plan.pickupAt, returnAt: end }, turnaroundMinutes),
          state: !live ? "released" : plan.status === "pending_payment" ? "held" : "confirmed",
          expiresAt: plan.status === "pending_payment" ? plan.expiresAt : null,
        });
      return row;
    });

    const provider = plan.source === "counter" ? "counter" : "demo";
    payments.push({
      orderId: id,
      provider,
      ref: `${provider}-${randomUUID()}`,
      method: plan.status === "pending_payment" || plan.status === "expired" ? null : plan.method,
      status:
        plan.status === "pending_payment"
          ? "created"
          : plan.status === "expired"
            ? "expired"
            : plan.status === "refunded"
              ? "refunded"
              : "succeeded",
      amountCents: plan.quote.totalCents,
      refundedCents: plan.status === "refunded" ? plan.quote.totalCents : 0,
      createdAt: plan.createdAt,
      updatedAt: plan.cancelledAt ?? plan.paidAt ?? plan.createdAt,
    });

    if (plan.couponId !== null && standing(plan.status))
      redemptions.push({ couponId: plan.couponId, orderId: id, email: plan.customer.email.toLowerCase(), createdAt: plan.createdAt });

    // The e-mails the shop sent: the confirmation once paid, the cancellation when refunded.
    if (plan.paidAt && row.email) {
      const shop = shopById.get(plan.shopId)!;
      const locale = plan.language;
      const orderUrl = orderPageUrl(origin, token, locale);
      const order = { ...row, pickupAt: plan.pickupAt, returnAt: plan.returnAt } as typeof schema.orders.$inferSelect;
      const confirmation = orderConfirmationEmail(
        {
          order,
          shop,
          persons: plan.persons.map((p, i) => ({ id: personIds[i], firstName: p.firstName, lastName: p.lastName })),
          lines: lineRows.map((l) => ({
            personId: l.personId ?? null,
            name: l.name,
            size: l.size ?? null,
            quantity: l.quantity ?? 1,
            subtotalCents: l.subtotalCents,
            packageName: null,
            surchargeCents: l.surchargeCents ?? 0,
            peaks: l.peaks ?? [],
          })),
          hotel: plan.hotelId === null ? null : { name: hotelName.get(plan.hotelId) ?? "" },
          orderUrl,
          cancellationFreeHours,
        },
        locale,
      );
      const sentAt = new Date(plan.paidAt.getTime() + 60_000);
      emails.push({
        orderId: id,
        kind: "confirmation",
        to: row.email,
        language: locale,
        ...confirmation,
        createdAt: plan.paidAt,
        sentAt,
        attempts: 1,
      });
      if (plan.status === "refunded" && plan.cancelledAt) {
        const cancellation = orderCancellationEmail(
          {
            order,
            shop,
            orderUrl,
            lines: lineRows.map((l) => ({ name: l.name, size: l.size ?? null, quantity: l.quantity ?? 1 })),
            refund: { how: "provider", amountCents: plan.quote.totalCents },
          },
          locale,
        );
        emails.push({
          orderId: id,
          kind: "cancellation",
          to: row.email,
          language: locale,
          ...cancellation,
          createdAt: plan.cancelledAt,
          sentAt: new Date(plan.cancelledAt.getTime() + 60_000),
          attempts: 1,
        });
      }
    }
  }

  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await insertAll(tx, schema.orders, orders);
    await insertAll(tx, schema.orderPersons, persons);
    await insertAll(tx, schema.orderLines, lines);
    await insertAll(tx, schema.reservations, [
      ...reservations,
      ...blocks.map((block) => ({
        unitId: block.unitId,
        period: `[${block.from.toISOString()},${block.to.toISOString()})`,
        state: "confirmed" as const,
        blockKind: "maintenance",
        blockNote: block.note,
      })),
    ]);
    await insertAll(tx, schema.payments, payments);
    if (redemptions.length > 0) await insertAll(tx, schema.couponRedemptions, redemptions);
    await insertAll(tx, schema.emailOutbox, emails);
    await tx.execute(sql`
      update coupons c set used_count = (select count(*) from coupon_redemptions r where r.coupon_id = c.id)`);
    // Explicit ids were written: the sequences go on after them.
    await tx.execute(sql`select setval('order_number_seq', ${planned.length + 1}, false)`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('order_persons', 'id'), ${Math.max(personId, 1)})`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('order_lines', 'id'), ${Math.max(lineId, 1)})`);
  });
  return { orders: planned.length };
}

function orderRow(plan: PlannedOrder, id: string, token: string): typeof schema.orders.$inferInsert {
  const { quote, customer } = plan;
  const year = zonedDate(plan.createdAt).slice(0, 4);
  // Counter customers leave their e-mail address four times in ten.
  const email = plan.source === "counter" && plan.sequence % 5 >= 2 ? "" : customer.email;
  return {
    id,
    number: `R-${year}-${String(plan.sequence).padStart(6, "0")}`,
    token,
    status: plan.status,
    appId: plan.appId,
    shopId: plan.shopId,
    source: plan.source,
    language: plan.language as Locale,
    pickupAt: plan.pickupAt,
    returnAt: plan.returnAt,
    invoiceName: `${customer.firstName} ${customer.lastName}`,
    invoiceStreet: customer.street,
    invoicePostalCode: customer.postalCode,
    invoiceCity: customer.city,
    invoiceCountry: customer.country,
    phone: customer.phone,
    email,
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    totalCents: quote.totalCents,
    vatCents: quote.vatCents,
    vatBreakdown: quote.vat.map((v) => ({ rateBp: v.rateBp, netCents: v.netCents, vatCents: v.vatCents })),
    discounts: quote.discounts.map((d) => ({ kind: d.kind, label: d.label, amountCents: d.amountCents, percent: d.percent })),
    damageWaiverCents: quote.damageWaiver?.chosen ? quote.damageWaiver.amountCents : 0,
    damageWaiverDayCents: quote.damageWaiver?.chosen ? quote.damageWaiver.dayCents : null,
    couponId: plan.couponId,
    hotelId: plan.hotelId,
    note: plan.note,
    expiresAt: plan.expiresAt ?? new Date(plan.createdAt.getTime() + 30 * 60_000),
    paidAt: plan.paidAt,
    pickedUpAt: plan.pickedUpAt,
    returnedAt: plan.returnedAt,
    returnNote: plan.returnNote,
    cancelledAt: plan.cancelledAt,
    createdAt: plan.createdAt,
    updatedAt: plan.returnedAt ?? plan.pickedUpAt ?? plan.cancelledAt ?? plan.paidAt ?? plan.createdAt,
  };
}
