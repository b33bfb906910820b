import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "../../app/domain/i18n";
import { getDashboard } from "../../app/server/admin/dashboard.server";
import { type Database, queryRows, setDatabase } from "../../app/server/db/client.server";
import { seedDemoSeason } from "../../app/server/db/seed/season.server";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createTestDatabase } from "../helpers/db";

/** Mid-season, so the back office has everything at once: people out, returns due, this week and last season's. */
const NOW = new Date("2027-01-14T10:30:00Z");

let first: Database;
let second: Database;

async function seeded(now: Date) {
  const database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  const { orders } = await seedDemoSeason(database.db, "http://localhost:3000", now);
  return { database, orders };
}

type Fingerprint = { number: string; name: string; status: string; pickup: string; total: number; lines: number };
const fingerprint = (db: Database["db"]) =>
  queryRows<Fingerprint>(
    sql`select o.number, o.invoice_name as name, o.status, o.pickup_at::text as pickup, o.total_cents as total,
               (select count(*) from order_lines l where l.order_id = o.id)::int as lines
        from orders o order by o.number`,
    db,
  );

describe("the demo season", () => {
  let orders = 0;
  beforeAll(async () => {
    ({ database: second } = await seeded(NOW));
    ({ database: first, orders } = await seeded(NOW));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("is the same season on every start on the same day", async () => {
    const a = await fingerprint(first.db);
    const b = await fingerprint(second.db);
    expect(a.length).toBe(orders);
    expect(a).toEqual(b);
    // The links are not: an order's token is never guessable, not even a demo's.
    const [tokens] = await queryRows<{ n: number }>(sql`select count(distinct token)::int as n from orders`, first.db);
    expect(tokens.n).toBe(orders);
  });

  it("has about 1,500 orders around today, in six languages, online and at the counter, peaking at Christmas", async () => {
    const [window] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from orders
          where pickup_at between ${NOW.toISOString()}::timestamptz - interval '60 days' and ${NOW.toISOString()}::timestamptz + interval '60 days'`,
      first.db,
    );
    expect(window.n).toBeGreaterThan(1200);
    expect(window.n).toBeLessThan(1900);
    const languages = await queryRows<{ language: string }>(sql`select distinct language from orders order by 1`, first.db);
    expect(languages.map((l) => l.language).sort()).toEqual([...locales].sort());
    const sources = await queryRows<{ source: string }>(sql`select distinct source from orders order by 1`, first.db);
    expect(sources.map((s) => s.source)).toEqual(["counter", "online"]);
    const statuses = await queryRows<{ status: string }>(sql`select distinct status::text as status from orders order by 1`, first.db);
    expect(statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(["expired", "paid", "pending_payment", "picked_up", "refunded", "returned"]),
    );
    const [perDay] = await queryRows<{ christmas: number; december: number }>(
      sql`select
            (count(*) filter (where pickup_at >= '2026-12-20' and pickup_at < '2027-01-07'))::float / 18 as christmas,
            (count(*) filter (where pickup_at >= '2026-12-01' and pickup_at < '2026-12-08'))::float / 7 as december
          from orders where app_id = 'winter'`,
      first.db,
    );
    // Sold out on many Christmas days (units run short), so the peak is flatter than the demand.
    expect(perDay.christmas).toBeGreaterThan(1.5 * perDay.december);
  });

  it("has what a season leaves behind: coupons, hotels, no-shows, early and damaged returns, lockers, service jobs, workshop blocks, next summer", async () => {
    const [counts] = await queryRows<Record<string, number>>(
      sql`select
            (select count(*) from orders where coupon_id is not null)::int as coupons,
            (select count(*) from orders where hotel_id is not null)::int as hotels,
            (select count(*) from orders where note like 'No-show%')::int as no_shows,
            (select count(*) from orders where return_note = 'Returned early')::int as early,
            (select count(*) from orders where return_note is not null and return_note <> 'Returned early')::int as damage,
            (select count(*) from order_lines where kind = 'depot')::int as lockers,
            (select count(*) from order_lines where kind = 'service')::int as services,
            (select count(*) from order_lines where kind = 'sale')::int as sales,
            (select count(*) from orders where app_id = 'summer' and pickup_at > ${NOW.toISOString()}::timestamptz)::int as next_summer,
            (select count(*) from orders where status = 'picked_up' and return_at < ${NOW.toISOString()}::timestamptz)::int as overdue,
            (select count(*) from reservations where block_kind = 'maintenance' and block_note is not null)::int as workshop_blocks`,
      first.db,
    );
    for (const [what, n] of Object.entries(counts)) expect(n, what).toBeGreaterThan(0);
  });

  it("keeps its books straight: totals, reservations, payments, coupon uses and e-mails agree with the orders", async () => {
    const [wrong] = await queryRows<Record<string, number>>(
      sql`select
            (select count(*) from orders o
              where o.total_cents <> o.damage_waiver_cents + (select sum(total_cents) from order_lines l where l.order_id = o.id))::int as totals,
            (select count(*) from reservations r join order_lines l on l.id = r.order_line_id join orders o on o.id = l.order_id
              where (r.state = 'confirmed') <> (o.status in ('paid', 'picked_up', 'returned')))::int as states,
            (select count(*) from orders o where not exists (select 1 from payments p where p.order_id = o.id and p.amount_cents = o.total_cents))::int as payments,
            (select count(*) from coupons c where c.used_count <> (select count(*) from coupon_redemptions r where r.coupon_id = c.id))::int as coupons,
            (select count(*) from orders o where o.paid_at is not null and o.email <> ''
               and not exists (select 1 from email_outbox e where e.order_id = o.id and e.kind = 'confirmation'))::int as mails,
            (select count(*) from order_lines l join orders o on o.id = l.order_id
              where l.kind in ('rental', 'depot') and o.status in ('paid', 'picked_up', 'returned')
                and l.quantity <> (select count(*) from reservations r where r.order_line_id = l.id))::int as units`,
      first.db,
    );
    expect(wrong).toEqual({ totals: 0, states: 0, payments: 0, coupons: 0, mails: 0, units: 0 });
  });

  it("fills the dashboard: handovers today, overdue returns, payments waiting, this week against last season", async () => {
    setDatabase(first);
    const dashboard = await getDashboard(null, NOW);
    const handovers = dashboard.branches.flatMap((b) => b.days.flatMap((d) => [...d.pickups, ...d.returns]));
    expect(handovers.length).toBeGreaterThan(10);
    expect(dashboard.overdue.length).toBeGreaterThan(0);
    expect(dashboard.waiting.count).toBeGreaterThan(0);
    expect(dashboard.revenue.last30.cents).toBeGreaterThan(0);
    const week = Object.fromEntries(dashboard.week.map((w) => [w.figure, w]));
    expect(week.revenue.current).toBeGreaterThan(0);
    expect(week.revenue.previous).toBeGreaterThan(0);
    expect(week.units.change).not.toBeNull();
  });

  it("shows staff only their branches: overdue returns, payments waiting and the week's figures", async () => {
    setDatabase(first);
    const [{ id }] = await queryRows<{ id: number }>(sql`select id from shops where slug = 'plan-da-sera'`, first.db);
    const all = await getDashboard(null, NOW);
    const mine = await getDashboard([id], NOW);
    const shopOf = new Map(
      (await queryRows<{ number: string; shop_id: number }>(sql`select number, shop_id from orders`, first.db)).map((o) => [
        o.number,
        o.shop_id,
      ]),
    );
    expect(mine.branches.map((b) => b.shop.id)).toEqual([id]);
    for (const order of [...mine.overdue, ...mine.waiting.orders]) expect(shopOf.get(order.number)).toBe(id);
    expect(mine.overdue.length).toBeLessThan(all.overdue.length);
    const figure = (d: typeof all, f: string) => d.week.find((w) => w.figure === f)?.current ?? 0;
    expect(figure(mine, "orders")).toBeGreaterThan(0);
    expect(figure(mine, "orders")).toBeLessThan(figure(all, "orders"));
  });
});
