/**
 * The reminders with two server processes on one PostgreSQL database (WEB_CONCURRENCY=2), each sweeping
 * every 5 seconds, on a clock moved to the reminders' moments (REMINDER_CLOCK, decision 047): first to
 * 09:30 the day before the pickup, then, after a restart, to 08:30 on the return day. After several sweeps
 * by both processes each booked order has exactly one e-mail per kind in the outbox, delivered once; a
 * cancelled order has none, and an order whose moment has not come yet has none.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrder, confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

let database: Database & { url?: string };
let shop: ShopProcess | undefined;
const booked: Record<"anna" | "ben" | "carla" | "dario", string> = { anna: "", ben: "", carla: "", dario: "" };

/** A paid order of one pair of skis at Ciaslin for the period, booked in December. */
async function paidOrder(language: "en" | "de" | "da" | "it", pickupDate: string, returnDate: string) {
  const ski = await createRentalItem(database.db, (await shopIds(database.db)).ciaslin, 1);
  const period = { pickupDate, returnDate, pickupTime: "09:00", returnTime: "17:00" };
  const held = await holdOrder(holdRequest((await shopIds(database.db)).ciaslin, [rentalLine(ski.id)], { language, period }), database.db);
  if (!held.ok) throw new Error(`no order: ${JSON.stringify(held)}`);
  await database.db.insert(schema.payments).values({
    orderId: held.value.id,
    provider: "demo",
    ref: `demo_reminder_${held.value.id}`,
    status: "succeeded",
    amountCents: held.value.totalCents,
    currency: "EUR",
  });
  expect(await confirmOrder(held.value.id, database.db)).toMatchObject({ ok: true, value: { outcome: "paid" } });
  return held.value.id;
}

/** The shop as two processes whose reminders run on `clock`, sweeping every 5 s. */
function startShop(clock: string) {
  if (!database.url) throw new Error("no database URL");
  return startShopProcess({
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: "2",
    REMINDER_CLOCK: clock,
    REMINDER_SWEEP_SECONDS: "5",
    LOG_LEVEL: "debug",
    SHUTDOWN_TIMEOUT_MS: "30000",
  });
}

/** Sweeps per process so far, from the log: each sweep writes one line, with the process's number. */
function sweepsPerProcess(process: ShopProcess): Map<number, number> {
  const sweeps = new Map<number, number>();
  for (const line of process.output().split("\n")) {
    if (!line.includes('"msg":"reminder sweep"') && !line.includes('"msg":"reminders queued"')) continue;
    const { worker } = JSON.parse(line) as { worker: number };
    sweeps.set(worker, (sweeps.get(worker) ?? 0) + 1);
  }
  return sweeps;
}

/** Waits until both processes have swept at least twice (the first at start, side by side). */
async function bothSwept(process: ShopProcess) {
  await expect
    .poll(
      () => {
        const sweeps = [...sweepsPerProcess(process).values()];
        return sweeps.length === 2 && sweeps.every((n) => n >= 2);
      },
      { timeout: 90_000, interval: 250 },
    )
    .toBe(true);
}

const remindersOf = async (orderId: string) =>
  (
    await database.db
      .select({ kind: schema.emailOutbox.kind })
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.orderId, orderId), like(schema.emailOutbox.kind, "%-reminder")))
      .orderBy(schema.emailOutbox.id)
  ).map((m) => m.kind);

/** Waits until every reminder in the outbox is sent, and returns the message files of `kind` the processes wrote. */
async function delivered(process: ShopProcess, kind: string) {
  await expect
    .poll(
      async () =>
        (
          await database.db
            .select({ sentAt: schema.emailOutbox.sentAt })
            .from(schema.emailOutbox)
            .where(like(schema.emailOutbox.kind, "%-reminder"))
        ).every((m) => m.sentAt !== null),
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  return readdirSync(join(process.dataDir, "outbox")).filter((name) => name.endsWith(`-${kind}.eml`));
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== "postgres" || !database.url) throw new Error("The process tests need PostgreSQL (TEST_DB=postgres).");
  setDatabase(database);
  await seedDemo(database.db);
  // Monday 11 to Wednesday 13 January 2027: Anna, Ben and Carla (who cancels); Dario from Thursday 14th.
  booked.anna = await paidOrder("en", "2027-01-11", "2027-01-13");
  booked.ben = await paidOrder("de", "2027-01-11", "2027-01-13");
  booked.carla = await paidOrder("da", "2027-01-11", "2027-01-13");
  expect(await cancelOrder(booked.carla, {}, database.db)).toMatchObject({ ok: true });
  booked.dario = await paidOrder("it", "2027-01-14", "2027-01-16");
}, 120_000);
afterAll(async () => {
  await shop?.stop();
  await database?.close();
});

describe("reminders with two server processes on PostgreSQL", () => {
  it("the day before the pickup: exactly one pickup reminder per booked order, however often both processes sweep", async () => {
    shop = await startShop("2027-01-10T09:30:00+01:00");
    await bothSwept(shop);
    expect(await remindersOf(booked.anna)).toEqual(["pickup-reminder"]);
    expect(await remindersOf(booked.ben)).toEqual(["pickup-reminder"]);
    expect(await remindersOf(booked.carla)).toEqual([]);
    expect(await remindersOf(booked.dario)).toEqual([]);
    // Each queued e-mail went out once, through whichever process's mailer took it.
    expect(await delivered(shop, "pickup-reminder")).toHaveLength(2);
    expect(await shop.stop()).toBe(0);
    shop = undefined;
  }, 300_000);

  it("with the clock moved to the return day: one return reminder each, and still one pickup reminder", async () => {
    // Anna has her skis; Ben has not come yet: both are reminded of the return.
    await database.db.update(schema.orders).set({ status: "picked_up" }).where(eq(schema.orders.id, booked.anna));
    shop = await startShop("2027-01-13T08:30:00+01:00");
    await bothSwept(shop);
    expect(await remindersOf(booked.anna)).toEqual(["pickup-reminder", "return-reminder"]);
    expect(await remindersOf(booked.ben)).toEqual(["pickup-reminder", "return-reminder"]);
    expect(await remindersOf(booked.carla)).toEqual([]);
    // Dario's pickup reminder is due from 09:00 today, half an hour after this clock.
    expect(await remindersOf(booked.dario)).toEqual([]);
    expect(await delivered(shop, "return-reminder")).toHaveLength(2);
    const rows = await database.db
      .select({ language: schema.emailOutbox.language })
      .from(schema.emailOutbox)
      .where(and(inArray(schema.emailOutbox.orderId, [booked.anna, booked.ben]), eq(schema.emailOutbox.kind, "return-reminder")));
    expect(rows.map((r) => r.language).sort()).toEqual(["de", "en"]);
  }, 300_000);
});
