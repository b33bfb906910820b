import type { LoaderFunctionArgs } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime, formatMoney } from "../../app/domain/format";
import type { Locale } from "../../app/domain/i18n";
import { loader as icsLoader } from "../../app/routes/booking/order-ics";
import { loader as pdfLoader } from "../../app/routes/booking/order-pdf";
import { holdOrder } from "../../app/server/booking/holds.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { type OrderDocumentInput, orderCalendarIcs, orderConfirmationPdf, orderQrSvg } from "../../app/server/orders/documents.server";
import { getOrderByToken, orderPageUrl } from "../../app/server/orders/orders.server";
import { createRentalItem, createSaleItem, holdRequest, JANUARY_PERIOD, plainLine, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase, testDbKind } from "../helpers/db";
import { pdfText } from "../helpers/pdf-text";

let database: Database & { url?: string };
let order: NonNullable<Awaited<ReturnType<typeof getOrderByToken>>>;
let token: string;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  const shops = await shopIds(database.db);
  const ski = await createRentalItem(database.db, shops["plan-da-sera"], 2);
  const socks = await createSaleItem(database.db, shops["plan-da-sera"], 5);
  const held = await holdOrder(
    holdRequest(shops["plan-da-sera"], [rentalLine(ski.id, "ski"), plainLine(socks.id, "socks", 2)], {
      language: "da",
      // Plan da Sëra closes on the 13th: back on the 12th.
      period: { ...JANUARY_PERIOD, returnDate: "2027-01-12" },
      // Names from outside the standard fonts' WinAnsi: the PDF must still be made.
      persons: [{ firstName: "Łukasz", lastName: "Sørensen 李", heightCm: 180, skill: "expert" }],
    }),
  );
  if (!held.ok) throw new Error(`no order: ${JSON.stringify(held)}`);
  token = held.value.token;
  const found = await getOrderByToken(token);
  if (!found) throw new Error("order not found by its token");
  order = found;
});
afterAll(async () => {
  await database?.close();
});

/** Intl's spaces as the PDF writes them: narrow and thin spaces become plain ones. */
const asDrawn = (text: string) => text.replace(/[\u2000-\u200a\u202f]/g, " ");
const money = (cents: number, locale: Locale) => asDrawn(formatMoney(cents, locale));

const input = (locale: Locale): OrderDocumentInput => ({ ...order, orderUrl: `${ORIGIN}/${locale}/order/${token}` });

