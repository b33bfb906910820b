/**
 * Accounts over real HTTP (issue 5, decision 016): sign-up, sign-in, the forgotten-password link, session
 * fixation, logout, password change, idle and absolute session ends, rate limits, and two-step
 * verification (TOTP) with the shop's "require it for staff" setting.
 *
 * Each visitor comes from its own address (X-Forwarded-For, which the server takes from loopback proxies
 * only), so the per-address limits of one test do not spill into another.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../app/domain/accounts";
import { base32Decode, totp } from "../../app/domain/totp";
import { hitRateLimit, sweepAuthTables } from "../../app/server/auth/rate-limit.server";
import { decryptTotpSecret, encryptTotpSecret } from "../../app/server/auth/totp.server";
import { holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { createAccount } from "../helpers/accounts";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { ADMIN, startTestServer } from "../helpers/http";
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
/** A visitor from an address of its own. */
function visitor(): Visitor {
  addresses++;
  return createVisitor(shop.url, { headers: { "X-Forwarded-For": `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` } });
}

const unique = (name: string) => `${name}-${randomBytes(4).toString("hex")}@example.com`;

async function createUser(role: "customer" | "staff" | "admin", password = "a long test password") {
  const user = await createAccount(db(), unique(role), role, { name: `Test ${role}`, password });
  return { ...user, password };
}

async function logIn(v: Visitor, email: string, password: string, path = "/login", extra: Record<string, string> = {}) {
  return v.post(path, { intent: "login", email, password, ...extra });
}

const sessionCookie = (v: Visitor) => v.cookies.get("rental_session");

async function sessionsOf(userId: string) {
  return db().select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
}

