import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatMoney, formatTime } from "../../app/domain/format";
import { type Locale, locales } from "../../app/domain/i18n";
import { holdOrder } from "../../app/server/booking/holds.server";
import { type Config, parseConfig, setConfig } from "../../app/server/config.server";
import { type Database, setDatabase } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { seedDemo } from "../../app/server/db/seed/seed.server";
import { deliverPendingEmails, enqueueEmail, type OutgoingEmail, startMailer } from "../../app/server/mail/mail.server";
import { orderConfirmationEmail } from "../../app/server/mail/order-confirmation.server";
import { getOrderByToken, orderPageUrl } from "../../app/server/orders/orders.server";
import { getSettings } from "../../app/server/settings/settings.server";
import { createRentalItem, createSaleItem, holdRequest, plainLine, rentalLine, shopIds } from "../helpers/booking";
import { createTestDatabase } from "../helpers/db";
import { closedPort, findPart, parseMime, startSmtpStandIn } from "../helpers/smtp-stand-in";

const ORIGIN = "https://rent.example";
const MAIL_FROM = "Dolomiti Rent <booking@dolomiti-rent.example>";

let database: Database & { url?: string };
let db: Database["db"];
let shops: Record<string, number>;
let dataDir: string;

function configure(overrides: Partial<Record<keyof Config, string>> = {}) {
  setConfig(parseConfig({ ...process.env, DATA_DIR: dataDir, SMTP_URL: undefined, MAIL_FROM, ...overrides }));
}

/** A real order (held through holdOrder) with one person's skis and, without a person, a pair of socks. */
async function createOrder(overrides: Parameters<typeof holdRequest>[2] = {}) {
  const ski = await createRentalItem(db, shops.ciaslin, 1);
  const socks = await createSaleItem(db, shops.ciaslin, 5);
  const held = await holdOrder(holdRequest(shops.ciaslin, [rentalLine(ski.id, "ski"), plainLine(socks.id, "socks")], overrides));
  if (!held.ok) throw new Error(`hold failed: ${held.reason}`);
  const found = await getOrderByToken(held.value.token);
  if (!found) throw new Error("order not found");
  return found;
}

type FoundOrder = Awaited<ReturnType<typeof createOrder>>;

async function confirmationFor(found: FoundOrder, locale: Locale) {
  const { cancellationFreeHours } = await getSettings();
  return orderConfirmationEmail({ ...found, orderUrl: orderPageUrl(ORIGIN, found.order.token, locale), cancellationFreeHours }, locale);
}

async function confirmationMail(found: FoundOrder, overrides: Partial<OutgoingEmail> = {}): Promise<OutgoingEmail> {
  const locale = found.order.language as Locale;
  return {
    orderId: found.order.id,
    kind: "confirmation",
    to: found.order.email,
    language: locale,
    ...(await confirmationFor(found, locale)),
    ...overrides,
  };
}

async function outboxRows() {
  return db.select().from(schema.emailOutbox).orderBy(schema.emailOutbox.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  db = database.db;
  await seedDemo(db);
  shops = await shopIds(db);
  dataDir = await mkdtemp(join(tmpdir(), "rental-mail-"));
});
afterAll(async () => {
  setConfig(parseConfig(process.env));
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  configure();
  await db.delete(schema.emailOutbox);
  await rm(join(dataDir, "outbox"), { recursive: true, force: true });
});

