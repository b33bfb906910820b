/**
 * Orders through the JSON API racing checkouts of the pages for the last units, on PostgreSQL: the API takes
 * the same hold as the checkout, so the exclusion constraint on reservations gives each unit to one of them.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SCOPES } from "../../app/domain/integrations";
import { createApiKey } from "../../app/server/api/keys.server";
import { holdOrder } from "../../app/server/booking/holds.server";
import { queryRows } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { comingWinterPeriods, createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { ADMIN, startTestServer } from "../helpers/http";

const { january } = comingWinterPeriods();
const API_CALLS = 12;
const CHECKOUTS = 3;
let shop: Awaited<ReturnType<typeof startTestServer>>;
let key: string;
let ciaslin: number;

beforeAll(async () => {
  shop = await startTestServer({ API_RATE_LIMIT: "100000" });
  if (shop.database.kind !== "postgres") throw new Error("The concurrency tests need PostgreSQL (TEST_DB=postgres).");
  ciaslin = (await shopIds(shop.database.db)).ciaslin;
  const [admin] = await shop.database.db.select().from(schema.users).where(eq(schema.users.email, ADMIN.email));
  key = (await createApiKey({ name: "race", scopes: [...API_SCOPES], shopId: null, createdBy: admin.id }, shop.database.db)).key;
});
afterAll(async () => {
  await shop?.close();
});

function apiOrder(itemId: number, n: number) {
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
        const [viaApi, viaPages] = await Promise.all([
          Promise.all(Array.from({ length: API_CALLS }, (_, n) => apiOrder(item.id, n))),
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
            viaPages.filter((p) => !p.ok && p.failure.reason === "unavailable").length,
        };
        expect(tally).toEqual({ round, won: units, lost: API_CALLS + CHECKOUTS - units });
        expect(await overlaps(item.id)).toEqual([]);
      }
    });
  }
});
