/**
 * More requests at once than a process takes on (MAX_IN_FLIGHT, here 2, with no queue: MAX_QUEUE_MS 0): the
 * rest get a translated 503 with Retry-After straight away, and the shop serves normally after.
 * On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import it_ from "../../app/i18n/lang/it.json";
import { startTestServer } from "../helpers/http";

let shop: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  shop = await startTestServer({ MAX_IN_FLIGHT: "2", MAX_QUEUE_MS: "0" });
});
afterAll(async () => {
  await shop?.close();
});

describe("a process with more requests than it takes on", () => {
  it("answers the surplus with a translated 503 at once, keeps health checks and assets open, and recovers", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => shop.request("/it/stores")));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.headers.get("retry-after")).toBe("2");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.text()).toContain(it_.errors.busy);
    }
    await Promise.all(answers.filter((a) => a.status === 200).map((a) => a.text()));
    const during = await Promise.all([...Array.from({ length: 10 }, () => shop.request("/")), shop.request("/healthz")]);
    expect(during.at(-1)?.status).toBe(200);
    await Promise.all(during.map((a) => a.text()));
    // Once the rush is over, every page is served again.
    for (let i = 0; i < 5; i++) {
      const page = await shop.request("/it/stores");
      expect(page.status).toBe(200);
      await page.text();
    }
  });
});
