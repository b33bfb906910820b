/**
 * Issue 33, point 21, over real HTTP: the back office shows words, not codes, in German and Danish — the audit
 * trail of an order made at the counter ("damageWaiverCents", "card"), its payment line ("counter (cash)"),
 * the order list's CSV file (states, channels, seasons) with the language's decimal comma (decision 053) —
 * and its searches fold umlauts and accents both ways ("mueller" finds "Müller", "Müller" finds "Mueller").
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import { hashPassword } from "../../app/server/auth/password.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { counterOrderForm, paidOrder } from "../helpers/orders";
import { locationOf } from "../helpers/visitor";

const messages = { de, da } as const;

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let admin: string;

const as = (cookie: string) => ({ headers: { Cookie: cookie } });
const post = (cookie: string, path: string, fields: Record<string, string>) => shop.post(path, fields, cookie);
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

/** An online order of one pair of skis, paid through the demo provider by card, in the invoice name given. */
const paidByCard = (itemId: number, invoiceName: string, email: string) =>
  paidOrder(
    db,
    holdRequest(branches.ciaslin, [rentalLine(itemId)], { invoice: { ...holdRequest(0, []).invoice, name: invoiceName, email } }),
    { method: "card", refPrefix: "demo_words_" },
  );

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  admin = await shop.login();
});
afterAll(async () => {
  await shop?.close();
});

describe(`the back office's words on ${testDbKind}`, () => {
  let counterOrder = "";

  beforeAll(async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 2);
    const created = await post(
      admin,
      "/admin/order/create",
      counterOrderForm(branches.ciaslin, ski.id, {
        intent: "create",
        "persons.0.heightCm": "",
        language: "de",
        method: "card",
        name: "Walter Walk-in",
      }),
    );
    expect(created.status).toBe(302);
    counterOrder = /\/admin\/order\/([0-9a-f-]{36})/.exec(locationOf(created))?.[1] ?? "";
    expect(counterOrder).not.toBe("");
  });

  it.each(["de", "da"] as const)("the audit trail and the payment line of a counter order say it in words (%s)", async (locale) => {
    const m = messages[locale];
    const html = await (await shop.request(`/${locale}/admin/order/${counterOrder}`, as(admin))).text();
    const entry = /<li[^>]*data-audit="create"[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? "";
    expect(entry).not.toBe("");
    // Each logged field under its name in the language, never the name the log keeps.
    const rows = [...entry.matchAll(/<tr[^>]*data-field="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, field, row]) => ({
      field,
      cells: [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) => textOf(cell).trim()),
    }));
    expect(rows.map((row) => row.field).sort()).toEqual(["damageWaiverCents", "method", "number", "source", "totalCents"]);
    for (const row of rows) expect(row.cells[0], row.field).toBe(m.admin.audit.fields[row.field as keyof typeof m.admin.audit.fields]);
    const after = Object.fromEntries(rows.map((row) => [row.field, row.cells[2]]));
    expect(after.method).toBe(m.admin.orders.methods.card);
    expect(after.source).toBe(m.admin.orders.sources.counter);
    // The payment: where and how, in words ("counter (card)" before).
    const payment = textOf(/<li[^>]*data-payment[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? "");
    expect(payment).toContain(`${m.admin.orders.provider.counter} (${m.admin.orders.methods.card})`);
    expect(payment).not.toMatch(/\bcounter\b|\(card\)/);
  });

  it("an online payment's line names the provider and the method in words", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const order = await paidByCard(ski.id, "Online Kunde", "online.kunde@test.example");
    const html = await (await shop.request(`/da/admin/order/${order.id}`, as(admin))).text();
    const payment = textOf(/<li[^>]*data-payment[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? "");
    expect(payment).toContain(`${da.admin.orders.provider.demo} (${da.admin.orders.onlineMethod.card})`);
    expect(payment).not.toMatch(/\bdemo \(card\)/);
  });

  it.each(["de", "da"] as const)(
    "the order list's CSV file has states, channels and seasons in words and a decimal comma (%s)",
    async (locale) => {
      const m = messages[locale];
      const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, counterOrder));
      const csv = await (await shop.request(`/${locale}/admin/orders.csv?q=${order.number}`, as(admin))).text();
      const [header, row, ...rest] = csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(rest).toEqual([]);
      expect(header.split(";")).toHaveLength(14);
      const cells = row.split(";");
      expect(cells[0]).toBe(order.number);
      expect(cells[1]).toBe(m.order.status.paid);
      expect(cells[2]).toBe(m.admin.orders.sources.counter);
      expect(cells[4]).toBe(m.season.winter);
      expect(cells[11]).toBe((order.totalCents / 100).toFixed(2).replace(".", ","));
      expect(cells[13]).toBe("0,00");
    },
  );
});

describe(`searching with umlauts and accents on ${testDbKind}`, () => {
  const tag = Date.now().toString(36);
  const names = {
    umlaut: `Jürgen Müller ${tag}`,
    spelled: `Hans Mueller ${tag}`,
    accent: `Zoë Brontë ${tag}`,
    danish: `Søren Æbelø ${tag}`,
  };
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 4);
    for (const [key, name] of Object.entries(names)) numbers[key] = (await paidByCard(ski.id, name, `${key}.${tag}@test.example`)).number;
  });

  const found = async (q: string) => {
    const html = await (await shop.request(`/admin/orders?q=${encodeURIComponent(q)}`, as(admin))).text();
    return Object.keys(numbers)
      .filter((key) => html.includes(numbers[key]))
      .sort();
  };

  it.each([
    [`mueller ${tag}`, ["spelled", "umlaut"]],
    [`MÜLLER ${tag}`, ["spelled", "umlaut"]],
    [`juergen müller ${tag}`, ["umlaut"]],
    [`zoe bronte ${tag}`, ["accent"]],
    [`BRONTË ${tag}`, ["accent"]],
    [`soeren aebeloe ${tag}`, ["danish"]],
  ])("the order list's search %j finds %j", async (q, keys) => {
    expect(await found(q)).toEqual(keys);
  });

  it("the user list's search folds them too", async () => {
    await db.insert(schema.users).values({
      email: `g.mueller.${tag}@test.example`,
      name: `Gisela Müller ${tag}`,
      role: "customer",
      passwordHash: await hashPassword("a long test password"),
    });
    const html = await (await shop.request(`/admin/users?q=${encodeURIComponent(`gisela mueller ${tag}`)}`, as(admin))).text();
    expect(html).toContain(`g.mueller.${tag}@test.example`);
  });
});
