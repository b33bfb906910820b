/**
 * The welcome e-mail and the confirmed address over real HTTP (issue 16, point 5; decision 016): sign-up
 * sends a welcome in the page's language with a link that confirms the address; guest orders booked with
 * that address show in /account only after the owner of the account confirmed it with that link, and
 * never for someone who signed up with another person's address.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../app/domain/i18n";
import da from "../../app/i18n/lang/da.json";
import de from "../../app/i18n/lang/de.json";
import en from "../../app/i18n/lang/en.json";
import { hashPassword } from "../../app/server/auth/password.server";
import { confirmOrder, holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createVisitor, locationOf, pageText, type Visitor } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestServer();
});
afterAll(async () => {
  await shop?.close();
});

let addresses = 0;
function visitor(): Visitor {
  addresses++;
  return createVisitor(shop.url, { headers: { "X-Forwarded-For": `203.0.113.${addresses}` } });
}

const unique = (name: string) => `${name}-${randomBytes(4).toString("hex")}@example.com`;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

const mailsTo = (email: string) =>
  db()
    .select()
    .from(schema.emailOutbox)
    .where(sql`lower(${schema.emailOutbox.to}) = ${email.toLowerCase()}`)
    .orderBy(schema.emailOutbox.id);

/** The confirmation link's path in an e-mail, e.g. /da/account?confirm=... */
function confirmPath(text: string): string {
  const match = /https?:\/\/[^/\s]+(\/(?:[a-z]{2}\/)?account\?confirm=[A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no confirmation link in:\n${text}`);
  return match[1];
}

async function signUp(v: Visitor, email: string, locale: Locale = "en", name = "Eva Guest") {
  const prefix = locale === "en" ? "" : `/${locale}`;
  return v.post(`${prefix}/login?mode=signup`, { intent: "signup", name, email, password: "pale mountains at dawn" });
}

/** A paid order booked without an account, with `email` as the invoice address. */
async function guestOrder(email: string) {
  const branches = await shopIds(db());
  const ski = await createRentalItem(db(), branches.ciaslin, 1);
  const base = holdRequest(branches.ciaslin, [rentalLine(ski.id)]);
  const held = await holdOrder({ ...base, invoice: { ...base.invoice, email } });
  if (!held.ok) throw new Error("no order");
  await confirmOrder(held.value.id, db());
  return held.value;
}

describe(`welcome e-mail and confirmed address on ${testDbKind}`, () => {
  it("welcomes a new customer once, in the language of the sign-up page (English and Danish)", async () => {
    for (const [locale, messages, prefix] of [
      ["en", en, ""],
      ["da", da, "/da"],
    ] as const) {
      const email = unique(`welcome-${locale}`);
      const v = visitor();
      // A double click: one account, one welcome.
      const answers = await Promise.all([signUp(v, email, locale), signUp(visitor(), email, locale)]);
      expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      const [welcome] = mails;
      expect(welcome).toMatchObject({ kind: "welcome", language: locale, orderId: null });
      expect(welcome.subject).toBe(fill(messages.mail.welcome.subject, { brand: messages.brand.name }));
      expect(welcome.text).toContain(fill(messages.mail.passwordReset.greeting, { name: "Eva Guest" }));
      expect(welcome.text).toContain(messages.mail.welcome.confirm);
      expect(welcome.text).toContain(fill(messages.mail.welcome.valid_other, { count: 7 }));
      expect(confirmPath(welcome.text).startsWith(`${prefix}/account?confirm=`)).toBe(true);
      expect(welcome.html).toContain(messages.mail.welcome.link);
    }
  });

  it("shows guest orders of the address only once the account's owner has confirmed it", async () => {
    const email = unique("Eva.Guest");
    const order = await guestOrder(email.toLowerCase());
    const owner = visitor();
    // Signed up with the address in other capitals: still the same address.
    expect(locationOf(await signUp(owner, email.toUpperCase(), "de"))).toBe("/de/account");
    const before = await pageText(await owner.get("/de/account"));
    expect(before).not.toContain(order.number);
    expect(before).toContain(fill(de.account.email.unconfirmed, { email: email.toUpperCase() }));
    const link = confirmPath((await mailsTo(email))[0].text);

    // Someone signed in to another account cannot use the link.
    const other = visitor();
    await signUp(other, unique("other"));
    const stranger = await other.post("/account", { intent: "confirm-email", token: link.split("confirm=")[1] });
    expect(stranger.status).toBe(400);
    expect(await pageText(stranger)).toContain(en.account.errors.confirmInvalid);
    // Opening the link confirms nothing yet: a click does.
    const opened = await pageText(await owner.get(link));
    expect(opened).toContain(fill(de.account.email.confirmText, { email: email.toUpperCase() }));
    expect(opened).not.toContain(order.number);
    const [unconfirmed] = await db().select().from(schema.users).where(sql`lower(${schema.users.email}) = ${email.toLowerCase()}`);
    expect(unconfirmed.emailConfirmedAt).toBeNull();

    const confirmed = await owner.post(link, { intent: "confirm-email", token: link.split("confirm=")[1] });
    expect(confirmed.status).toBe(302);
    expect(locationOf(confirmed)).toBe("/de/account?done=email");
    const after = await pageText(await owner.follow(confirmed));
    expect(after).toContain(de.account.email.confirmed);
    expect(after).toContain(order.number);
    expect(after).not.toContain(de.account.email.title);
    // The other account still sees nothing of it.
    expect(await pageText(await other.get("/account"))).not.toContain(order.number);
  });

  it("never shows an order that belongs to another account, even with the same address", async () => {
    const email = unique("shared");
    const order = await guestOrder(email);
    const [someone] = await db()
      .insert(schema.users)
      .values({ email: unique("someone"), name: "Someone", passwordHash: await hashPassword("a long test password") })
      .returning();
    await db().update(schema.orders).set({ userId: someone.id }).where(eq(schema.orders.id, order.id));
    const owner = visitor();
    await signUp(owner, email);
    const link = confirmPath((await mailsTo(email))[0].text);
    await owner.post(link, { intent: "confirm-email", token: link.split("confirm=")[1] });
    expect(await pageText(await owner.get("/account"))).not.toContain(order.number);
  });

  it("sends an older account a new link on request, in the page's language, at most three an hour", async () => {
    const email = unique("older");
    const password = "a long test password";
    await db()
      .insert(schema.users)
      .values({ email, name: "Old Customer", passwordHash: await hashPassword(password) });
    const order = await guestOrder(email);
    const v = visitor();
    expect((await v.post("/login", { intent: "login", email, password })).status).toBe(302);
    const account = await pageText(await v.get("/de/account"));
    expect(account).toContain(de.account.email.resend);
    expect(account).not.toContain(order.number);

    const sent = await v.post("/de/account", { intent: "email-link" });
    expect(locationOf(sent)).toBe("/de/account?done=email-sent");
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: "email-confirmation", language: "de" });
    expect(mail.subject).toBe(fill(de.mail.emailConfirmation.subject, { brand: de.brand.name }));
    await v.post("/de/account", { intent: "email-link" });
    await v.post("/de/account", { intent: "email-link" });
    const fourth = await v.post("/de/account", { intent: "email-link" });
    expect(fourth.status).toBe(429);
    expect(await mailsTo(email)).toHaveLength(3);

    const link = confirmPath(mail.text);
    expect(link.startsWith("/de/account?confirm=")).toBe(true);
    expect((await v.post(link, { intent: "confirm-email", token: link.split("confirm=")[1] })).status).toBe(302);
    expect(await pageText(await v.get("/account"))).toContain(order.number);
  });

  it("refuses a link that expired or was never sent", async () => {
    const email = unique("late");
    const v = visitor();
    await signUp(v, email);
    const token = confirmPath((await mailsTo(email))[0].text).split("confirm=")[1];
    await db()
      .update(schema.emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await v.post("/account", { intent: "confirm-email", token });
    expect(expired.status).toBe(400);
    expect(await pageText(expired)).toContain(en.account.errors.confirmInvalid);
    expect((await v.post("/account", { intent: "confirm-email", token: "x".repeat(43) })).status).toBe(400);
    expect((await v.post("/account", { intent: "confirm-email", token: "<script>" })).status).toBe(400);
  });
});
