/**
 * Property-based fuzzing (fast-check) of every form action and API endpoint over real HTTP, against the
 * production build. Two properties hold for whatever is posted:
 *
 * 1. never a 5xx: hostile, malformed or missing input gets a 4xx (or a 200 page with its messages, or a
 *    redirect), never a crash;
 * 2. never partial data: a request that did not succeed (4xx, or a 200 that shows the form again) leaves
 *    every table as it was (a hash of every row, before and after); one that did (a redirect after a
 *    saved form) leaves no row pointing to a missing one.
 *
 * Values come from fast-check arbitraries: any strings (graphemes, any code point, control characters),
 * 10 000 characters, numbers out of every range, odd dates, SQL and script, missing and repeated fields,
 * unknown intents and field names, arbitrary path parameters and query strings, random content types and
 * broken bodies. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { randomUUID } from "node:crypto";
import { eq, isNull } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsFormValues } from "../../app/domain/admin/settings";
import { hashPassword } from "../../app/server/auth/password.server";
import type { Db } from "../../app/server/db/client.server";
import * as schema from "../../app/server/db/schema";
import { signDemoWebhook } from "../../app/server/payments/demo.server";
import { getSettings } from "../../app/server/settings/settings.server";
import { addItem, bagOf, goToPayment, INVOICE, period, startBooking } from "../helpers/booking-flow";
import { danglingReferences, fingerprint } from "../helpers/fingerprint";
import { startTestServer } from "../helpers/http";
import { type StripeStandIn, signStripePayload, startStripeStandIn } from "../helpers/stripe-stand-in";
import { createVisitor, type Visitor } from "../helpers/visitor";

type Shop = Awaited<ReturnType<typeof startTestServer>>;
type Fields = [string, string][];

/**
 * Runs per property: enough to meet every kind of value a few times, and the whole file well under a
 * minute. `FUZZ_SCALE=10` runs ten times as many (a deeper search before a release); `FUZZ_SEED` replays
 * the seed a failure printed.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/**
 * A seed to replay, or in CI a fixed one: whether a commit lands must not depend on which random cases a
 * run happens to draw. Local runs draw new cases each time, and that is where new failures turn up.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 20261122 : undefined;
const RUNS = 20;

/**
 * Tables a refused request may write: the session it was seen with, and the attempts the rate limits
 * count (a failed sign-in counts, that is the point of a limit).
 */
const BOOKKEEPING = ["sessions", "rate_limits"];

// ---------------------------------------------------------------------------------------------
// Values

const PAYLOADS = [
  "'; drop table orders; --",
  "Robert'); DELETE FROM users WHERE ('1'='1",
  "1 OR 1=1",
  "<script>alert(1)</script>",
  `"><img src=x onerror=alert(1)>`,
  "{{constructor.constructor('alert(1)')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection payload, meant literally
  "${7*7}",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\uFEFF",
  "\u202Eevil",
  "😀🇮🇹👨‍👩‍👧",
  "ß",
  "İ",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "-1",
  "0",
  "1e309",
  "1e21",
  "9007199254740993",
  "2147483648",
  "99999999999999999999",
  "-2147483649",
  "0x1F",
  "1_000",
  "1.5",
  "1,5",
  " 42 ",
  "",
  " ",
  "\t\r\n",
  "null",
  "undefined",
  "true",
  "on",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "constructor",
  "2027-02-30",
  "2027-13-01",
  "0000-00-00",
  "9999-12-31",
  "275760-09-13",
  "+020270-01-01",
  "2027-1-1",
  "31/12/2027",
  "12/31/2027",
  "2027-01-01T25:00:00Z",
  "1700000000",
  "24:00",
  "23:60",
  "9:00",
  "-01:00",
  "../../etc/passwd",
  "%00",
  "%ZZ",
  "\\",
  "//evil.example",
  "javascript:alert(1)",
  "https://evil.example/",
  "€ 1.234,56",
  "1.234.567,89",
  "9".repeat(400),
];

/** A date written some way people (and programs) write dates. */
const oddDate = fc
  .tuple(fc.date({ min: new Date(-8_639_000_000_000_000), max: new Date(8_639_000_000_000_000), noInvalidDate: true }), fc.nat(6))
  .map(
    ([d, how]) =>
      [
        d.toISOString(),
        d.toISOString().slice(0, 10),
        d.toUTCString(),
        String(d.getTime()),
        d.toLocaleDateString("de-DE"),
        d.toLocaleDateString("en-US"),
        d.toISOString().slice(11, 16),
      ][how],
  );

/** Anything a field could hold. */
const hostile: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...PAYLOADS), weight: 6 },
  // PostgreSQL stores no NUL in text or JSON: the one character most likely to fail a write.
  { arbitrary: fc.constantFrom("\u0000", "a\u0000b", "\u0000\u0000"), weight: 1 },
  { arbitrary: fc.string(), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary-ascii", maxLength: 30 }), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: oddDate, weight: 2 },
  { arbitrary: fc.constantFrom("x", "é", "9", "😀").map((c) => c.repeat(10_000)), weight: 1 },
);

/** A field name a form does not have: nested, listed, prototype-polluting or arbitrary. */
const strangeName = fc.oneof(
  fc.constantFrom("__proto__", "__proto__.x", "constructor.prototype.x", "a.b.c.d", "x[]", "[]", "", ".", "..", "name.en.x", "intent[]"),
  fc.string({ maxLength: 20 }),
);

type FieldSpec = Record<string, fc.Arbitrary<string> | string>;
const arb = (value: fc.Arbitrary<string> | string) => (typeof value === "string" ? fc.constant(value) : value);

/** A field's usual value (the first, valid one, most often) and others a person might post. */
const one = (usual: string, ...others: string[]) =>
  others.length === 0
    ? fc.constant(usual)
    : fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, { arbitrary: fc.constantFrom(usual, ...others), weight: 1 });

/** How a valid form is spoiled in one field: a hostile value, the field left out, or sent twice. */
const spoil = fc.oneof(
  hostile.map((value) => ({ kind: "value" as const, value })),
  fc.constant({ kind: "missing" as const, value: "" }),
  hostile.map((value) => ({ kind: "twice" as const, value })),
);

/** One field of a form: usual (most often), hostile, missing, or twice. */
const anyField = (name: string, good: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: good.map((v): Fields => [[name, v]]), weight: 5 },
    { arbitrary: hostile.map((v): Fields => [[name, v]]), weight: 3 },
    { arbitrary: fc.constant<Fields>([]), weight: 1 },
    {
      arbitrary: fc.tuple(good, hostile).map(
        ([a, b]): Fields => [
          [name, a],
          [name, b],
        ],
      ),
      weight: 1,
    },
  );

/**
 * A posted form built from its fields' usual values: sometimes all of them (the form as a person sends
 * it, which is saved), often all but one spoiled field (where a partial write would show), often any mix
 * of usual, hostile, missing and repeated fields; a few unknown fields join in.
 */
function formOf(spec: FieldSpec, extra = true): fc.Arbitrary<Fields> {
  const entries = Object.entries(spec);
  const usual = fc.tuple(...entries.map(([name, good]) => arb(good).map((v): Fields => [[name, v]])));
  const oneSpoiled = fc.tuple(usual, fc.nat({ max: Math.max(0, entries.length - 1) }), spoil).map(([chosen, index, how]) =>
    chosen.map((field, i): Fields => {
      if (i !== index || field.length === 0) return field;
      const [[name, value]] = field;
      if (how.kind === "missing") return [];
      return how.kind === "value"
        ? [[name, how.value]]
        : [
            [name, value],
            [name, how.value],
          ];
    }),
  );
  const mixed = fc.tuple(...entries.map(([name, good]) => anyField(name, arb(good))));
  const unknown = extra ? fc.array(fc.tuple(strangeName, hostile), { maxLength: 2 }) : fc.constant<Fields>([]);
  const form = fc.oneof({ arbitrary: usual, weight: 1 }, { arbitrary: oneSpoiled, weight: 2 }, { arbitrary: mixed, weight: 2 });
  return fc.tuple(form, unknown).map(([chosen, more]) => [...chosen.flat(), ...more]);
}

/** A path segment: a good one, or anything (encoded, so that it stays one segment). */
const segment = (...good: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...good), weight: 3 },
    { arbitrary: hostile.map((v) => encodeURIComponent(v.slice(0, 300))), weight: 2 },
    { arbitrary: fc.constantFrom("%ZZ", "%", "%00", "..", "%2e%2e", "%C0%AE", "0", "-1", "99999999999", "2147483648"), weight: 1 },
  );