describe("enqueueEmail", () => {
  it("queues a message once per order and kind", async () => {
    const found = await createOrder();
    const mail = await confirmationMail(found);
    expect(await enqueueEmail(mail)).toBe(true);
    expect(await enqueueEmail(mail)).toBe(false);
    // Another kind for the same order is another message.
    expect(await enqueueEmail({ ...mail, kind: "cancellation" })).toBe(true);
    const rows = await outboxRows();
    expect(rows.map((r) => r.kind)).toEqual(["confirmation", "cancellation"]);
    expect(rows[0]).toMatchObject({ orderId: found.order.id, to: "anna@example.com", language: "en", sentAt: null, attempts: 0 });
  });

  it("lets exactly one of ten racing calls queue it", async () => {
    const found = await createOrder();
    const mail = await confirmationMail(found);
    const results = await Promise.all(Array.from({ length: 10 }, () => enqueueEmail(mail)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await outboxRows()).toHaveLength(1);
  });

  it("queues messages without an order every time", async () => {
    const mail: OutgoingEmail = {
      orderId: null,
      kind: "password-reset",
      to: "a@example.com",
      language: "de",
      subject: "s",
      text: "t",
      html: "<p>h</p>",
    };
    expect(await enqueueEmail(mail)).toBe(true);
    expect(await enqueueEmail(mail)).toBe(true);
    expect(await outboxRows()).toHaveLength(2);
  });
});

describe("delivery into DATA_DIR/outbox", () => {
  it("writes one real MIME message, marks it sent and sends it only once", async () => {
    const found = await createOrder();
    const mail = await confirmationMail(found);
    await enqueueEmail(mail);

    expect(await deliverPendingEmails()).toEqual({ sent: 1, failed: 0 });
    const [row] = await outboxRows();
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 1, lastError: null });

    const files = await readdir(join(dataDir, "outbox"));
    expect(files).toEqual([`${row.id}-confirmation.eml`]);
    const message = parseMime(await readFile(join(dataDir, "outbox", files[0]), "utf8"));
    expect(message.headers.get("from")).toBe(MAIL_FROM);
    expect(message.headers.get("to")).toBe("anna@example.com");
    expect(message.headers.get("subject")).toContain(found.order.number);
    expect(message.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(findPart(message, "text/plain")?.body.trim()).toBe(mail.text.trim());
    expect(findPart(message, "text/html")?.body).toContain(found.order.number);
    expect(findPart(message, "text/html")?.body.trim()).toBe(mail.html.trim());

    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 0 });
    expect(await readdir(join(dataDir, "outbox"))).toHaveLength(1);
  });

  it("is kicked by the background mailer right after queueing", async () => {
    const found = await createOrder();
    const mailer = startMailer({ intervalMs: 60_000 });
    try {
      await enqueueEmail(await confirmationMail(found));
      mailer.kick();
      const deadline = Date.now() + 10_000;
      while ((await outboxRows())[0].sentAt === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await outboxRows())[0].sentAt).toBeInstanceOf(Date);
    } finally {
      mailer.stop();
    }
  });
});

describe("delivery through SMTP", () => {
  afterEach(() => configure());

  it("sends the message to the SMTP server", async () => {
    const smtp = await startSmtpStandIn();
    try {
      configure({ SMTP_URL: smtp.url });
      const found = await createOrder();
      const mail = await confirmationMail(found);
      await enqueueEmail(mail);
      expect(await deliverPendingEmails()).toEqual({ sent: 1, failed: 0 });

      expect(smtp.messages).toHaveLength(1);
      const [received] = smtp.messages;
      expect(received.from).toBe("booking@dolomiti-rent.example");
      expect(received.to).toEqual(["anna@example.com"]);
      const message = parseMime(received.data);
      expect(message.headers.get("subject")).toBe(mail.subject);
      expect(message.headers.get("subject")).toContain(found.order.number);
      expect(findPart(message, "text/plain")?.body.trim()).toBe(mail.text.trim());
      expect(findPart(message, "text/html")?.body.trim()).toBe(mail.html.trim());
      expect((await outboxRows())[0].sentAt).toBeInstanceOf(Date);
      // Nothing is written to the folder when SMTP is configured.
      await expect(readdir(join(dataDir, "outbox"))).rejects.toThrow();

      expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("counts a failed attempt, keeps the error and tries again later when the server is unreachable", async () => {
    configure({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const found = await createOrder();
    await enqueueEmail(await confirmationMail(found));

    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 1 });
    let [row] = await outboxRows();
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);

    // The next try waits a minute after queueing.
    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 0 });
    await db.execute(sql`update email_outbox set created_at = created_at - interval '2 minutes'`);
    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 1 });
    [row] = await outboxRows();
    expect(row.attempts).toBe(2);

    // Once the server is back, the message goes out.
    const smtp = await startSmtpStandIn();
    try {
      configure({ SMTP_URL: smtp.url });
      await db.execute(sql`update email_outbox set created_at = created_at - interval '10 minutes'`);
      expect(await deliverPendingEmails()).toEqual({ sent: 1, failed: 0 });
      [row] = await outboxRows();
      expect(row).toMatchObject({ attempts: 3, lastError: null });
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("never sends a message twice when two deliveries run at once", async () => {
    const smtp = await startSmtpStandIn();
    try {
      configure({ SMTP_URL: smtp.url });
      for (let n = 0; n < 6; n++) {
        await enqueueEmail({
          orderId: null,
          kind: `note-${n}`,
          to: `guest${n}@example.com`,
          language: "en",
          subject: `Note ${n}`,
          text: "t",
          html: "<p>h</p>",
        });
      }
      const results = await Promise.all([deliverPendingEmails(), deliverPendingEmails()]);
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
      expect(results.every((r) => r.failed === 0)).toBe(true);
      expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 6 }, (_, n) => `guest${n}@example.com`));
    } finally {
      await smtp.close();
    }
  });

  it("goes on with the next message after a permanent rejection", async () => {
    const smtp = await startSmtpStandIn({ rejectRecipients: ["nobody@example.com"] });
    try {
      configure({ SMTP_URL: smtp.url });
      const first = await createOrder();
      const second = await createOrder();
      await enqueueEmail(await confirmationMail(first, { to: "nobody@example.com" }));
      await enqueueEmail(await confirmationMail(second));
      expect(await deliverPendingEmails()).toEqual({ sent: 1, failed: 1 });
      const rows = await outboxRows();
      expect(rows[0]).toMatchObject({ sentAt: null, attempts: 1 });
      expect(rows[0].lastError).toMatch(/550/);
      expect(rows[1].sentAt).toBeInstanceOf(Date);
      expect(smtp.messages.map((m) => m.to)).toEqual([["anna@example.com"]]);
    } finally {
      await smtp.close();
    }
  });
});

