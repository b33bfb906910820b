/**
 * Orders through the JSON API racing checkouts of the pages for the last units, on PostgreSQL: the API takes
 * the same hold as the checkout, so the exclusion constraint on reservations gives each unit to one of them.
 * And one key racing itself for a whole size through two processes stops at its hold limit.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_HOLD_LIMITS } from "../../app/domain/hold-limits";
import { API_SCOPES } from "../../app/domain/integrations";
import { createApiKey } from "../../app/server/api/keys.server";
import { holdOrder } from "../../app/server/booking/holds.server";
import { type Database, queryRows } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { comingWinterPeriods, createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";
import { ADMIN, startTestServer } from "../helpers/http";
import { ADMIN_EMAIL, type ShopProcess, startShopProcess } from "../helpers/server-process";

const { january } = comingWinterPeriods();
const API_CALLS = 12;
const CHECKOUTS = 3;
let shop: Awaited<ReturnType<typeof startTestServer>>;
let adminId: string;
let ciaslin: number;

beforeAll(async () => {
  shop = await startTestServer({ API_RATE_LIMIT: "100000" });
  if (shop.database.kind !== "postgres") throw new Error("The concurrency tests need PostgreSQL (TEST_DB=postgres).");
  ciaslin = (await shopIds(shop.database.db)).ciaslin;
  const [admin] = await shop.database.db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
  adminId = admin.id;
});

/** A key of its own for each round: a key's unpaid holds are limited (decision 026), the rounds' are not. */
async function newKey() {
  return (await createApiKey({ name: "race", scopes: [...API_SCOPES], shopId: null, createdBy: adminId }, shop.database.db)).key;
}
afterAll(async () => {
  await shop?.close();
});

function apiOrder(key: string, itemId: number, n: number) {
  return fetch(`${shop.url}/api/v1/orders`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      storefront: "winter",
      branch: ciaslin,
      ...january,
      persons: [{ firstName: "Racer", heightCm: 175 }],
      lines: [{ item: itemId, size: "170", quantity: 1, person: 0 }],
      invoice: { ...holdRequest(ciaslin, []).invoice, email: `api-racer${n}@example.com` },
    }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as { type?: string } }));
}

/** Pairs of live reservations on one unit whose periods overlap: must always be none. */
async function overlaps(itemId: number) {
  return queryRows<{ a: number }>(
    sql`select a.id as a from reservations a join reservations b on a.unit_id = b.unit_id and a.id < b.id and a.period && b.period
        join units u on u.id = a.unit_id
        where u.item_id = ${itemId} and a.state in ('held', 'confirmed') and b.state in ('held', 'confirmed')`,
    shop.database.db,
  );
}

describe("API orders against checkouts on PostgreSQL", () => {
  for (const units of [1, 3]) {
    it(`gives ${units} unit(s) to exactly ${units} of ${API_CALLS} API orders and ${CHECKOUTS} checkouts, 10 times over`, async () => {
      for (let round = 1; round <= 10; round++) {
        const item = await createRentalItem(shop.database.db, ciaslin, units);
        const key = await newKey();
        const [viaApi, viaPages] = await Promise.all([
          Promise.all(Array.from({ length: API_CALLS }, (_, n) => apiOrder(key, item.id, n))),
          Promise.all(
            Array.from({ length: CHECKOUTS }, (_, n) =>
              holdOrder(
                holdRequest(ciaslin, [rentalLine(item.id)], {
                  period: january,
                  now: new Date(),
                  invoice: { ...holdRequest(ciaslin, []).invoice, email: `page-racer${n}@example.com` },
                }),
              ),
            ),
          ),
        ]);
        const tally = {
          round,
          won: viaApi.filter((a) => a.status === 201).length + viaPages.filter((p) => p.ok).length,
          lost:
            viaApi.filter((a) => a.status === 409 && a.body.type === "/api/v1/docs#problem-unavailable").length +
            viaPages.filter((p) => !p.ok && p.reason === "unavailable").length,
        };
        expect(tally).toEqual({ round, won: units, lost: API_CALLS + CHECKOUTS - units });
        expect(await overlaps(item.id)).toEqual([]);
      }
    });
  }
});

/**
 * One booking key asking for a whole size at once through two server processes (issue 33): the advisory lock
 * on the key makes the calls take turns in the hold's transaction, so the key gets exactly its limit of the
 * size and every other call is refused, whichever process answers it.
 */
describe("one booking key against its hold limit, on two processes", () => {
  const UNITS = 12;
  let database: Database & { url?: string };
  let processes: ShopProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.kind !== "postgres" || !database.url) throw new Error("The hold-limit race needs PostgreSQL (TEST_DB=postgres).");
    processes = await startShopProcess({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2", API_RATE_LIMIT: "100000" });
  }, 180_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  it(`holds ${API_HOLD_LIMITS.MAX_UNITS_PER_SIZE} of ${UNITS} units for one key, however many calls race`, async () => {
    const { ciaslin: branch } = await shopIds(database.db);
    const [admin] = await database.db.select().from(schema.users).where(eq(schema.users.email, ADMIN_EMAIL));
    const booker = (await createApiKey({ name: "hoarder", scopes: ["orders:book"], shopId: null, createdBy: admin.id }, database.db)).key;
    const item = await createRentalItem(database.db, branch, UNITS);
    const answers = await Promise.all(
      Array.from({ length: UNITS / 2 }, (_, n) =>
        fetch(`${processes.url}/api/v1/orders`, {
          method: "POST",
          headers: { Authorization: `Bearer ${booker}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            storefront: "winter",
            branch,
            ...january,
            persons: [{ firstName: "Hoarder", heightCm: 175 }],
            lines: [{ item: item.id, size: "170", quantity: 2, person: 0 }],
            invoice: { ...holdRequest(branch, []).invoice, email: `hoarder${n}@example.com` },
          }),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as { type?: string } })),
      ),
    );
    const held = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 429 && a.body.type === "/api/v1/docs#problem-rate-limited").length;
    expect({ held, refused }).toEqual({
      held: API_HOLD_LIMITS.MAX_UNITS_PER_SIZE / 2,
      refused: UNITS / 2 - API_HOLD_LIMITS.MAX_UNITS_PER_SIZE / 2,
    });
    const live = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from reservations r join units u on u.id = r.unit_id
          where u.item_id = ${item.id} and r.state in ('held', 'confirmed')`,
      database.db,
    );
    expect(live[0].n).toBe(API_HOLD_LIMITS.MAX_UNITS_PER_SIZE);
  });
});