/** A query string value, encoded (or not quite). */
const queryValue = (...good: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...good), weight: 2 },
    { arbitrary: hostile.map((v) => encodeURIComponent(v.slice(0, 300))), weight: 3 },
    { arbitrary: fc.constantFrom("%00", "a%00b", "%ZZ", "%", "%E0%A4%A", "a&b=c", "x".repeat(5000)), weight: 1 },
  );

/** Cookies a browser could send back: the shop's own names with anything in them. */
const cookies = fc.array(
  fc.tuple(
    fc.constantFrom("lang", "rental_cart", "rental_session", "consent", "season", "__proto__"),
    hostile.map((v) => encodeURIComponent(v.slice(0, 200))),
  ),
  { maxLength: 3 },
);

const locale = fc.constantFrom("", "/de", "/it", "/nl", "/be", "/da");

/** What HTTP lets a header carry: visible Latin-1, no line breaks (fetch refuses anything else before sending). */
const headerValue = (value: string) => value.replace(/[^\x20-\x7e\xa0-\xff]/g, "").trim();

function urlencoded(fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of fields) body.append(name, value);
  return body;
}

// ---------------------------------------------------------------------------------------------
// The checks

type Answer = { status: number; location: string | null; text: string };

/** A redirect after a saved form; one to the sign-in page (for a visitor who is not signed in) is a refusal. */
const redirected = (answer: Answer) => answer.status >= 300 && answer.status < 400 && !/\/login\?next=/.test(answer.location ?? "");

type Probe = {
  /** What the report of a failure names. */
  label: string;
  send: () => Promise<Response>;
  /** Whether the answer is a success that may write; by default a redirect (POST-redirect-GET after a saved form). */
  succeeded?: (answer: Answer) => boolean;
  /** Tables this endpoint keeps for the visitor even when it refuses (besides the bookkeeping). */
  keeps?: (answer: Answer) => string[];
};

/**
 * The hashes after the last refused request, which are the hashes before the next one as long as nothing
 * else writes in between (the test server runs no background work): half the hashing for free. Whatever
 * writes outside a probe (a new visitor's booking, a setup step) calls `forget()`.
 */
let known: { db: Db; hashes: Record<string, string> } | null = null;
const forget = () => {
  known = null;
};

/** The databases a successful request wrote to since the last check of their references. */
const wrote = new Set<Db>();

/**
 * Sends one request and checks both properties: no 5xx; and the database unchanged unless the answer is
 * a success (whose references are checked once the property's runs are done, see `assertProperty`).
 */
async function probe(db: Db, p: Probe): Promise<Answer> {
  const before = known?.db === db ? known.hashes : await fingerprint(db, BOOKKEEPING);
  known = null;
  const response = await p.send();
  const answer: Answer = { status: response.status, location: response.headers.get("location"), text: await response.text() };
  if (answer.status >= 500) throw new Error(`${p.label}\n→ ${answer.status}: ${answer.text.slice(0, 400)}`);
  const succeeded = p.succeeded ? p.succeeded(answer) : redirected(answer);
  if (succeeded) {
    wrote.add(db);
  } else {
    const after = await fingerprint(db, BOOKKEEPING);
    known = { db, hashes: after };
    const kept = p.keeps?.(answer) ?? [];
    const changed = Object.keys(after).filter((table) => after[table] !== before[table] && !kept.includes(table));
    if (changed.length > 0) throw new Error(`${p.label}\n→ ${answer.status} (not a success) but changed: ${changed.join(", ")}`);
  }
  return answer;
}

type Origin = "own" | "none" | "foreign";
/** Mostly the shop's own pages post (as browsers do); sometimes a caller without a browser, sometimes another website. */
const origin = fc.oneof(
  { arbitrary: fc.constant<Origin>("own"), weight: 8 },
  { arbitrary: fc.constant<Origin>("none"), weight: 2 },
  { arbitrary: fc.constant<Origin>("foreign"), weight: 1 },
);

function post(
  shop: Shop,
  path: string,
  fields: Fields,
  options: { cookie?: string; origin?: Origin; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  if ((options.origin ?? "own") === "own") headers.Origin = shop.url;
  if (options.origin === "foreign") headers.Origin = "https://evil.example";
  // No Origin and no Referer, as from a typed-in navigation (shop.request would otherwise add the shop's Origin).
  if (options.origin === "none") headers["Sec-Fetch-Site"] = "none";
  return shop.request(path, { method: "POST", body: urlencoded(fields), headers });
}

/**
 * Signs in from an address of its own (the test server trusts a loopback proxy's X-Forwarded-For): the
 * sign-in fuzzing has used up the attempts of the test's own address by then.
 */
async function signIn(shop: Shop, email: string, password: string) {
  const response = await post(
    shop,
    "/login",
    [
      ["email", email],
      ["password", password],
    ],
    {
      headers: { "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    },
  );
  const cookie = response.headers.get("set-cookie");
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(";")[0];
}

const cookieOf = (visitor: Visitor) => [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/** A posted form, with the property's checks and a report that shows what was posted. */
function postProbe(
  shop: Shop,
  path: string,
  fields: Fields,
  options: { cookie?: string; origin?: Origin; headers?: Record<string, string> } & Pick<Probe, "succeeded" | "keeps"> = {},
) {
  const shown = JSON.stringify(fields.map(([n, v]) => [n, v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v]));
  return probe(shop.database.db, {
    label: `POST ${path} (${options.origin ?? "own"} origin) ${shown}`,
    send: () => post(shop, path, fields, options),
    succeeded: options.succeeded,
    keeps: options.keeps,
  }).then((answer) => {
    // Another website's form never gets through, whatever it posts.
    // Nor does a POST that names no origin at all (decision 025).
    if (options.origin === "foreign" || options.origin === "none") expect(answer.status, path).toBe(403);
    return answer;
  });
}

/**
 * Checks a property in `numRuns` runs (the setup before it may have written, so the hashes are taken
 * anew), then that what the successful requests wrote points only to rows that exist.
 */
async function assertProperty<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<unknown>, numRuns = RUNS) {
  forget();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      await check(value);
    }),
    { numRuns: Math.round(numRuns * SCALE), ...(SEED === undefined ? {} : { seed: SEED }) },
  );
  for (const db of wrote) expect(await danglingReferences(db), "rows that point to missing rows").toEqual([]);
  wrote.clear();
}

// ---------------------------------------------------------------------------------------------
// The shop with the demo payment provider