describe("the order confirmation", () => {
  let found: FoundOrder;
  beforeAll(async () => {
    found = await createOrder({
      persons: [
        { firstName: "<script>alert(1)</script>", lastName: "O'Brien", heightCm: 172, weightKg: 64, skill: "intermediate", shoeSize: 39 },
      ],
    });
    await db.update(schema.orders).set({ invoiceName: `Anna & "Bob" <b>` }).where(eq(schema.orders.id, found.order.id));
    found = (await getOrderByToken(found.order.token))!;
  });

  it.each(locales)("reads in %s with the order number, branch, total and link", async (locale) => {
    const mail = await confirmationFor(found, locale);
    const url = orderPageUrl(ORIGIN, found.order.token, locale);
    const total = formatMoney(found.order.totalCents, locale);
    expect(mail.subject).toContain(found.order.number);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(found.order.number);
      expect(part).toContain(found.shop.name);
      expect(part).toContain(found.shop.phone);
      expect(part).toContain(total);
      expect(part).toContain(url);
      expect(part).toContain("48");
    }
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\bmail\.|confirmation\.|\{\{/);
    }
    expect(mail.html).toContain(`<html lang="${locale === "be" ? "nl-BE" : locale}">`);
    // The socks have no person: they are listed under their own heading.
    expect(mail.text).toContain(found.lines.find((l) => l.personId === null)!.name);
  });

  it("links to the order page in the customer's language", () => {
    expect(orderPageUrl(ORIGIN, "abc_DEF-123", "en")).toBe("https://rent.example/order/abc_DEF-123");
    expect(orderPageUrl(ORIGIN, "abc_DEF-123", "be")).toBe("https://rent.example/be/order/abc_DEF-123");
  });

  it("shows pickup and return in the shop's time zone, in the customer's language", async () => {
    const de = await confirmationFor(found, "de");
    expect(de.text).toContain("Montag, 11. Januar 2027 um 09:00");
    expect(de.text).toContain("Mittwoch, 13. Januar 2027 um 17:00");
    expect(de.text).toContain("Größe 170");
    expect(de.text).toContain("Frühbucherrabatt");
    expect(de.text).toMatch(/Bis 48 Stunden vor der Abholung .* also bis Samstag, 9\. Januar 2027 um 09:00\./);
    const it = await confirmationFor(found, "it");
    expect(it.text).toContain("lunedì 11 gennaio 2027");
    // One 24-hour time format per language, the hour picker's: never "9:00 AM", Danish "09.00".
    const en = await confirmationFor(found, "en");
    expect(en.text).toContain("Monday, 11 January 2027 at 09:00");
    expect(en.text).not.toMatch(/\d (AM|PM)\b/);
    const da = await confirmationFor(found, "da");
    expect(da.text).toContain("mandag den 11. januar 2027 kl. 09.00");
    expect(da.text).toContain(formatTime("09:00", "da"));
  });

  it("escapes what the customer typed in the HTML part", async () => {
    const mail = await confirmationFor(found, "en");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("&#60;script&#62;alert(1)&#60;/script&#62; O&#39;Brien");
    expect(mail.html).toContain("Anna &#38; &#34;Bob&#34; &#60;b&#62;");
    // The text part is plain text: it shows the values as typed.
    expect(mail.text).toContain(`Hello Anna & "Bob" <b>,`);
    expect(mail.text).toContain("<script>alert(1)</script> O'Brien");
  });
});