describe(`order documents on ${testDbKind}`, () => {
  it.each([
    ["en", "Order confirmation", "Other items"],
    ["da", "Bookingbekræftelse", "Andre varer"],
  ] as const)("the PDF in %s is a real PDF with the order number, branch and total", async (locale, title, other) => {
    const bytes = await orderConfirmationPdf(input(locale), locale);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const { pages, lines } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(lines).toContain(title);
    expect(lines).toContain(order.order.number);
    expect(lines).toContain("Dolomiti Rent Plan da Sëra");
    expect(order.order.totalCents).toBeGreaterThan(0);
    expect(lines).toContain(money(order.order.totalCents, locale));
    // Pickup and return with the shop's one time format: "09:00", in Danish "09.00".
    expect(lines).toContain(asDrawn(formatDateTime(order.order.pickupAt, locale, "full")));
    expect(lines).toContain(asDrawn(formatDateTime(order.order.returnAt, locale, "full")));
    expect(lines.join("\n")).not.toMatch(/\d (AM|PM)\b/);
    expect(lines).toContain(other);
    expect(lines).toContain(order.lines.find((l) => l.personId === null)?.name);
    // Ł has no WinAnsi glyph but a plain L; the Chinese character becomes "?".
    expect(lines).toContain("Łukasz Sørensen 李".replace("Ł", "L").replace("李", "?"));
    expect(lines.some((l) => l.startsWith(`${ORIGIN}/${locale}/order/`))).toBe(true);
  });

  it("breaks a long order onto several pages, each with its page number", async () => {
    const many: OrderDocumentInput = {
      ...input("de"),
      lines: Array.from({ length: 90 }, (_, n) => ({ ...order.lines[0], id: 10_000 + n, name: `Ski Nummer ${n + 1}` })),
    };
    const { pages, lines } = await pdfText(await orderConfirmationPdf(many, "de"));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(lines).toContain("Ski Nummer 1");
    expect(lines).toContain("Ski Nummer 90");
    expect(lines).toContain(`Seite ${pages} von ${pages}`);
    // The table header runs on at the top of every page.
    expect(lines.filter((l) => l === "Artikel")).toHaveLength(pages);
  });

  it("names the partner hotel, and says so when the early-booking discount was the better one", async () => {
    const outdone: OrderDocumentInput = {
      ...input("en"),
      hotel: { name: "Hotel Alpenrose" },
      order: { ...order.order, discounts: [{ kind: "offer", label: "", amountCents: 500, percent: 10 }] },
    };
    const { lines } = await pdfText(await orderConfirmationPdf(outdone, "en"));
    expect(lines).toContain("Partner hotel");
    expect(lines).toContain("Hotel Alpenrose — the early-booking discount was better");
    const none = await pdfText(await orderConfirmationPdf({ ...input("en"), hotel: null }, "en"));
    expect(none.lines).not.toContain("Partner hotel");
  });

  it("draws the QR code as an SVG of paths", async () => {
    const svg = await orderQrSvg(`${ORIGIN}/order/${token}`);
    expect(svg.trimStart().startsWith("<svg")).toBe(true);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    expect(svg).toMatch(/<path[^>]* d="M[^"]+"/);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it("makes a calendar with the pickup and the return in UTC", () => {
    const ics = orderCalendarIcs(input("de"), "de", new Date("2026-12-01T10:00:00Z"));
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded.match(/^BEGIN:VEVENT$/gm)).toHaveLength(2);
    // Monday 11 January 2027 09:00 and Tuesday 12 January 17:00 in Rome are 08:00 and 16:00 UTC.
    expect(order.order.pickupAt.toISOString()).toBe("2027-01-11T08:00:00.000Z");
    expect(unfolded).toContain("DTSTART:20270111T080000Z\r\nDTEND:20270111T083000Z\r\n");
    expect(unfolded).toContain("DTSTART:20270112T160000Z\r\nDTEND:20270112T163000Z\r\n");
    expect(unfolded).toContain(`UID:${order.order.number}-pickup@localhost\r\n`);
    expect(unfolded).toContain("SUMMARY:Mietartikel bei Dolomiti Rent Plan da Sëra abholen\r\n");
    expect(unfolded).toContain(`DESCRIPTION:Bestellnummer: ${order.order.number}\\n${ORIGIN}/de/order/${token}\r\n`);
  });

  it("builds the order URL in the page's language", () => {
    expect(orderPageUrl(ORIGIN, token, "be")).toBe(`${ORIGIN}/be/order/${token}`);
    expect(orderPageUrl(ORIGIN, token, "en")).toBe(`${ORIGIN}/order/${token}`);
  });
});

describe("document routes", () => {
  const args = (path: string, params: Record<string, string | undefined>) =>
    ({ request: new Request(`${ORIGIN}${path}`), params, context: {} }) as unknown as LoaderFunctionArgs;
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: { init?: { status?: number } }) => error.init?.status,
    );

  it("serves the PDF inline, never cached", async () => {
    const response = await pdfLoader(args(`/da/order/${token}/confirmation.pdf`, { lang: "da", id: token }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="${order.order.number}.pdf"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { lines } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(lines).toContain("Bookingbekræftelse");
    expect(lines).toContain(`${ORIGIN}/da/order/${token}`);
  });

  it("serves the calendar as an attachment", async () => {
    const response = await icsLoader(args(`/order/${token}/calendar.ics`, { id: token }));
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${order.order.number}.ics"`);
    const text = await response.text();
    expect(text).toContain("SUMMARY:Pick up your rental at Dolomiti Rent Plan da Sëra");
    expect(text).toContain(`URL:${ORIGIN}/order/${token}\r\n`);
  });

  it.each([
    ["a token of the wrong shape", { id: "short" }],
    ["an unknown token", { id: "A".repeat(24) }],
    ["the /en prefix", { lang: "en", id: "A".repeat(24) }],
    ["an unknown language", { lang: "xx", id: "A".repeat(24) }],
  ])("answers 404 for %s", async (_name, params) => {
    expect(await status(pdfLoader(args("/x", params)))).toBe(404);
    expect(await status(icsLoader(args("/x", params)))).toBe(404);
  });
});