describe("with the demo payment provider", () => {
  let shop: Shop;
  let db: Db;
  let adminCookie: string;
  const ids = {
    items: {} as Record<string, number>,
    shops: {} as Record<string, number>,
    hotel: 0,
    coupon: 0,
    couponCode: "",
    package: 0,
  };

  beforeAll(async () => {
    shop = await startTestServer();
    db = shop.database.db;
    adminCookie = await shop.login();
    for (const row of await db.select({ id: schema.items.id, slug: schema.items.slug }).from(schema.items)) ids.items[row.slug] = row.id;
    for (const row of await db.select({ id: schema.shops.id, slug: schema.shops.slug }).from(schema.shops)) ids.shops[row.slug] = row.id;
    [{ id: ids.hotel }] = await db.select({ id: schema.partnerHotels.id }).from(schema.partnerHotels).limit(1);
    [{ id: ids.package }] = await db
      .select({ id: schema.packages.id })
      .from(schema.packages)
      .where(eq(schema.packages.appId, "winter"))
      .limit(1);
    [{ id: ids.coupon, code: ids.couponCode }] = await db
      .select({ id: schema.coupons.id, code: schema.coupons.code })
      .from(schema.coupons)
      .where(eq(schema.coupons.public, true))
      .limit(1);
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A visitor at the equipment step with skis in the bag; made again after a request changed their booking. */
  let booker: Visitor | null = null;
  async function bookerReady(): Promise<Visitor> {
    if (booker) {
      const [bag] = await db
        .select()
        .from(schema.bags)
        .where(eq(schema.bags.id, bagOf(booker)));
      const lines = bag ? await db.select().from(schema.bagLines).where(eq(schema.bagLines.bagId, bag.id)) : [];
      const persons = bag ? await db.select().from(schema.bagPersons).where(eq(schema.bagPersons.bagId, bag.id)) : [];
      const intact = bag?.appId === "winter" && bag.shopId === ids.shops.ciaslin && !bag.orderId && bag.pickupDate !== null;
      if (intact && lines.length > 0 && persons.length > 0) return booker;
    }
    forget();
    booker = createVisitor(shop.url);
    const [anna] = await startBooking(db, booker);
    await addItem(booker, `person=${anna.id}`, { itemId: ids.items["ski-all-mountain"], size: "163" });
    return booker;
  }

  /** The booker's persons and lines, for fields that name them. */
  async function bookerRows(visitor: Visitor) {
    const bagId = bagOf(visitor);
    const persons = await db.select().from(schema.bagPersons).where(eq(schema.bagPersons.bagId, bagId));
    const lines = await db.select().from(schema.bagLines).where(eq(schema.bagLines.bagId, bagId));
    return { person: String(persons[0]?.id ?? 1), line: String(lines[0]?.id ?? 1) };
  }

  /** Replaces `{name}` placeholders (whole values only) with what only the running shop knows. */
  const fill = (fields: Fields, vars: Record<string, string>): Fields =>
    fields.map(([name, value]) => [name, /^\{\w+\}$/.test(value) && value.slice(1, -1) in vars ? vars[value.slice(1, -1)] : value]);

  describe("booking steps", () => {
    it("the period step", async () => {
      const arbitrary = fc.record({
        locale,
        app: segment("winter", "summer"),
        branch: segment("ciaslin", "runcadoz"),
        category: fc.option(queryValue("ski-snowboard", "ski-service"), { nil: undefined }),
        withBag: fc.boolean(),
        origin,
        fields: formOf({
          pickupDate: one(period.pickupDate, "2027-01-11"),
          returnDate: one(period.returnDate, "2027-01-13"),
          pickupTime: one("09:00", "08:00", "07:59"),
          returnTime: one("17:00", "18:00", "18:01"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const visitor = run.withBag ? await bookerReady() : null;
        const path = `${run.locale}/rental/${run.app}/${run.branch}${run.category === undefined ? "" : `?category=${run.category}`}`;
        const answer = await postProbe(shop, path, run.fields, {
          cookie: visitor ? cookieOf(visitor) : undefined,
          origin: run.origin,
          // Saved: on to the persons.
          succeeded: (a) => redirected(a) && Boolean(a.location?.includes("/persons")),
        });
        if (answer.status === 302 && visitor) booker = null;
      });
    });

    it("the persons step: save, add and remove a person", async () => {
      const person = (i: number) =>
        formOf(
          {
            [`persons.${i}.key`]: one("p1", "n1a2b3c4"),
            [`persons.${i}.id`]: one("{person}", ""),
            [`persons.${i}.firstName`]: one("Anna", "Jörg", "Søren"),
            [`persons.${i}.lastName`]: one("", "Jensen"),
            [`persons.${i}.heightCm`]: one("", "172", "70", "230"),
            [`persons.${i}.weightKg`]: one("", "65"),
            [`persons.${i}.skill`]: one("", "beginner", "expert"),
            [`persons.${i}.shoeSize`]: one("", "39", "52"),
          },
          false,
        );
      const arbitrary = fc.record({
        intent: fc.oneof(fc.constantFrom("save", "add", "remove-0", "remove-1", "remove-99", "remove--1", "remove-x"), hostile),
        persons: fc.array(fc.nat(3), { minLength: 0, maxLength: 4 }).chain((list) => fc.tuple(...list.map((_, i) => person(i)))),
        many: fc.boolean(),
        origin,
      });
      await assertProperty(arbitrary, async (run) => {
        const visitor = await bookerReady();
        const vars = await bookerRows(visitor);
        const fields: Fields = [["intent", run.intent], ...fill(run.persons.flat(), vars)];
        // Now and then more persons than a bag takes.
        if (run.many) for (let i = run.persons.length; i < 14; i++) fields.push([`persons.${i}.firstName`, `P${i}`]);
        const answer = await postProbe(shop, "/rental/winter/ciaslin/persons", fields, {
          cookie: cookieOf(visitor),
          origin: run.origin,
          // Saved: on to the equipment (a redirect elsewhere sends back to a step not done yet).
          succeeded: (a) => redirected(a) && Boolean(a.location?.includes("/equipment")),
        });
        if (answer.status === 302) booker = null;
      });
    });

    it("the equipment step: add and remove an item or a package", async () => {
      const arbitrary = fc.record({
        locale,
        person: fc.option(queryValue("{person}", "all", "0", "-1", "2147483648"), { nil: undefined }),
        category: fc.option(queryValue("ski-snowboard", "helmets", "ski-service"), { nil: undefined }),
        origin,
        fields: formOf({
          intent: one("add", "remove", "addPackage", "removePackage", "Add", ""),
          packageId: one("{package}", "0", "2147483648", "1e3", ""),
          itemId: one("{ski}", "{helmet}", "{sale}", "0", "2147483648", "99999999999"),
          size: one("163", "170", "M", ""),
          quantity: one("1", "2", "20", "21"),
          lineId: one("{line}", "1", "2147483647", "2147483648", "99999999999", "1e3"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const visitor = await bookerReady();
        const vars = {
          ...(await bookerRows(visitor)),
          ski: String(ids.items["ski-all-mountain"]),
          helmet: String(ids.items["ski-helmet"]),
          sale: String(ids.items["ski-socks"] ?? 1),
          package: String(ids.package),
        };
        const query = [
          run.person === undefined ? null : `person=${run.person === "{person}" ? vars.person : run.person}`,
          run.category === undefined ? null : `category=${run.category}`,
        ].filter(Boolean);
        const path = `${run.locale}/rental/winter/ciaslin/equipment${query.length > 0 ? `?${query.join("&")}` : ""}`;
        const answer = await postProbe(shop, path, fill(run.fields, vars), {
          cookie: cookieOf(visitor),
          origin: run.origin,
          // Added or removed: back to the same step.
          succeeded: (a) => redirected(a) && Boolean(a.location?.includes("/equipment")),
        });
        if (answer.status === 302) booker = null;
      });
    });

    it("the bag: remove, size, quantity, coupon, hotel, continue, release the hold, unknown intents", async () => {
      const arbitrary = fc.record({
        locale,
        query: fc.option(fc.tuple(queryValue("cancelled", "failed"), queryValue("price", "unavailable")), { nil: undefined }),
        withBag: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
        origin,
        fields: formOf({
          intent: one("size", "remove", "quantity", "coupon", "removeCoupon", "hotel", "continue", "releaseHold", "checkout", "REMOVE"),
          lineId: one("{line}", "1", "0", "-5", "2147483648", "99999999999", "1.5"),
          size: one("163", "170", "999", "M"),
          quantity: one("1", "2", "20", "21", "0"),
          code: one("{coupon}", "WELCOME", "nope", "ab"),
          hotelId: one("{hotel}", "", "0", "2147483648", "99999999999"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const visitor = await bookerReady();
        const vars = { ...(await bookerRows(visitor)), coupon: ids.couponCode, hotel: String(ids.hotel) };
        const path = `${run.locale}/rental/bag${run.query ? `?payment=${run.query[0]}&changed=${run.query[1]}` : ""}`;
        const fields = fill(run.fields, vars);
        const releases = fields.some(([name, value]) => name === "intent" && value === "releaseHold");
        const answer = await postProbe(shop, path, fields, {
          cookie: run.withBag ? cookieOf(visitor) : undefined,
          origin: run.origin,
          // Giving back a payment's hold answers the page itself (200), and may write.
          succeeded: (a) => (redirected(a) && !a.location?.endsWith("/rental")) || (releases && a.status === 200),
        });
        if (answer.status === 302 && run.withBag) booker = null;
      });
    });

    it("the invoice details (checkout)", async () => {
      /** The total the checkout page shows the booker (the same until a request changes their bag). */
      let total: { visitor: Visitor; cents: string } | null = null;
      const arbitrary = fc.record({
        locale,
        origin,
        fields: formOf({
          name: INVOICE.name,
          company: one("", "Jensen ApS"),
          vatId: one("", "DK12345678", "IT12345678901"),
          street: INVOICE.street,
          postalCode: INVOICE.postalCode,
          city: INVOICE.city,
          country: one("DK", "IT", "US", "dk"),
          email: one(INVOICE.email, "ANNA@EXAMPLE.COM"),
          phone: INVOICE.phone,
          total: one("{total}", "0", "-1", "1e3"),
          // The damage waiver's box: ticked, not, or forged; with the amount the page showed, or another.
          damageWaiver: one("", "on", "yes", "ON"),
          waiver: one("600", "0", "-1", "x"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const visitor = await bookerReady();
        if (total?.visitor !== visitor) {
          const page = await visitor.get("/rental/checkout");
          total = { visitor, cents: /name="total" value="(\d+)"/.exec(await page.text())?.[1] ?? "0" };
        }
        const answer = await postProbe(shop, `${run.locale}/rental/checkout`, fill(run.fields, { total: total.cents }), {
          cookie: cookieOf(visitor),
          origin: run.origin,
          // Sent back to the bag because the price or the availability changed: nothing was booked.
          succeeded: (a) => a.status === 302 && !a.location?.includes("/rental/bag"),
          // The typed invoice details stay with the bag for the next attempt once they are valid.
          keeps: (a) => (a.status === 400 ? [] : ["carts"]),
        });
        if (answer.status === 302 && !answer.location?.includes("/rental/bag")) {
          // Off to pay: give the skis back, or the next bookers find them all held.
          forget();
          expect((await visitor.post("/rental/bag", { intent: "releaseHold" })).status).toBe(200);
        }
        if (answer.status === 302) booker = null;
      });
    });
  });

  describe("orders and payments", () => {
    let held: { token: string; orderId: string; payPath: string; checkoutToken: string };

    beforeAll(async () => {
      const visitor = createVisitor(shop.url);
      const [anna] = await startBooking(db, visitor);
      await addItem(visitor, `person=${anna.id}`, { itemId: ids.items["ski-all-mountain"], size: "170" });
      const { location, order } = await goToPayment(db, visitor);
      held = { token: order.token, orderId: order.id, payPath: location.pathname, checkoutToken: location.searchParams.get("c") ?? "" };
    });

    it("the order page: cancel, and anything else", async () => {
      const arbitrary = fc.record({
        locale,
        token: segment("{token}"),
        origin,
        fields: formOf({ intent: one("cancel", "pay", ""), confirm: one("yes", "no", "YES") }),
      });
      await assertProperty(arbitrary, async (run) => {
        const token = run.token === "{token}" ? held.token : run.token;
        await postProbe(shop, `${run.locale}/order/${token}`, run.fields, { origin: run.origin });
      });
    });

    it("the demo provider's payment page", async () => {
      const arbitrary = fc.record({
        locale,
        ref: segment("{ref}", "demo_0123456789"),
        origin,
        fields: formOf({
          c: one("{c}", "x".repeat(20)),
          method: one("card", "paypal", "cash"),
          outcome: one("cancelled", "failed", "paid", "refunded"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const ref = run.ref === "{ref}" ? (held.payPath.split("/").at(-1) as string) : run.ref;
        await postProbe(shop, `${run.locale}/pay/demo/${ref}`, fill(run.fields, { c: held.checkoutToken }), { origin: run.origin });
      });
    });

    it("the demo webhook: arbitrary bodies and signatures get 400 and change nothing", async () => {
      const body = fc.oneof(
        hostile,
        fc.json(),
        fc.constantFrom("{", '{"id":', "[]", "null", '{"type":"succeeded"}', ""),
        fc
          .record({
            id: fc.oneof(fc.constant(`evt_demo_${randomUUID()}`), hostile),
            type: fc.constantFrom("succeeded", "failed", "expired", "pending", "refunded"),
            ref: fc.oneof(fc.constant("{ref}"), hostile),
            orderId: fc.oneof(fc.constant("{order}"), hostile, fc.constant(null)),
            amountCents: fc.oneof(fc.integer(), fc.constant(null)),
            currency: fc.constantFrom("EUR", "eur", "USD", null),
            method: fc.constantFrom("card", "paypal", null),
            created: fc.integer(),
          })
          .map((event) => JSON.stringify(event)),
      );
      const signature = fc.oneof(
        fc.constant(null),
        hostile,
        fc.constantFrom("t=1,v1=00", "t=,v1=", "v1=abc", "t=abc,v1=zz", `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`),
        fc.constant("{signed}"),
        fc.constant("{stale}"),
      );
      const arbitrary = fc.record({
        body,
        signature,
        contentType: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"),
      });
      await assertProperty(arbitrary, async (run) => {
        const payload = run.body
          .replaceAll('"{ref}"', JSON.stringify(held.payPath.split("/").at(-1)))
          .replaceAll('"{order}"', JSON.stringify(held.orderId));
        const headers: Record<string, string> = { "Content-Type": run.contentType };
        // A signature of another body (stale or not) proves nothing about this one.
        if (run.signature === "{signed}") headers["demo-signature"] = signDemoWebhook(`${payload} `);
        else if (run.signature === "{stale}") headers["demo-signature"] = signDemoWebhook(payload, Math.floor(Date.now() / 1000) - 3600);
        else if (run.signature !== null) headers["demo-signature"] = headerValue(run.signature);
        const answer = await probe(db, {
          label: `POST /webhooks/demo ${JSON.stringify(headers)} ${payload.slice(0, 200)}`,
          send: () => shop.request("/webhooks/demo", { method: "POST", body: payload, headers }),
        });
        expect([400, 413]).toContain(answer.status);
      });
    });

    it("the demo webhook: correctly signed events of any content never fail the shop", async () => {
      const event = fc.record({
        id: fc.oneof(
          fc.uuid().map((u) => `evt_demo_${u}`),
          hostile,
        ),
        type: fc.oneof(fc.constantFrom("succeeded", "failed", "expired", "pending"), hostile),
        ref: fc.oneof(fc.constant("{ref}"), hostile),
        orderId: fc.oneof(fc.constant("{order}"), fc.uuid(), hostile, fc.constant(null)),
        amountCents: fc.oneof(fc.integer(), fc.constantFrom(2_147_483_648, -1, 0, 9_007_199_254_740_991), fc.constant(null)),
        currency: fc.oneof(fc.constantFrom("EUR", "eur", "USD"), hostile, fc.constant(null)),
        method: fc.oneof(fc.constantFrom("card", "paypal"), hostile, fc.constant(null)),
        created: fc.oneof(fc.integer(), fc.constantFrom(Math.floor(Date.now() / 1000), 8_640_000_000_000, -8_640_000_000_001)),
      });
      await assertProperty(event, async (run) => {
        const payload = JSON.stringify({
          ...run,
          ref: run.ref === "{ref}" ? held.payPath.split("/").at(-1) : run.ref,
          orderId: run.orderId === "{order}" ? held.orderId : run.orderId,
        });
        await probe(db, {
          label: `POST /webhooks/demo signed ${payload.slice(0, 300)}`,
          send: () =>
            shop.request("/webhooks/demo", {
              method: "POST",
              body: payload,
              headers: { "Content-Type": "application/json", "demo-signature": signDemoWebhook(payload) },
            }),
          // A signed event is taken (and kept, so that it counts once) whatever it says.
          succeeded: (a) => a.status === 200,
        });
      });
    });
  });

  describe("public forms", () => {
    it("the coupon page puts a coupon into the bag", async () => {
      const arbitrary = fc.record({ locale, code: segment("{coupon}", "WELCOME"), withBag: fc.boolean(), origin, fields: formOf({}) });
      await assertProperty(arbitrary, async (run) => {
        const visitor = run.withBag ? await bookerReady() : null;
        const code = run.code === "{coupon}" ? ids.couponCode : run.code;
        await postProbe(shop, `${run.locale}/coupon/${code}`, run.fields, {
          cookie: visitor ? cookieOf(visitor) : undefined,
          origin: run.origin,
        });
      });
    });

    it("sign in, sign up, the second factor, forgot and reset password", async () => {
      const arbitrary = fc.record({
        locale,
        query: fc.option(
          fc.tuple(fc.constantFrom("next", "mode", "step", "reset"), queryValue("/account", "signup", "forgot", "code", "x".repeat(43))),
          { nil: undefined },
        ),
        // Mostly from one address (its attempts run out: 429), sometimes from others (behind the loopback proxy).
        address: fc.option(fc.ipV4(), { nil: undefined }),
        origin,
        fields: formOf({
          intent: one("login", "code", "signup", "forgot", "reset", "Login"),
          email: fc.oneof(
            fc.constant("admin@test.example"),
            fc.uuid().map((u) => `fuzz-${u.slice(0, 8)}@example.com`),
          ),
          password: one("a long admin password", "another long password 42", "short"),
          name: one("Anna Jensen", ""),
          code: one("123456", "123 456", "12345"),
          token: one("A".repeat(43), "x"),
          next: one("/account", "//evil.example", "/admin"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const path = `${run.locale}/login${run.query ? `?${run.query[0]}=${run.query[1]}` : ""}`;
        await postProbe(shop, path, run.fields, { origin: run.origin, headers: run.address ? { "X-Forwarded-For": run.address } : {} });
      });
    });

    it("the account page: password, two-step sign-in, the address's confirmation, as staff, as a customer and signed out", async () => {
      const staff = { email: `staff-${randomUUID().slice(0, 8)}@test.example`, password: "a long staff password" };
      await db
        .insert(schema.users)
        .values({ email: staff.email, name: "Clerk", role: "staff", passwordHash: await hashPassword(staff.password) });
      const staffCookie = await signIn(shop, staff.email, staff.password);
      const customer = { email: `customer-${randomUUID().slice(0, 8)}@test.example`, password: "a long customer password" };
      await db
        .insert(schema.users)
        .values({ email: customer.email, name: "Kunde", role: "customer", passwordHash: await hashPassword(customer.password) });
      const customerCookie = await signIn(shop, customer.email, customer.password);
      const arbitrary = fc.record({
        locale,
        who: fc.constantFrom("staff", "customer", "nobody"),
        totp: fc.boolean(),
        origin,
        fields: formOf({
          intent: one("password", "totp-start", "totp-cancel", "totp-confirm", "totp-off", "confirm-email", "email-link", "delete"),
          // Never the right current password: the accounts must stay signed in for the next run.
          current: one("not the password at all", ""),
          password: one("a brand new long password", "short", "password"),
          code: one("123456", "000000", "12 34 56"),
          token: one("A".repeat(43), "x", "../../etc"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const cookie = run.who === "staff" ? staffCookie : run.who === "customer" ? customerCookie : undefined;
        await postProbe(shop, `${run.locale}/account${run.totp ? "?totp=required" : ""}`, run.fields, { cookie, origin: run.origin });
      });
    });

    it("the language, cookie consent, season and sign-out endpoints never write to the database", async () => {
      const arbitrary = fc.record({
        endpoint: fc.constantFrom("/resources/language", "/resources/consent", "/resources/season", "/logout", "/de/logout"),
        accept: fc.constantFrom("text/html", "*/*", "application/json", ""),
        origin,
        fields: formOf({
          locale: one("de", "en", "xx"),
          consent: one("all", "necessary", "none"),
          season: one("winter", "summer", "autumn"),
          to: one("/", "/de/stores?x=1", "//evil.example", "https://evil.example", "/\\evil"),
        }),
      });
      await assertProperty(arbitrary, async (run) => {
        const answer = await postProbe(shop, run.endpoint, run.fields, {
          origin: run.origin,
          headers: run.accept ? { Accept: run.accept } : {},
          succeeded: () => false,
        });
        // A redirect stays on the shop's own pages.
        if (answer.location) expect(answer.location).toMatch(/^\/(?![/\\])/);
      });
    });
  });

  describe("arbitrary paths, queries and bodies", () => {
    let order: { id: string; token: string };
    let someUser: string;

    beforeAll(async () => {
      [order] = await db.select({ id: schema.orders.id, token: schema.orders.token }).from(schema.orders).limit(1);
      [{ id: someUser }] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
    });

    it("GET pages with arbitrary path parameters and query strings answer below 500 and write nothing", async () => {
      type Page = { path: string; who: "admin" | "booker" | "nobody" };
      const q = queryValue;
      const pages: fc.Arbitrary<Page>[] = [
        fc.tuple(locale, segment("{token}")).map(([l, t]) => ({ path: `${l}/order/${t}`, who: "nobody" as const })),
        fc
          .tuple(segment("{token}"), fc.constantFrom("calendar.ics", "confirmation.pdf"))
          .map(([t, f]) => ({ path: `/order/${t}/${f}`, who: "nobody" as const })),
        fc
          .tuple(locale, fc.constantFrom("item", "shop", "coupon", "rental"), segment("ski-all-mountain", "ciaslin", "{coupon}", "winter"))
          .map(([l, kind, id]) => ({
            path: `${l}/${kind}/${id}`,
            who: "nobody" as const,
          })),
        fc.tuple(segment("winter"), segment("ciaslin"), fc.constantFrom("", "/persons", "/equipment")).map(([a, b, step]) => ({
          path: `/rental/${a}/${b}${step}`,
          who: "booker" as const,
        })),
        fc
          .tuple(q("{person}", "all"), q("ski-snowboard", "helmets"))
          .map(([p, c]) => ({ path: `/rental/winter/ciaslin/equipment?person=${p}&category=${c}`, who: "booker" as const })),
        fc
          .tuple(q("cancelled", "failed"), q("price", "unavailable"))
          .map(([p, c]) => ({ path: `/rental/bag?payment=${p}&changed=${c}`, who: "booker" as const })),
        fc
          .tuple(fc.constantFrom("next", "mode", "step", "reset", "done"), q("/account", "signup", "code"))
          .map(([k, v]) => ({ path: `/login?${k}=${v}`, who: "nobody" as const })),
        fc.tuple(segment("demo_0123456789"), q("x")).map(([r, c]) => ({ path: `/pay/demo/${r}?c=${c}`, who: "nobody" as const })),
        fc
          .tuple(segment("1"), segment("0123456789abcdef-100x100.webp"))
          .map(([i, f]) => ({ path: `/media/items/${i}/${f}`, who: "nobody" as const })),
        fc
          .tuple(segment("en.json", "de.json"), segment("de", ""))
          .map(([f, l]) => ({ path: `/app/i18n/lang/${f}?l=${l}`, who: "nobody" as const })),
        segment("de", "en").map((l) => ({ path: `/${l}/sitemap.xml`, who: "nobody" as const })),
        fc
          .tuple(
            fc.constantFrom("item", "order", "user", "coupon", "category", "shop", "app", "settings/hotel"),
            segment("1", "{order}", "{user}", "winter", "ski-snowboard"),
          )
          .map(([kind, id]) => ({ path: `/admin/${kind}/${id}`, who: "admin" as const })),
        fc
          .tuple(segment("{order}"), segment("contract.pdf", "invoice.pdf", "receipt.pdf"))
          .map(([id, d]) => ({ path: `/admin/order/${id}/${d}`, who: "admin" as const })),
        fc
          .tuple(
            fc.constantFrom("orders", "items", "users", "coupons", "categories", "shops", "apps", "orders.csv", "settings/hotels"),
            q("ski", ""),
            q("2", "1"),
            q("number", "total"),
            q("desc"),
            q("paid"),
            q("1"),
          )
          .map(([list, term, page, sort, dir, status, branch]) => ({
            path: `/admin/${list}?q=${term}&page=${page}&sort=${sort}&dir=${dir}&status=${status}&shop=${branch}&app=${term}&source=${dir}`,
            who: "admin" as const,
          })),
        fc.tuple(q("month", "week"), q("2027-01"), q("2027-01-11"), q("1")).map(([v, m, w, b]) => ({
          path: `/admin/calendar?view=${v}&month=${m}&week=${w}&shop=${b}`,
          who: "admin" as const,
        })),
        fc.tuple(q("2027-01-11"), q("week", "fortnight", "month"), q("1"), q("1"), q("CI-SKI-0001")).map(([start, span, b, r, code]) => ({
          path: `/admin/calendar?start=${start}&span=${span}&shop=${b}&r=${r}&block=${code}`,
          who: "admin" as const,
        })),
        fc
          .tuple(q("2027-01"), fc.constantFrom("report", "report.csv"))
          .map(([m, r]) => ({ path: `/admin/settings/hotels/${r}?month=${m}`, who: "admin" as const })),
        fc
          .tuple(fc.constantFrom("reports", "reports.csv"), q("2027-01-01"), q("2027-01-07"), q("1"), q("top-items", "utilisation"))
          .map(([r, f, t, b, k]) => ({ path: `/admin/${r}?from=${f}&to=${t}&shop=${b}&report=${k}`, who: "admin" as const })),
        fc.tuple(q("1"), q("winter"), q("2027-01-11"), q("09:00"), q("2027-01-13"), q("17:00")).map(([b, a, pd, pt, rd, rt]) => ({
          path: `/admin/order/create?shopId=${b}&appId=${a}&pickupDate=${pd}&pickupTime=${pt}&returnDate=${rd}&returnTime=${rt}`,
          who: "admin" as const,
        })),
        fc.tuple(segment("1"), q("2027-01")).map(([id, m]) => ({ path: `/admin/item/${id}?month=${m}`, who: "admin" as const })),
        fc
          .tuple(
            fc.constantFrom("resources/language", "resources/consent", "resources/season", "webhooks/demo", "webhooks/stripe", "logout"),
            q("x"),
          )
          .map(([r, v]) => ({
            path: `/${r}?to=${v}`,
            who: "nobody" as const,
          })),
      ];
      await assertProperty(
        fc.tuple(fc.oneof(...pages), cookies),
        async ([page, extra]) => {
          const path = page.path
            .replace("{token}", order.token)
            .replace("{order}", order.id)
            .replace("{user}", someUser)
            .replace("{coupon}", ids.couponCode);
          const visitor = page.who === "booker" ? await bookerReady() : null;
          const own = page.who === "admin" ? adminCookie : visitor ? cookieOf(visitor) : "";
          // The visitor's own cookies come first; the strange ones of the same name are sent besides them.
          const cookie = [own, ...extra.map(([name, value]) => `${name}=${value}`)].filter(Boolean).join("; ");
          await probe(db, {
            label: `GET ${path} as ${page.who} with cookies ${cookie.slice(0, 300)}`,
            send: () => shop.request(path, { headers: cookie ? { Cookie: cookie } : {} }),
            succeeded: () => false,
          });
        },
        40,
      );
    });

    it("broken bodies and content types on every kind of endpoint answer below 500 and write nothing", async () => {
      const endpoints = [
        ["/login", "nobody"],
        ["/rental/winter/ciaslin", "booker"],
        ["/rental/winter/ciaslin/persons", "booker"],
        ["/rental/winter/ciaslin/equipment", "booker"],
        ["/rental/bag", "booker"],
        ["/rental/checkout", "booker"],
        ["/order/{token}", "nobody"],
        ["/coupon/{coupon}", "nobody"],
        ["/pay/demo/demo_0123456789abc", "nobody"],
        ["/resources/consent", "nobody"],
        ["/resources/language", "nobody"],
        ["/resources/season", "nobody"],
        ["/logout", "nobody"],
        ["/account", "admin"],
        ["/webhooks/demo", "nobody"],
        ["/admin/item/create", "admin"],
        ["/admin/item/{item}", "admin"],
        ["/admin/settings", "admin"],
        ["/admin/order/create", "admin"],
        ["/admin/order/{order}", "admin"],
        ["/admin/calendar", "admin"],
        ["/admin/shop/{shop}", "admin"],
        ["/admin/user/{user}", "admin"],
        ["/admin/coupon/create", "admin"],
      ] as const;
      const boundary = "fuzzBoundary";
      const body = fc.oneof(
        hostile,
        fc.constantFrom(
          "%ZZ=%",
          "a=%E0%A4%A",
          "&&&==&",
          "=",
          "%",
          "intent=continue&intent=remove",
          "a[]=1&a.b=2&a=3",
          "__proto__[]=1&constructor.prototype.x=1",
        ),
        fc.constantFrom("{", '{"intent":', "[1,2", '{"intent":"continue"}', "null"),
        fc.constantFrom(
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncontinue`,
          `--${boundary}--`,
          `--${boundary}\r\n\r\n\r\n--${boundary}--\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="pictures"; filename="a.webp"\r\nContent-Type: image/webp\r\n\r\nnot a picture\r\n--${boundary}--\r\n`,
          `--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--other--\r\n`,
        ),
        fc.uint8Array({ maxLength: 3000 }),
      );
      const contentType = fc.oneof(
        fc.constantFrom(
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=binary",
          "multipart/form-data",
          `multipart/form-data; boundary=${boundary}`,
          "multipart/form-data; boundary=",
          'multipart/form-data; boundary="unclosed',
          "application/json",
          "text/plain",
          "text/plain; charset=utf-16",
          "application/octet-stream",
          "image/webp",
          "none",
        ),
        hostile.map(headerValue),
      );
      const arbitrary = fc.record({
        endpoint: fc.constantFrom(...endpoints),
        method: fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
        body,
        contentType,
        origin: fc.constantFrom<Origin>("own", "own", "none"),
      });
      await assertProperty(arbitrary, async (run) => {
        const [template, who] = run.endpoint;
        const path = template
          .replace("{token}", order.token)
          .replace("{order}", order.id)
          .replace("{user}", someUser)
          .replace("{coupon}", ids.couponCode)
          .replace("{item}", String(ids.items["ski-all-mountain"]))
          .replace("{shop}", String(ids.shops.ciaslin));
        const visitor = who === "booker" ? await bookerReady() : null;
        const headers: Record<string, string> = {};
        if (who === "admin") headers.Cookie = adminCookie;
        if (visitor) headers.Cookie = cookieOf(visitor);
        if (run.origin === "own") headers.Origin = shop.url;
        // Bytes go without a content type unless one is chosen; a string body would default to text/plain.
        const payload = typeof run.body === "string" ? new TextEncoder().encode(run.body) : run.body;
        if (run.contentType !== "none") headers["Content-Type"] = run.contentType;
        const answer = await probe(db, {
          label: `${run.method} ${path} as ${who}, Content-Type ${run.contentType}, body ${JSON.stringify(typeof run.body === "string" ? run.body.slice(0, 200) : `${run.body.length} bytes`)}`,
          send: () => shop.request(path, { method: run.method, body: payload, headers }),
        });
        if (answer.status === 302 && visitor) booker = null;
      });
    });
  });

  describe("the back office, signed in as an admin", () => {
    const vars: Record<string, string> = {};
    const six = (name: string, en: fc.Arbitrary<string> | string): FieldSpec =>
      Object.fromEntries(["en", "de", "it", "nl", "be", "da"].map((l) => [`${name}.${l}`, l === "en" ? en : one("", "Text")]));
    const day = fc
      .date({ min: new Date("2030-01-01"), max: new Date("2032-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const newSlug = fc.stringMatching(/^[a-z]{3,12}$/).map((word) => `fuzz-${word}`);

    beforeAll(async () => {
      const staff = { email: `clerk-${randomUUID().slice(0, 8)}@test.example`, password: "a long clerk password" };
      const [clerk] = await db
        .insert(schema.users)
        .values({ email: staff.email, name: "Clerk", role: "staff", passwordHash: await hashPassword(staff.password) })
        .returning();
      const [customer] = await db.select().from(schema.users).where(eq(schema.users.role, "customer")).limit(1);
      const [admin] = await db.select().from(schema.users).where(eq(schema.users.role, "admin")).limit(1);
      const [unit] = await db.select().from(schema.units).where(eq(schema.units.itemId, ids.items["ski-all-mountain"])).limit(1);
      const [surcharge] = await db.select().from(schema.priceSurcharges).limit(1);
      const [order] = await db.select().from(schema.orders).where(isNull(schema.orders.cancelledAt)).limit(1);
      const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)).limit(1);
      const [reservation] = await db.select().from(schema.reservations).limit(1);
      Object.assign(vars, {
        ski: String(ids.items["ski-all-mountain"]),
        helmet: String(ids.items["ski-helmet"]),
        sale: String(ids.items["ski-socks"]),
        service: String(ids.items["service-waxing"]),
        depot: String(ids.items["depot-locker-day"]),
        surchargeItem: String(surcharge?.itemId ?? ids.items["ski-all-mountain"]),
        surcharge: String(surcharge?.id ?? 1),
        unit: String(unit.id),
        unitCode: unit.code,
        shopId: String(ids.shops.ciaslin),
        otherShop: String(ids.shops.runcadoz),
        staff: clerk.id,
        customer: customer?.id ?? clerk.id,
        admin: admin.id,
        coupon: String(ids.coupon),
        hotel: String(ids.hotel),
        order: order.id,
        line: String(line?.id ?? 1),
        reservation: String(reservation?.id ?? 1),
      });
    });

    /** Fills `{name}` placeholders in field names and in whole values. */
    const withVars = (fields: Fields): Fields =>
      fill(fields, vars).map(([name, value]) => [name.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole), value]);

    /** One admin form: its paths (with placeholders), and its fields. */
    async function fuzzForm(paths: fc.Arbitrary<string>, spec: FieldSpec, numRuns = RUNS) {
      const arbitrary = fc.record({ locale, path: paths, origin, fields: formOf(spec) });
      await assertProperty(
        arbitrary,
        async (run) => {
          const path = run.path.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
          await postProbe(shop, `${run.locale}${path}`, withVars(run.fields), { cookie: adminCookie, origin: run.origin });
        },
        numRuns,
      );
    }

    const itemFields: FieldSpec = {
      appId: one("winter", "summer"),
      categoryId: one("ski-snowboard", "clothing", "nope"),
      ...six("name", one("Fuzz ski", "Ski ✓")),
      ...six("description", ""),
      sizes: one("150, 160\n170", "", "S, S", "163, 170, 177"),
      sizing: one("ski", "none", "boot"),
      level: one("", "intermediate"),
      maxHeightCm: one("", "190"),
      maxShoeSize: one("", "46"),
      local: one("on", ""),
      vatRate: one("22", "5,5", "100"),
      price: one("", "12,50", "1.234,50"),
      deposit: one("", "100"),
      active: one("on", ""),
      sort: one("5", "999"),
    };

    it("items: create", async () => {
      await fuzzForm(fc.constant("/admin/item/create"), { slug: newSlug, ...itemFields });
    });

    it("items: every form of the item page (details, prices, surcharges, pictures, units, stock, capacity)", async () => {
      await fuzzForm(
        segment("{ski}", "{sale}", "{service}", "{depot}", "{surchargeItem}").map((id) => `/admin/item/${id}`),
        {
          intent: one(
            "save",
            "deactivate",
            "delete",
            "prices",
            "addDay",
            "removeDay",
            "addSurcharge",
            "saveSurcharge",
            "deleteSurcharge",
            "uploadPictures",
            "pictureUp",
            "pictureDown",
            "deletePicture",
            "addUnits",
            "saveUnit",
            "deleteUnit",
            "saveStock",
            "saveCapacity",
            "bogus",
          ),
          ...itemFields,
          "dayPrices[]": one("25", "48,50", "10"),
          extraDay: one("18.5", "0"),
          ...six("snew.name", "Christmas"),
          "snew.startsOn": day,
          "snew.endsOn": day,
          "snew.percent": one("10", "200"),
          surchargeId: one("{surcharge}", "2147483647"),
          "s{surcharge}.name.en": "New Year",
          "s{surcharge}.startsOn": day,
          "s{surcharge}.endsOn": day,
          "s{surcharge}.percent": "15",
          picture: one("0123456789abcdef-100x100", "nope"),
          shopId: one("{shopId}", "{otherShop}"),
          "b{shopId}.size": one("163", "170", ""),
          "b{shopId}.count": one("1", "50", "51"),
          "b{shopId}.code": one("", "CI-SKI-9999", "{unitCode}"),
          unitId: one("{unit}", "2147483647"),
          status: one("active", "maintenance", "retired"),
          note: one("", "Base grind"),
          "stock.{shopId}.0.quantity": one("5", "100000"),
          "stock.{shopId}.0.was": one("0", "5"),
          "capacity.{shopId}": one("10", ""),
        },
      );
    });

    it("categories: create, edit, delete", async () => {
      const spec: FieldSpec = {
        appId: one("winter", "summer"),
        kind: one("rental", "sale", "service", "depot"),
        ...six("name", "Fuzz category"),
        ...six("description", ""),
        sort: one("1", "999"),
      };
      await fuzzForm(fc.constant("/admin/category/create"), { id: newSlug, ...spec }, 20);
      await fuzzForm(
        segment("ski-snowboard", "clothing", "fuzz-nothing").map((id) => `/admin/category/${id}`),
        { intent: one("save", "delete", "bogus"), ...spec },
        20,
      );
    });

    it("packages: edit", async () => {
      await fuzzForm(
        segment(String(ids.package), "2147483647").map((id) => `/admin/package/${id}`),
        {
          ...six("name", "Fuzz package"),
          ...six("description", "Skis, boots and helmet"),
          level: one("beginner", "intermediate", "expert"),
          sort: one("10", "999"),
          active: one("on", ""),
          dayPrices: one("36; 68,50; 99", "36", "36; 30"),
          extraDay: one("21,50", "0"),
          childDayPrices: one("20; 38", "15"),
          childExtraDay: one("12", "0"),
        },
        20,
      );
    });

    it("storefronts: create, edit, delete", async () => {
      const spec: FieldSpec = {
        ...six("name", "Winter"),
        ...six("description", "Skis and more"),
        seasonStart: one("12-01", "02-29", "13-01"),
        "seasonStart.month": one("12", "2"),
        "seasonStart.day": one("1", "31"),
        seasonEnd: one("04-15", "12-01"),
        enabled: one("on", ""),
        sort: one("0", "2"),
        "shopIds[]": one("{shopId}", "{otherShop}", "999999", "2147483647"),
      };
      await fuzzForm(fc.constant("/admin/app/create"), { id: one("autumn", "winter", "summer"), ...spec }, 20);
      await fuzzForm(
        segment("winter", "summer").map((id) => `/admin/app/${id}`),
        { intent: one("save", "delete", "bogus"), ...spec },
        20,
      );
    });

    it("branches: create, details, opening hours, closed days, delete", async () => {
      const spec: FieldSpec = {
        name: "Fuzz branch",
        ...six("description", "At the lift"),
        street: "Strada Dolomites 1",
        postalCode: "39046",
        town: "Urtijëi",
        country: one("IT", "it", "ITA"),
        latitude: one("46.57", "46,57", "91"),
        longitude: one("11.67", "-181"),
        phone: one("+39 0471 123456", "call me"),
        email: one("branch@example.com", "nope"),
        active: one("on", ""),
        sort: "3",
        "appIds[]": one("winter", "summer", "autumn"),
      };
      await fuzzForm(fc.constant("/admin/shop/create"), { slug: newSlug, ...spec }, 20);
      await fuzzForm(
        segment("{shopId}", "{otherShop}").map((id) => `/admin/shop/${id}`),
        {
          intent: one("save", "hours", "closeDay", "reopenDay", "delete", "bogus"),
          ...spec,
          appId: one("winter", "summer"),
          ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`hours.${d}`, one("08:00-18:00", "", "8-12, 14-18", "18-8")])),
          day,
          "reason.en": one("", "Inventory"),
        },
      );
    });

    it("users: role, branches, deactivate and reactivate", async () => {
      await fuzzForm(
        segment("{staff}", "{customer}", "{admin}", randomUUID()).map((id) => `/admin/user/${id}`),
        {
          intent: one("save", "deactivate", "reactivate", "delete"),
          role: one("staff", "customer", "admin", "root"),
          "shopIds[]": one("{shopId}", "{otherShop}", "999999", "2147483647"),
        },
      );
    });

    it("coupons: create, edit, delete", async () => {
      const spec: FieldSpec = {
        code: fc.oneof(
          fc.stringMatching(/^[A-Z]{4,10}$/).map((c) => `FUZZ-${c}`),
          fc.constant("WELCOME10"),
        ),
        kind: one("percent", "fixed"),
        value: one("10", "12,50", "101"),
        ...six("description", "Ten off"),
        validFrom: one("", "2030-01-01"),
        validUntil: one("", "2029-01-01", "2031-01-01"),
        minOrder: one("", "50"),
        maxUses: one("", "10", "0"),
        maxUsesPerCustomer: one("", "1", "11"),
        "appIds[]": one("winter", "summer"),
        "categoryIds[]": one("ski-snowboard", "clothing", "nope"),
        public: one("on", ""),
        active: one("on", ""),
      };
      await fuzzForm(fc.constant("/admin/coupon/create"), spec, 20);
      await fuzzForm(
        segment("{coupon}").map((id) => `/admin/coupon/${id}`),
        { intent: one("save", "delete", "bogus"), ...spec },
        20,
      );
    });

    it("partner hotels: create, edit, deactivate, delete", async () => {
      const spec: FieldSpec = {
        name: "Hotel Fuzz",
        street: one("", "Via Rezia 1"),
        town: "Ortisei",
        discountPercent: one("0", "10", "101"),
        commissionPercent: one("5", "100"),
        active: one("on", "true", ""),
      };
      await fuzzForm(fc.constant("/admin/settings/hotel/create"), spec, 20);
      await fuzzForm(
        segment("{hotel}").map((id) => `/admin/settings/hotel/${id}`),
        { intent: one("save", "delete", "deactivate", "bogus"), ...spec },
        20,
      );
    });

    it("orders: pick up, return, cancel, resend", async () => {
      await fuzzForm(
        segment("{order}", randomUUID()).map((id) => `/admin/order/${id}`),
        {
          intent: one("pickup", "return", "cancel", "resend", "refund", "bogus"),
          "codes.{line}": one("{unitCode}", "NO-SUCH-CODE", ""),
          note: one("", "Scratch on the left ski"),
          refund: one("on", ""),
          reason: one("", "No-show"),
        },
      );
    });

    it("orders at the counter", async () => {
      await fuzzForm(fc.constant("/admin/order/create"), {
        intent: one("create", "refresh", "addPerson", "addLine", "removePerson-0", "removeLine-0", "removeLine-99", "bogus"),
        shopId: one("{shopId}", "{otherShop}", "999999", "2147483648"),
        appId: one("winter", "summer"),
        pickupDate: one(period.pickupDate, "2027-01-11"),
        pickupTime: one("09:00", "08:00"),
        returnDate: one(period.returnDate, "2027-01-13"),
        returnTime: one("17:00", "18:00"),
        "persons.0.firstName": one("Anna", ""),
        "persons.0.heightCm": one("172", ""),
        "persons.0.skill": one("intermediate", ""),
        "persons.1.firstName": one("Ben", ""),
        "lines.0.item": one("{ski}|163", "{ski}|999", "{helmet}", "{sale}|M", "99999999999|163", "2147483647"),
        "lines.0.person": one("0", "", "5"),
        "lines.0.quantity": one("1", "21"),
        "lines.1.item": one("{sale}", ""),
        name: one("Walk-in Customer", ""),
        email: one("", "walkin@example.com"),
        phone: one("", "+39 333 1234567"),
        language: one("en", "de", "xx"),
        method: one("cash", "card", "iou"),
        note: one("", "Pays tomorrow"),
      });
    });

    it("the planner: move a booking or block, block a unit, remove a block", async () => {
      await fuzzForm(fc.constantFrom("/admin/calendar", "/admin/calendar?start=2031-01-06&span=week&shop={shopId}&r={reservation}"), {
        intent: one("blockUnit", "moveReservation", "removeBlock", "bogus"),
        reservationId: one("{reservation}", "999999", "2147483648", "0"),
        unitId: one("{unit}", "999999", "x"),
        unit: one("{unitCode}", "NOPE-0001", ""),
        from: day,
        to: day,
        note: one("", "Edges"),
      });
    });

    it("the calendar: close and reopen a day", async () => {
      await fuzzForm(
        fc.tuple(fc.constantFrom("", "?view=week", "?month=2031-01&shop={shopId}")).map(([q]) => `/admin/calendar${q}`),
        {
          intent: one("closeDay", "reopenDay", "bogus"),
          shopId: one("{shopId}", "{otherShop}", "999999", "2147483648"),
          day,
          "reason.en": one("", "Inventory"),
          "reason.de": one("", "Inventur"),
        },
      );
    });

    it("settings (last: a saved change may lock the back office behind two-step sign-in)", async () => {
      const values = settingsFormValues(await getSettings());
      const spec: FieldSpec = {};
      const walk = (value: unknown, path: string) => {
        if (Array.isArray(value)) spec[`${path}[]`] = one(...((value.length > 0 ? value.map(String) : ["en"]) as [string, ...string[]]));
        else if (value !== null && typeof value === "object")
          for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
        else spec[path] = String(value ?? "");
      };
      walk(values, "");
      spec["discountOffer.enabled"] = one("on", "");
      spec["damageWaiver.enabled"] = one("on", "");
      spec["damageWaiver.dayPrice"] = one("2.00", "2,50", "0", "100,01", "zwei", "");
      spec.requireStaffTotp = "";
      await fuzzForm(fc.constant("/admin/settings"), spec);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The shop with Stripe: its webhook endpoint

describe("with Stripe as the payment provider", () => {
  // Test-only values: the stand-in accepts only this key, and the shop checks events against this secret.
  const SECRET_KEY = "sk_test_fuzz0123456789";
  const WEBHOOK_SECRET = "whsec_ZnV6ei10ZXN0LW9ubHktbm90LWEtcmVhbC1zZWNyZXQ=";
  let standIn: StripeStandIn;
  let shop: Shop;
  let db: Db;
  let held: { orderId: string; ref: string };

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    shop = await startTestServer({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    });
    db = shop.database.db;
    const [ski] = await db.select({ id: schema.items.id }).from(schema.items).where(eq(schema.items.slug, "ski-easy-carve"));
    const visitor = createVisitor(shop.url);
    const [anna] = await startBooking(db, visitor);
    await addItem(visitor, `person=${anna.id}`, { itemId: ski.id, size: "156" });
    const { order, payment } = await goToPayment(db, visitor);
    held = { orderId: order.id, ref: payment.ref };
  });
  afterAll(async () => {
    await shop?.close();
    await standIn?.close();
  });

  const session = fc.record(
    {
      id: fc.oneof(fc.constant("{ref}"), hostile),
      object: fc.constantFrom("checkout.session", "payment_intent"),
      payment_status: fc.oneof(fc.constantFrom("paid", "unpaid", "no_payment_required"), hostile),
      status: fc.constantFrom("complete", "expired", "open"),
      amount_total: fc.oneof(fc.integer(), fc.constantFrom(2_147_483_648, 1e21, -1, 1.5), fc.constant(null)),
      currency: fc.oneof(fc.constantFrom("eur", "usd"), hostile, fc.constant(null)),
      client_reference_id: fc.oneof(fc.constant("{order}"), fc.uuid(), hostile, fc.constant(null)),
      metadata: fc.oneof(
        fc.record({ orderId: fc.oneof(fc.constant("{order}"), fc.uuid(), hostile) }),
        fc.constant(null),
        fc.dictionary(hostile, hostile),
      ),
      payment_intent: fc.oneof(fc.constant("pi_123"), hostile, fc.constant(null), fc.record({ id: hostile })),
      payment_method_types: fc.oneof(fc.constant(["card"]), fc.array(hostile, { maxLength: 3 }), fc.constant(null)),
    },
    { requiredKeys: ["id", "object"] },
  );
  const event = fc.record(
    {
      id: fc.oneof(
        fc.uuid().map((u) => `evt_${u}`),
        hostile,
      ),
      object: fc.constant("event"),
      type: fc.oneof(
        fc.constantFrom(
          "checkout.session.completed",
          "checkout.session.async_payment_succeeded",
          "checkout.session.async_payment_failed",
          "checkout.session.expired",
          "charge.refunded",
        ),
        hostile,
      ),
      created: fc.oneof(fc.integer(), fc.constantFrom(Math.floor(Date.now() / 1000), 8_640_000_000_000)),
      data: fc.oneof(fc.record({ object: session }), fc.record({ object: fc.jsonValue() }), fc.jsonValue()),
    },
    { requiredKeys: ["id", "type"] },
  );
  const concrete = (value: unknown) =>
    JSON.stringify(value).replaceAll('"{ref}"', JSON.stringify(held.ref)).replaceAll('"{order}"', JSON.stringify(held.orderId));

  it("arbitrary bodies and signatures get 400 and change nothing", async () => {
    const arbitrary = fc.record({
      body: fc.oneof(hostile, fc.json(), event.map(concrete)),
      signature: fc.oneof(
        fc.constant(null),
        hostile.map(headerValue),
        fc.constantFrom("t=1,v1=00", "t=,v1=", "v1=abc", "t=abc,v1=zz,v0=1", `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`),
        fc.constantFrom("{other body}", "{stale}", "{other secret}"),
      ),
    });
    await assertProperty(arbitrary, async (run) => {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (run.signature === "{other body}") headers["Stripe-Signature"] = signStripePayload(`${run.body} `, WEBHOOK_SECRET);
      else if (run.signature === "{stale}")
        headers["Stripe-Signature"] = signStripePayload(run.body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
      else if (run.signature === "{other secret}") headers["Stripe-Signature"] = signStripePayload(run.body, "whsec_b3RoZXI=");
      else if (run.signature !== null) headers["Stripe-Signature"] = run.signature;
      const answer = await probe(db, {
        label: `POST /webhooks/stripe ${JSON.stringify(headers)} ${run.body.slice(0, 200)}`,
        send: () => shop.request("/webhooks/stripe", { method: "POST", body: run.body, headers }),
      });
      expect([400, 413]).toContain(answer.status);
    });
  });

  it("correctly signed events of any content never fail the shop", async () => {
    await assertProperty(event, async (value) => {
      const body = concrete(value);
      await probe(db, {
        label: `POST /webhooks/stripe signed ${body.slice(0, 400)}`,
        send: () =>
          shop.request("/webhooks/stripe", {
            method: "POST",
            body,
            headers: { "Content-Type": "application/json", "Stripe-Signature": signStripePayload(body, WEBHOOK_SECRET) },
          }),
        // A signed event is taken (and kept, so that it counts once) whatever it says.
        succeeded: (a) => a.status === 200,
      });
    });
  });

  it("the demo provider's webhook and payment page do not exist", async () => {
    await assertProperty(
      fc.record({ body: hostile, path: fc.constantFrom("/webhooks/demo", "/pay/demo/demo_0123456789abc", "/webhooks/paypal") }),
      async (run) => {
        const answer = await probe(db, {
          label: `POST ${run.path} ${run.body.slice(0, 100)}`,
          send: () =>
            shop.request(run.path, { method: "POST", body: run.body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
        });
        expect(answer.status).toBe(404);
      },
      10,
    );
  });
});