describe(`sign-up and sign-in on ${testDbKind}`, () => {
  it("signs up with name, e-mail and password, signs in at once and lands on the account page", async () => {
    const v = visitor();
    const form = await v.get("/login?mode=signup");
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain('name="name"');
    expect(page).toContain('autoComplete="new-password"');

    const email = unique("Anna.Signup");
    const response = await v.post("/login?mode=signup", { intent: "signup", name: "Anna Berger", email, password: "rifugio-lagazuoi" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/account");
    expect(sessionCookie(v)).toBeTruthy();

    const account = await v.get("/account");
    expect(account.status).toBe(200);
    const text = await pageText(account);
    expect(text).toContain("My account");
    expect(text).toContain(email);
    expect(text).toContain("My orders");
    expect(text).toContain("You have not booked anything with this account yet.");
    expect(text).not.toContain("Two-step verification"); // customers have no second factor to set up

    const [user] = await db().select().from(schema.users).where(sql`lower(${schema.users.email}) = ${email.toLowerCase()}`);
    expect(user).toMatchObject({ name: "Anna Berger", role: "customer", language: "en" });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("signs up in German and goes to the German account page; the header links to it", async () => {
    const v = visitor();
    const response = await v.post("/de/login?mode=signup", {
      intent: "signup",
      name: "Jonas",
      email: unique("jonas"),
      password: "Almhütte am See",
    });
    expect(locationOf(response)).toBe("/de/account");
    const account = await v.get("/de/account");
    const html = await account.text();
    expect(html).toContain("Mein Konto");
    expect(html).toContain('href="/de/account"');
    expect(html).not.toContain('href="/de/login"');
  });

  it("refuses an e-mail address that has an account, whatever its case, keeping name and e-mail but never the password", async () => {
    const existing = await createUser("customer");
    const v = visitor();
    const response = await v.post("/login?mode=signup", {
      intent: "signup",
      name: "Second Anna",
      email: existing.email.toUpperCase(),
      password: "another-secret-pass",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("There is already an account with this e-mail address.");
    expect(html).toContain('value="Second Anna"');
    expect(html).toContain(`value="${existing.email.toUpperCase()}"`);
    expect(html).not.toContain("another-secret-pass");
    expect(sessionCookie(v)).toBeUndefined();
  });

  it("puts each message beside its field", async () => {
    const v = visitor();
    const response = await v.post("/it/login?mode=signup", { intent: "signup", name: "", email: "not-an-address", password: "short" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="name-error"[^>]*>Compila questo campo\./);
    expect(html).toMatch(/id="email-error"[^>]*>Inserisci un indirizzo e-mail valido/);
    expect(html).toMatch(/id="password-error"[^>]*>La password deve avere almeno 8 caratteri\./);
    expect(html).toContain('aria-describedby="password-error password-hint"');
  });

  it.each([["password1"], ["iloveyou"], ["Sunshine"], ["1qaz2wsx"], ["baseball"]])("refuses the common password %s", async (password) => {
    const v = visitor();
    const response = await v.post("/login?mode=signup", { intent: "signup", name: "Common", email: unique("common"), password });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This password is one of the most common ones and easy to guess.");
  });

  it("signs a customer in to /account, or to `next`; staff and admins to /admin", async () => {
    const customer = await createUser("customer");
    const a = visitor();
    expect(locationOf(await logIn(a, customer.email, customer.password))).toBe("/account");
    const b = visitor();
    expect(locationOf(await logIn(b, customer.email, customer.password, "/da/login", { next: "/da/rental" }))).toBe("/da/rental");
    const c = visitor();
    expect(locationOf(await logIn(c, customer.email, customer.password, "/login", { next: "https://evil.example/" }))).toBe("/");
    const staff = await createUser("staff");
    const d = visitor();
    expect(locationOf(await logIn(d, staff.email, staff.password, "/nl/login"))).toBe("/nl/admin");
    const e = visitor();
    expect(locationOf(await logIn(e, ADMIN.email, ADMIN.password))).toBe("/admin");
  });

  it("refuses a wrong password with the translated message, keeping the e-mail but not the password", async () => {
    const customer = await createUser("customer");
    const v = visitor();
    const response = await logIn(v, customer.email, "not the password", "/da/login");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("E-mailadressen eller adgangskoden er forkert.");
    expect(html).toContain(`value="${customer.email}"`);
    expect(html).not.toContain("not the password");
    expect(response.headers.get("set-cookie")).toBeNull();
    // An unknown address gets the very same answer.
    const unknown = await logIn(visitor(), unique("nobody"), "not the password", "/da/login");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("E-mailadressen eller adgangskoden er forkert.");
  });

  it("sends anonymous visitors of /account to the login, and back afterwards", async () => {
    const v = visitor();
    const response = await v.get("/it/account");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/it/login?next=%2Fit%2Faccount");
  });
});

describe(`forgotten password on ${testDbKind}`, () => {
  async function resetMails(to: string) {
    return db()
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, to), eq(schema.emailOutbox.kind, "password-reset")))
      .orderBy(schema.emailOutbox.id);
  }
  const tokenIn = (text: string) => /[?&]reset=([A-Za-z0-9_-]{43})/.exec(text)?.[1] as string;

  it("e-mails a one-hour link in the page's language; the new password works, the old one and every session end", async () => {
    const user = await createUser("customer", "the old password 1");
    // Two devices signed in before the reset.
    const phone = visitor();
    const laptop = visitor();
    await logIn(phone, user.email, user.password);
    await logIn(laptop, user.email, user.password);
    expect(await sessionsOf(user.id)).toHaveLength(2);

    const v = visitor();
    expect((await v.get("/de/login?mode=forgot")).status).toBe(200);
    const asked = await v.post("/de/login?mode=forgot", { intent: "forgot", email: user.email.toUpperCase() });
    expect(asked.status).toBe(302);
    expect(locationOf(asked)).toBe("/de/login?mode=sent");
    expect(await pageText(await v.follow(asked))).toContain("Falls es zu dieser E-Mail-Adresse ein Konto gibt");

    const [mail] = await resetMails(user.email);
    expect(mail).toMatchObject({ orderId: null, kind: "password-reset", language: "de" });
    expect(mail.subject).toBe("Ihr Passwort bei Dolomiti Rent zurücksetzen");
    expect(mail.text).toContain("Der Link ist 60 Minuten gültig");
    expect(mail.html).toContain('<html lang="de">');
    const token = tokenIn(mail.text);
    expect(mail.text).toContain(`${shop.url}/de/login?reset=${token}`);
    // 32 random bytes in the link; only their SHA-256 is kept.
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await db().select().from(schema.passwordResets).where(eq(schema.passwordResets.userId, user.id));
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(await db().select().from(schema.passwordResets))).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    const form = await v.get(`/de/login?reset=${token}`);
    expect(form.status).toBe(200);
    expect(await pageText(form)).toContain("Neues Passwort wählen");

    const common = await v.post(`/de/login?reset=${token}`, { intent: "reset", token, password: "passwort" });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("Dieses Passwort gehört zu den häufigsten");

    const done = await v.post(`/de/login?reset=${token}`, { intent: "reset", token, password: "the new password 2" });
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe("/de/login?done=reset");
    expect(await pageText(await v.follow(done))).toContain("Ihr Passwort wurde geändert.");

    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(locationOf(await phone.get("/account"))).toBe("/login?next=%2Faccount");
    expect(locationOf(await laptop.get("/account"))).toBe("/login?next=%2Faccount");
    expect((await logIn(visitor(), user.email, "the old password 1")).status).toBe(400);
    expect(locationOf(await logIn(visitor(), user.email, "the new password 2"))).toBe("/account");
    const [after] = await db().select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(after.passwordChangedAt).toBeTruthy();
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const known = await createUser("customer");
    const unknownEmail = unique("nobody");
    const a = await visitor().post("/login?mode=forgot", { intent: "forgot", email: known.email });
    const b = await visitor().post("/login?mode=forgot", { intent: "forgot", email: unknownEmail });
    expect(a.status).toBe(b.status);
    expect(locationOf(a)).toBe(locationOf(b));
    expect(await a.text()).toBe(await b.text());
    expect(await resetMails(known.email)).toHaveLength(1);
    expect(await resetMails(unknownEmail)).toHaveLength(0);
  });

  it("uses a link once only", async () => {
    const user = await createUser("customer");
    const v = visitor();
    await v.post("/login?mode=forgot", { intent: "forgot", email: user.email });
    const token = tokenIn((await resetMails(user.email))[0].text);
    expect((await v.post(`/login?reset=${token}`, { intent: "reset", token, password: "first new password" })).status).toBe(302);
    const again = await v.post(`/login?reset=${token}`, { intent: "reset", token, password: "second new password" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link to reset your password is no longer valid");
    expect(await pageText(await v.get(`/login?reset=${token}`))).toContain("This link to reset your password is no longer valid");
    expect(locationOf(await logIn(visitor(), user.email, "first new password"))).toBe("/account");
  });

  it("lets a link expire after an hour, and a newer link's use ends the older ones", async () => {
    const user = await createUser("customer");
    const v = visitor();
    await v.post("/login?mode=forgot", { intent: "forgot", email: user.email });
    await v.post("/login?mode=forgot", { intent: "forgot", email: user.email });
    const [first, second] = (await resetMails(user.email)).map((m) => tokenIn(m.text));
    expect(first).not.toBe(second);
    await db()
      .update(schema.passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.passwordResets.tokenHash, createHash("sha256").update(first).digest("hex")));
    expect(await pageText(await v.get(`/login?reset=${first}`))).toContain("This link to reset your password is no longer valid");
    expect((await v.post(`/login?reset=${first}`, { intent: "reset", token: first, password: "expired link pass" })).status).toBe(400);

    const third = await (async () => {
      await v.post("/login?mode=forgot", { intent: "forgot", email: user.email });
      return tokenIn((await resetMails(user.email))[2].text);
    })();
    expect((await v.post(`/login?reset=${second}`, { intent: "reset", token: second, password: "second link pass" })).status).toBe(302);
    expect((await v.post(`/login?reset=${third}`, { intent: "reset", token: third, password: "third link pass" })).status).toBe(400);
  });

  it("refuses made-up tokens", async () => {
    const v = visitor();
    const token = randomBytes(32).toString("base64url");
    expect(await pageText(await v.get(`/login?reset=${token}`))).toContain("no longer valid");
    expect(await pageText(await v.get("/login?reset=short"))).toContain("no longer valid");
    expect((await v.post(`/login?reset=${token}`, { intent: "reset", token, password: "made up token pass" })).status).toBe(400);
  });

  it("sends at most three reset e-mails an hour to one address, answering the same", async () => {
    const user = await createUser("customer");
    for (let n = 0; n < 5; n++) {
      const response = await visitor().post("/login?mode=forgot", { intent: "forgot", email: user.email });
      expect(locationOf(response)).toBe("/login?mode=sent");
    }
    expect(await resetMails(user.email)).toHaveLength(3);
  });
});

describe(`sessions on ${testDbKind}`, () => {
  const secret = "integration-test-secret-0123456789abcdef";
  const signed = (value: string) => createCookie("rental_session", { secrets: [secret], path: "/" }).serialize(value);

  it("never keeps a session id from before the sign-in (fixation), and ignores forged and unknown cookies", async () => {
    const user = await createUser("customer");
    // A validly signed cookie with an id the attacker chose: no session, and not the id after sign-in.
    const planted = randomBytes(32).toString("base64url");
    const cookie = (await signed(planted)).split(";")[0];
    const v = visitor();
    v.cookies.set("rental_session", cookie.slice("rental_session=".length));
    expect(locationOf(await v.get("/account"))).toBe("/login?next=%2Faccount");
    await logIn(v, user.email, user.password);
    const after = decodeURIComponent(sessionCookie(v) ?? "");
    expect(after).not.toContain(planted);
    const [session] = await sessionsOf(user.id);
    expect(session.id).not.toBe(planted);

    // Signed in again while signed in: yet another id.
    const before = sessionCookie(v);
    await logIn(v, user.email, user.password);
    expect(sessionCookie(v)).not.toBe(before);

    // Forged (bad signature) and garbage cookies count as no session.
    const [name, value] = [`rental_session`, sessionCookie(v) ?? ""];
    for (const bad of [`${name}=${value.slice(0, -4)}abcd`, `${name}=anything`, (await signed("not-a-session-id")).split(";")[0]]) {
      const response = await shop.request("/account", { headers: { Cookie: bad } });
      expect(response.status, bad).toBe(302);
    }
  });

  it("sets the cookie httpOnly, SameSite=Lax, for the role's absolute lifetime", async () => {
    const user = await createUser("customer");
    const response = await logIn(visitor(), user.email, user.password);
    const header = response.headers.get("set-cookie") ?? "";
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain(`Max-Age=${30 * 24 * 3600}`);
    const admin = await logIn(visitor(), ADMIN.email, ADMIN.password);
    expect(admin.headers.get("set-cookie")).toContain(`Max-Age=${12 * 3600}`);
  });

  it("ends the session at logout: the old cookie replayed gets the login redirect", async () => {
    const v = visitor();
    await logIn(v, ADMIN.email, ADMIN.password);
    const old = sessionCookie(v) as string;
    expect((await v.get("/admin")).status).toBe(200);
    const out = await v.post("/logout", {});
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    for (const path of ["/admin", "/account"]) {
      const replay = await shop.request(path, { headers: { Cookie: `rental_session=${old}` } });
      expect(replay.status, path).toBe(302);
      expect(locationOf(replay)).toMatch(/^\/login\?next=/);
    }
  });

  it("changes the password after checking the current one, ends every other session and renews this one", async () => {
    const user = await createUser("customer", "current password 1");
    const here = visitor();
    const elsewhere = visitor();
    await logIn(here, user.email, user.password);
    await logIn(elsewhere, user.email, user.password);
    const before = sessionCookie(here);

    const wrong = await here.post("/account", { intent: "password", current: "not current", password: "brand new password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="current-password-error"[^>]*>Your current password is not right\./);
    const common = await here.post("/account", { intent: "password", current: user.password, password: "sunshine" });
    expect(common.status).toBe(400);
    expect(await common.text()).toMatch(/id="new-password-error"[^>]*>This password is one of the most common ones/);

    const changed = await here.post("/account", { intent: "password", current: user.password, password: "brand new password" });
    expect(changed.status).toBe(302);
    expect(locationOf(changed)).toBe("/account?done=password");
    expect(sessionCookie(here)).not.toBe(before);
    const page = await here.follow(changed);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("Your password has been changed.");
    expect(locationOf(await elsewhere.get("/account"))).toBe("/login?next=%2Faccount");
    expect((await shop.request("/account", { headers: { Cookie: `rental_session=${before}` } })).status).toBe(302);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect(locationOf(await logIn(visitor(), user.email, "brand new password"))).toBe("/account");
  });

  it("ends a customer's session after a week unused, an admin's after half an hour", async () => {
    const user = await createUser("customer");
    const v = visitor();
    await logIn(v, user.email, user.password);
    await db().update(schema.sessions).set({ lastSeenAt: sql`now() - interval '6 days'` }).where(eq(schema.sessions.userId, user.id));
    expect((await v.get("/account")).status).toBe(200);
    await db()
      .update(schema.sessions)
      .set({ lastSeenAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(schema.sessions.userId, user.id));
    expect(locationOf(await v.get("/account"))).toBe("/login?next=%2Faccount");
    expect(await sessionsOf(user.id)).toHaveLength(0); // deleted on the way

    const admin = await createUser("admin");
    const a = visitor();
    await logIn(a, admin.email, admin.password);
    await db().update(schema.sessions).set({ lastSeenAt: sql`now() - interval '29 minutes'` }).where(eq(schema.sessions.userId, admin.id));
    expect((await a.get("/admin")).status).toBe(200);
    await db().update(schema.sessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` }).where(eq(schema.sessions.userId, admin.id));
    expect(locationOf(await a.get("/admin"))).toBe("/login?next=%2Fadmin");
  });

  it("ends a session at its absolute end however busy it is: 12 hours for staff, 30 days for customers", async () => {
    const staff = await createUser("staff");
    const s = visitor();
    await logIn(s, staff.email, staff.password);
    await db()
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '11 hours 50 minutes'` })
      .where(eq(schema.sessions.userId, staff.id));
    expect((await s.get("/admin")).status).toBe(200);
    await db()
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(schema.sessions.userId, staff.id));
    expect((await s.get("/admin")).status).toBe(302);

    const customer = await createUser("customer");
    const c = visitor();
    await logIn(c, customer.email, customer.password);
    await db().update(schema.sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(schema.sessions.userId, customer.id));
    expect((await c.get("/account")).status).toBe(302);
  });

  it("writes last_seen_at at most every five minutes", async () => {
    const user = await createUser("customer");
    const v = visitor();
    await logIn(v, user.email, user.password);
    const seen = async () => (await sessionsOf(user.id))[0].lastSeenAt.getTime();
    const first = await seen();
    await v.get("/account");
    await v.get("/");
    expect(await seen()).toBe(first);
    await db().update(schema.sessions).set({ lastSeenAt: sql`now() - interval '6 minutes'` }).where(eq(schema.sessions.userId, user.id));
    const old = await seen();
    await v.get("/account");
    expect(await seen()).toBeGreaterThan(old + 5 * 60_000);
  });

  it("lists the signed-in customer's own orders under My orders", async () => {
    const user = await createUser("customer");
    const other = await createUser("customer");
    const ids = await shopIds(db());
    const item = await createRentalItem(db(), ids.ciaslin, 2);
    const mine = await holdOrder(holdRequest(ids.ciaslin, [rentalLine(item.id)], { userId: user.id }));
    const theirs = await holdOrder(holdRequest(ids.ciaslin, [rentalLine(item.id)], { userId: other.id }));
    if (!mine.ok || !theirs.ok) throw new Error("hold failed");
    const v = visitor();
    await logIn(v, user.email, user.password, "/de/login");
    const html = await (await v.get("/de/account")).text();
    expect(html).toContain(`Bestellung ${mine.value.number}`);
    expect(html).toContain(`href="/de/order/${mine.value.token}"`);
    expect(html).not.toContain(theirs.value.number);
  });
});

describe(`rate limits on ${testDbKind}`, () => {
  it("answers the 11th sign-in attempt in a minute from one address with 429 and a translated message", async () => {
    const user = await createUser("customer");
    const v = visitor();
    for (let n = 0; n < 10; n++) {
      const response = await logIn(v, unique(`guess${n}`), "wrong password", "/de/login");
      expect(response.status, `attempt ${n + 1}`).toBe(400);
    }
    const limited = await logIn(v, user.email, user.password, "/de/login");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toMatch(/Zu viele Versuche\. Bitte versuchen Sie es in 1 Minute erneut\./);
    expect(html).toContain(`value="${user.email}"`);
    expect(limited.headers.get("set-cookie")).toBeNull(); // even the right password waits
    // Another address is not affected.
    expect(locationOf(await logIn(visitor(), user.email, user.password))).toBe("/account");
  });

  it("answers the 11th attempt in a minute for one account with 429, from whatever address", async () => {
    const user = await createUser("customer");
    for (let n = 0; n < 10; n++) {
      expect((await logIn(visitor(), user.email.toUpperCase(), `wrong ${n}`)).status).toBe(400);
    }
    const limited = await logIn(visitor(), user.email, user.password);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many attempts. Please try again in 1 minute.");
  });

  it("gives a successful sign-in its attempt back, so a family behind one address is never locked out", async () => {
    const user = await createUser("customer");
    const v = visitor();
    for (let n = 0; n < 12; n++) expect((await logIn(v, user.email, user.password)).status, `sign-in ${n + 1}`).toBe(302);
  });

  it("counts attempts in the shared table and deletes old windows now and then", async () => {
    const v = visitor();
    await logIn(v, unique("counted"), "wrong password");
    const rows = await db().select().from(schema.rateLimits).where(sql`${schema.rateLimits.key} like 'login:%'`);
    expect(rows.length).toBeGreaterThan(0);
    await db()
      .insert(schema.rateLimits)
      .values({ key: "login:old", windowStart: new Date(Date.now() - 3 * 3_600_000), count: 3 });
    await sweepAuthTables();
    expect(await db().select().from(schema.rateLimits).where(eq(schema.rateLimits.key, "login:old"))).toHaveLength(0);
    expect((await db().select().from(schema.rateLimits)).length).toBeGreaterThan(0);
  });

  it("refuses the 11th attempt in a minute also when the minute spans two counting windows", async () => {
    const edge = Date.UTC(2026, 0, 10, 8, 1, 0);
    const at = (ms: number) => new Date(edge + ms);
    for (let n = 0; n < 7; n++) expect((await hitRateLimit(RATE_LIMITS.login, "edge", at(-3000 + n * 100))).allowed).toBe(true);
    for (let n = 0; n < 3; n++) expect((await hitRateLimit(RATE_LIMITS.login, "edge", at(200 + n * 100))).allowed).toBe(true);
    expect((await hitRateLimit(RATE_LIMITS.login, "edge", at(600))).allowed).toBe(false);
    // A minute after the burst the old window no longer counts.
    expect((await hitRateLimit(RATE_LIMITS.login, "edge", at(61_000))).allowed).toBe(true);
  });

  it("takes the client address from X-Forwarded-For only through a trusted proxy", async () => {
    // The test server trusts its loopback proxy (TRUST_PROXY=loopback): the header names the client. Without
    // TRUST_PROXY no client's header counts (tests/integration/hosts.test.ts).
    const a = createVisitor(shop.url, { headers: { "X-Forwarded-For": "203.0.113.77" } });
    await logIn(a, unique("xff"), "wrong password");
    const keys = (await db().select().from(schema.rateLimits)).map((r) => r.key);
    expect(keys).toContain("login:203.0.113.77");
  });
});

describe(`two-step verification on ${testDbKind}`, () => {
  /** Sets up TOTP for a signed-in back-office user through /account; returns the secret the page showed. */
  async function setUpTotp(v: Visitor, path = "/account") {
    const started = await v.post(path, { intent: "totp-start" });
    expect(started.status).toBe(302);
    expect(locationOf(started)).toMatch(/^\/(?:\w\w\/)?account(\?totp=required)?$/);
    const page = await (await v.get(path)).text();
    expect(page).toMatch(/<img src="data:image\/png;base64,[^"]+"[^>]*alt="QR code for your authenticator app"/);
    const grouped = /<dd[^>]*>([A-Z2-7]{4}(?: [A-Z2-7]{4})+)<\/dd>/.exec(page)?.[1];
    expect(grouped).toBeTruthy();
    const secret = base32Decode(grouped as string) as Uint8Array;
    expect(secret).toHaveLength(20);
    return secret;
  }

  it("sets up with a QR code and the secret as text, confirmed by a first code; the secret is encrypted at rest", async () => {
    const admin = await createUser("admin");
    const v = visitor();
    await logIn(v, admin.email, admin.password);
    const other = visitor();
    await logIn(other, admin.email, admin.password);
    const intro = await pageText(await v.get("/account"));
    expect(intro).toContain("Two-step verification");
    expect(intro).toContain("Set up two-step verification");

    const secret = await setUpTotp(v);
    const [pending] = await db().select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(pending.totpEnabledAt).toBeNull();
    expect(pending.totpSecret).toMatch(/^v1\./);

    const wrong = await v.post("/account", { intent: "totp-confirm", code: totp(secret, Date.now() - 5 * 60_000) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="totp-code-error"[^>]*>This code is not right/);
    const bad = await v.post("/account", { intent: "totp-confirm", code: "12ab" });
    expect(await bad.text()).toContain("Enter the 6-digit code from your authenticator app.");

    const ok = await v.post("/account", { intent: "totp-confirm", code: totp(secret, Date.now()) });
    expect(ok.status).toBe(302);
    expect(locationOf(ok)).toBe("/account?done=totp-on");
    const [user] = await db().select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(user.totpEnabledAt).toBeTruthy();
    expect(user.totpLastStep).toBeGreaterThan(0);
    const stored = user.totpSecret as string;
    expect(stored).not.toContain(Buffer.from(secret).toString("base64url"));
    expect(decryptTotpSecret(stored, admin.id)).toEqual(secret);
    expect(decryptTotpSecret(stored, ADMIN.email)).toBeNull(); // bound to its user
    expect(decryptTotpSecret(`${stored.slice(0, -3)}AAA`, admin.id)).toBeNull();
    expect(decryptTotpSecret(encryptTotpSecret(secret, admin.id), admin.id)).toEqual(secret);
    // The session that began without the second factor ended; this one goes on.
    expect((await v.get("/admin")).status).toBe(200);
    expect((await other.get("/admin")).status).toBe(302);
    expect(await pageText(await v.get("/account"))).toContain("Two-step verification is on");
  });

  it("asks the code after the password; the half-way session opens nothing; a wrong or replayed code is refused", async () => {
    const admin = await createUser("admin");
    const setup = visitor();
    await logIn(setup, admin.email, admin.password);
    const secret = await setUpTotp(setup);
    const now = Date.now();
    expect((await setup.post("/account", { intent: "totp-confirm", code: totp(secret, now - 30_000) })).status).toBe(302);

    const v = visitor();
    const first = await logIn(v, admin.email, admin.password, "/it/login", { next: "/it/admin/orders" });
    expect(first.status).toBe(302);
    expect(locationOf(first)).toBe("/it/login?step=code&next=%2Fit%2Fadmin%2Forders");
    const halfWay = sessionCookie(v) as string;
    const [pendingRow] = (await sessionsOf(admin.id)).filter((s) => s.pendingTotp);
    expect(pendingRow).toBeTruthy();
    expect(pendingRow.expiresAt.getTime() - pendingRow.createdAt.getTime()).toBe(10 * 60_000);

    // The half-way session is no sign-in: not for the back office, not for the account page, not in the header.
    expect(locationOf(await v.get("/admin"))).toBe("/login?next=%2Fadmin");
    expect(locationOf(await v.get("/account"))).toBe("/login?next=%2Faccount");
    expect(await (await v.get("/it/stores")).text()).toContain('href="/it/login"');

    const form = await v.get("/it/login?step=code&next=%2Fit%2Fadmin%2Forders");
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain('autoComplete="one-time-code"');
    expect(formHtml).toContain("Verifica in due passaggi");

    const wrong = await v.post("/it/login?step=code", { intent: "code", code: totp(secret, now - 10 * 60_000), next: "/it/admin/orders" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="code-error"[^>]*>Il codice non è corretto o è già stato usato/);
    // The code that confirmed the setup was used already.
    const replayed = await v.post("/it/login?step=code", { intent: "code", code: totp(secret, now - 30_000), next: "/it/admin/orders" });
    expect(replayed.status).toBe(400);

    const code = totp(secret, now);
    const done = await v.post("/it/login?step=code", {
      intent: "code",
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      next: "/it/admin/orders",
    });
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe("/it/admin/orders");
    expect(sessionCookie(v)).not.toBe(halfWay);
    expect((await v.get("/it/admin/orders")).status).toBe(200);
    expect((await shop.request("/admin", { headers: { Cookie: `rental_session=${halfWay}` } })).status).toBe(302);

    // The same code again, from another sign-in: refused.
    const w = visitor();
    await logIn(w, admin.email, admin.password);
    const again = await w.post("/login?step=code", { intent: "code", code });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This code is not right, or it has been used already.");
    expect((await w.get("/admin")).status).toBe(302);
  });

  it("without a half-way session the code form leads back to the login", async () => {
    const v = visitor();
    expect(locationOf(await v.get("/login?step=code"))).toBe("/login");
    expect(locationOf(await v.post("/login?step=code", { intent: "code", code: "123456" }))).toBe("/login");
  });

  it("lets a half-way session expire after ten minutes", async () => {
    const admin = await createUser("admin");
    const setup = visitor();
    await logIn(setup, admin.email, admin.password);
    const secret = await setUpTotp(setup);
    await setup.post("/account", { intent: "totp-confirm", code: totp(secret, Date.now() - 30_000) });
    const v = visitor();
    await logIn(v, admin.email, admin.password);
    await db()
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(and(eq(schema.sessions.userId, admin.id), eq(schema.sessions.pendingTotp, true)));
    expect(locationOf(await v.post("/login?step=code", { intent: "code", code: totp(secret, Date.now()) }))).toBe("/login");
  });

  it("answers the 11th wrong code with 429", async () => {
    const admin = await createUser("admin");
    const setup = visitor();
    await logIn(setup, admin.email, admin.password);
    const secret = await setUpTotp(setup);
    await setup.post("/account", { intent: "totp-confirm", code: totp(secret, Date.now()) });
    const v = visitor();
    await logIn(v, admin.email, admin.password, "/nl/login");
    const wrongCode = totp(secret, Date.now() - 10 * 60_000);
    for (let n = 0; n < 10; n++) {
      expect((await v.post("/nl/login?step=code", { intent: "code", code: wrongCode })).status, `code ${n + 1}`).toBe(400);
    }
    const limited = await v.post("/nl/login?step=code", { intent: "code", code: totp(secret, Date.now() + 30_000) });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/Te veel pogingen\. Probeer het over (1 minuut|\d+ minuten) opnieuw\./);
  });

  it("turns off after the password is confirmed", async () => {
    const admin = await createUser("admin");
    const v = visitor();
    await logIn(v, admin.email, admin.password);
    const secret = await setUpTotp(v);
    await v.post("/account", { intent: "totp-confirm", code: totp(secret, Date.now()) });
    const wrong = await v.post("/account", { intent: "totp-off", password: "not it" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="totp-off-password-error"[^>]*>Your current password is not right\./);
    const off = await v.post("/account", { intent: "totp-off", password: admin.password });
    expect(locationOf(off)).toBe("/account?done=totp-off");
    const [user] = await db().select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(user).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(locationOf(await logIn(visitor(), admin.email, admin.password))).toBe("/admin");
  });

  it("refuses two-step setup to customers", async () => {
    const user = await createUser("customer");
    const v = visitor();
    await logIn(v, user.email, user.password);
    expect((await v.post("/account", { intent: "totp-start" })).status).toBe(400);
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.totpSecret).toBeNull();
  });

  it("with requireStaffTotp, sends staff without it from the back office to set it up first", async () => {
    const staff = await createUser("staff");
    const ids = await shopIds(db());
    await db().insert(schema.userShops).values({ userId: staff.id, shopId: ids.ciaslin });
    await db().insert(schema.settings).values({ key: "requireStaffTotp", value: true });
    try {
      const v = visitor();
      const landed = await logIn(v, staff.email, staff.password, "/de/login");
      expect(locationOf(landed)).toBe("/de/admin");
      const sent = await v.get("/de/admin/orders");
      expect(sent.status).toBe(302);
      expect(locationOf(sent)).toBe("/de/account?totp=required");
      const page = await pageText(await v.get("/de/account?totp=required"));
      expect(page).toContain("Für das Backoffice verlangt der Betrieb die Bestätigung in zwei Schritten.");

      const started = await v.post("/de/account?totp=required", { intent: "totp-start" });
      expect(locationOf(started)).toBe("/de/account?totp=required");
      const html = await (await v.get("/de/account?totp=required")).text();
      const secret = base32Decode(/<dd[^>]*>([A-Z2-7 ]+)<\/dd>/.exec(html)?.[1] ?? "") as Uint8Array;
      const on = await v.post("/de/account?totp=required", { intent: "totp-confirm", code: totp(secret, Date.now()) });
      expect(locationOf(on)).toBe("/de/account?done=totp-on");
      expect((await v.get("/de/admin/orders")).status).toBe(200);

      // It cannot be turned off while the shop requires it.
      const off = await v.post("/de/account", { intent: "totp-off", password: staff.password });
      expect(off.status).toBe(409);
      // Admins without it are sent too.
      const admin = visitor();
      await logIn(admin, ADMIN.email, ADMIN.password);
      expect(locationOf(await admin.get("/admin/settings"))).toBe("/account?totp=required");
    } finally {
      await db().delete(schema.settings).where(eq(schema.settings.key, "requireStaffTotp"));
    }
  });
});
