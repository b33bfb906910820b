/**
 * The signed rental contract over real HTTP (issue 20, decision 044): the customer signs a handed-out order
 * on the counter's screen, the PDF is stored with its SHA-256 and cannot be changed (the database refuses),
 * signing again makes a new version and keeps the old one; staff of another branch see nothing, bad
 * signatures are refused with nothing written, and the customer downloads every version by the order's link.
 */
import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { and, asc, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LineBinding } from "../../app/domain/counter/binding";
import { formatMoney } from "../../app/domain/format";
import de from "../../app/i18n/lang/de.json";
import { holdOrder } from "../../app/server/booking/holds.server";
import * as schema from "../../app/server/db/schema";
import { signedIn } from "../helpers/accounts";
import { createRentalItem, holdRequest, rentalLine, shopIds } from "../helpers/booking";
import { testDbKind } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { paidOrder } from "../helpers/orders";
import { pdfText } from "../helpers/pdf-text";
import { locationOf, pageText } from "../helpers/visitor";

let shop: Awaited<ReturnType<typeof startTestServer>>;
let db: Awaited<ReturnType<typeof startTestServer>>["database"]["db"];
let branches: Record<string, number>;
let admin: string;
let ciaslinStaff: string;
let runcadozStaff: string;

const as = (cookie: string) => ({ headers: { Cookie: cookie } });
const post = (cookie: string, path: string, fields: Record<string, string>) => shop.post(path, fields, cookie);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** Intl's spaces as the PDF writes them. */
const asDrawn = (text: string) => text.replace(/[\u2000-\u200a\u202f]/g, " ");

/** A signature as the pad posts it: ink strokes on a transparent 900 × 360 canvas, or nothing on it. */
async function padPng(blank = false): Promise<string> {
  const ink = blank ? "" : '<path d="M60 250 C 160 60, 260 320, 380 140 S 620 260, 820 90" stroke="#0b1f3a" stroke-width="5" fill="none"/>';
  const png = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="360">${ink}</svg>`))
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** A PNG chunk: length, type, data and the CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * An animated PNG (APNG) of `frames` frames, each the pad's picture: what a script can post as a
 * "signature" to make the PDF writer decode every frame. A browser plays it; the check reads only chunks.
 */
async function animatedPng(frames: number): Promise<Buffer> {
  const still = await sharp(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="360"><circle cx="450" cy="180" r="90"/></svg>'),
  )
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < still.length; ) {
    const length = still.readUInt32BE(offset);
    chunks.push({ type: still.toString("latin1", offset + 4, offset + 8), data: still.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  const ihdr = chunks.find((c) => c.type === "IHDR") as { data: Buffer };
  const image = Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data));
  let sequence = 0;
  const u32 = (...values: number[]) =>
    Buffer.concat(values.map((v) => Buffer.from([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255])));
  // fcTL: sequence, width, height, x, y, delay 1/10 s, dispose none, blend source.
  const frameControl = () => pngChunk("fcTL", Buffer.concat([u32(sequence++, 900, 360, 0, 0), Buffer.from([0, 1, 0, 10, 0, 0])]));
  // The palette and its transparency stay between IHDR and the first frame.
  const between = chunks.filter((c) => !["IHDR", "IDAT", "IEND"].includes(c.type)).map((c) => pngChunk(c.type, c.data));
  const parts = [
    still.subarray(0, 8),
    pngChunk("IHDR", ihdr.data),
    pngChunk("acTL", u32(frames, 0)),
    ...between,
    frameControl(),
    pngChunk("IDAT", image),
  ];
  for (let n = 1; n < frames; n++) {
    parts.push(frameControl());
    parts.push(pngChunk("fdAT", Buffer.concat([u32(sequence++), image])));
  }
  parts.push(pngChunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}

const clerk = (email: string, branch: number) =>
  signedIn(shop, email, "staff", { branches: [branch], name: `Clerk ${email.split("@")[0]}` });

/**
 * A German family's paid order at Ciaslin, handed out through the counter's form: Anna's skis (with a
 * deposit of 80 € a pair) and Jonas's. Anna's binding was set from the table, Jonas's is still to be set.
 */
async function handedOutOrder() {
  const ski = await createRentalItem(db, branches.ciaslin, 2);
  await db.update(schema.items).set({ depositCents: 8000 }).where(eq(schema.items.id, ski.id));
  const order = await paidOrder(
    db,
    holdRequest(branches.ciaslin, [rentalLine(ski.id, "anna"), { ...rentalLine(ski.id, "jonas"), personIndex: 1 }], {
      language: "de",
      persons: [
        { firstName: "Anna", lastName: "Jansen", age: 34, heightCm: 172, weightKg: 64, skill: "intermediate", shoeSize: 39 },
        { firstName: "Jonas", lastName: "Jansen", age: 11, heightCm: 150, weightKg: 40, skill: "beginner", shoeSize: 35 },
      ],
      invoice: { ...holdRequest(0, []).invoice, name: "Anna Jansen" },
    }),
  );
  const lines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)).orderBy(asc(schema.orderLines.id));
  // Scanned from the labels, in capitals; the units keep the codes they were given.
  const codes = lines.map((_, n) => `${ski.slug}-${n + 1}`);
  const scanned = Object.fromEntries(lines.map((line, n) => [`codes.${line.id}`, codes[n].toUpperCase()]));
  const handedOut = await post(admin, `/admin/order/${order.id}`, { intent: "pickup", early: "on", ...scanned });
  expect(handedOut.status).toBe(302);
  const binding: LineBinding = { value: 6.5, setBy: "table", code: "K", soleLengthMm: 305, twistNm: 50, forwardLeanNm: 194 };
  await db.update(schema.orderLines).set({ binding }).where(eq(schema.orderLines.id, lines[0].id));
  return { order, codes };
}

const agreementRows = (orderId: string) =>
  db.select().from(schema.agreements).where(eq(schema.agreements.orderId, orderId)).orderBy(asc(schema.agreements.version));
/** What the database answered a refused statement (Drizzle wraps it in its own "Failed query" error). */
const refusal = (query: PromiseLike<unknown>) =>
  Promise.resolve(query).then(
    () => "done",
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );
const agreementCount = async () => (await db.select({ n: count() }).from(schema.agreements))[0].n;

beforeAll(async () => {
  shop = await startTestServer();
  db = shop.database.db;
  branches = await shopIds(db);
  admin = await shop.login();
  ciaslinStaff = await clerk("anton@test.example", branches.ciaslin);
  runcadozStaff = await clerk("rita@test.example", branches.runcadoz);
});
afterAll(async () => {
  await shop?.close();
});

describe(`the signed rental contract on ${testDbKind}`, () => {
  it("stores the signed PDF with its hash, in the order's language, with persons, codes, binding and deposit", async () => {
    const { order, codes } = await handedOutOrder();
    // The clerk works in English; the screen opens in the order's language for the customer.
    const opened = await shop.request(`/admin/order/${order.id}/agreement?back=en`, as(ciaslinStaff));
    expect(opened.status).toBe(302);
    expect(locationOf(opened)).toBe(`/de/admin/order/${order.id}/agreement?back=en`);
    const screen = await pageText(await shop.request(`/de/admin/order/${order.id}/agreement?back=en`, as(ciaslinStaff)));
    expect(screen).toContain(de.admin.agreement.intro);
    expect(screen).toContain(de.documents.contract.term2);
    expect(screen).toContain("Bindung Auslösewert 6,5 · Skifahrercode K · Sohle 305 mm · Vorderbacken 50 Nm · Fersenbacken 194 Nm");
    // What the binding was set for, per person: age, measures and the skier type; no shoe size.
    expect(screen).toContain("34 Jahre · 172 cm · 64 kg · Fortgeschritten (Skifahrertyp 2)");
    expect(screen).toContain("11 Jahre · 150 cm · 40 kg · Anfänger (Skifahrertyp 1)");
    expect(screen).not.toContain("Schuhgröße");
    expect(screen).toContain(de.documents.agreement.bindingAtCounter);
    expect(screen).toContain(codes[0]);

    const signedAt = Date.now();
    const signed = await post(ciaslinStaff, `/de/admin/order/${order.id}/agreement`, {
      signerName: "Anna Jansen",
      signature: await padPng(),
      typedName: "",
      back: "en",
      intent: "sign",
    });
    expect(signed.status).toBe(302);
    expect(locationOf(signed)).toBe(`/admin/order/${order.id}?signed=1`);

    const [row] = await agreementRows(order.id);
    expect(row).toMatchObject({ version: 1, language: "de", signerName: "Anna Jansen", signatureKind: "drawn" });
    expect(row.pdf).toBeInstanceOf(Uint8Array);
    expect(sha256(row.pdf)).toBe(row.sha256);
    expect(row.signedAt.getTime()).toBeGreaterThanOrEqual(signedAt - 1000);
    const { lines } = await pdfText(row.pdf);
    const text = lines.join("\n");
    expect(lines).toContain(de.documents.contract.title);
    expect(lines).toContain("Anna Jansen");
    expect(lines).toContain("Jonas Jansen");
    for (const code of codes) expect(text).toContain(code);
    expect(lines.join(" ")).toContain("Bindung Auslösewert 6,5");
    expect(lines.join(" ")).toContain("Sohle 305 mm");
    expect(lines.join(" ")).toContain("Vorderbacken 50 Nm · Fersenbacken 194 Nm");
    expect(lines).toContain("34 Jahre · 172 cm · 64 kg · Fortgeschritten (Skifahrertyp 2)");
    expect(lines).toContain("11 Jahre · 150 cm · 40 kg · Anfänger (Skifahrertyp 1)");
    expect(text).not.toContain("Schuhgröße");
    expect(lines.join(" ")).toContain(de.documents.agreement.bindingAtCounter);
    expect(lines).toContain(de.documents.agreement.deposit);
    expect(lines).toContain(asDrawn(formatMoney(16_000, "de")));
    expect(lines).toContain("Unterschrieben von Anna Jansen");
    // Text in a column wraps: read it as one run.
    expect(lines.join(" ")).toContain(de.documents.agreement.drawn);
    expect(text).toContain("Clerk anton");
    // The drawn signature is in the PDF as a picture.
    expect(Buffer.from(row.pdf).toString("latin1")).toMatch(/\/Subtype\s*\/Image/);

    const [audit] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, order.id), eq(schema.auditLog.action, "sign")));
    expect(audit.after).toEqual({ agreement: 1, signerName: "Anna Jansen", sha256: row.sha256 });

    // The order page lists the version with its hash; staff download exactly the stored bytes.
    const page = await pageText(await shop.request(`/admin/order/${order.id}?signed=1`, as(ciaslinStaff)));
    expect(page).toContain("Signed. Version 1 of the contract is stored.");
    expect(page).toContain(row.sha256);
    // The change history names the signing.
    expect(page).toContain("Contract signed");
    const download = await shop.request(`/admin/order/${order.id}/agreement/1.pdf`, as(ciaslinStaff));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("cache-control")).toMatch(/no-store/);
    expect(download.headers.get("repr-digest")).toBe(`sha-256=:${Buffer.from(row.sha256, "hex").toString("base64")}:`);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(row.sha256);
  });

  it("refuses to change or delete a signed version in the database", async () => {
    const { order } = await handedOutOrder();
    expect((await post(admin, `/admin/order/${order.id}/agreement`, { signerName: "Anna Jansen", typedName: "Anna Jansen" })).status).toBe(
      302,
    );
    const [before] = await agreementRows(order.id);
    expect(
      await refusal(db.update(schema.agreements).set({ signerName: "Someone else" }).where(eq(schema.agreements.orderId, order.id))),
    ).toMatch(/^agreements are immutable: UPDATE refused on version 1/);
    expect(
      await refusal(
        db
          .update(schema.agreements)
          .set({ pdf: new Uint8Array([1, 2, 3]) })
          .where(eq(schema.agreements.id, before.id)),
      ),
    ).toMatch(/immutable: UPDATE refused/);
    expect(await refusal(db.delete(schema.agreements).where(eq(schema.agreements.id, before.id)))).toMatch(/immutable: DELETE refused/);
    // TRUNCATE fires no row trigger: a statement trigger refuses it, also when it cascades from the orders.
    expect(await refusal(db.execute(sql`truncate agreements`))).toMatch(/^agreements is kept for good: TRUNCATE refused/);
    expect(await refusal(db.execute(sql`truncate orders cascade`))).toMatch(/^agreements is kept for good: TRUNCATE refused/);
    expect(await agreementCount()).toBeGreaterThan(0);
    // Nor can the order be deleted from under it.
    expect(await refusal(db.delete(schema.orders).where(eq(schema.orders.id, order.id)))).toMatch(/foreign key/);
    const [after] = await agreementRows(order.id);
    expect(after).toEqual(before);
  });

  it("makes a new version when signed again and keeps the earlier one, for staff and the customer", async () => {
    const { order } = await handedOutOrder();
    expect(
      (await post(ciaslinStaff, `/de/admin/order/${order.id}/agreement`, { signerName: "Anna Jansen", signature: await padPng() })).status,
    ).toBe(302);
    const correction = await post(ciaslinStaff, `/de/admin/order/${order.id}/agreement`, {
      signerName: "Anna Jansen",
      signature: "",
      typedName: "Anna M. Jansen",
      back: "de",
    });
    expect(correction.status).toBe(302);
    expect(locationOf(correction)).toBe(`/de/admin/order/${order.id}?signed=2`);
    const [first, second] = await agreementRows(order.id);
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(second).toMatchObject({ signatureKind: "typed", signerName: "Anna Jansen" });
    expect(second.sha256).not.toBe(first.sha256);
    const typed = await pdfText(second.pdf);
    expect(typed.lines).toContain("Anna M. Jansen");
    expect(typed.lines.join(" ")).toContain(de.documents.agreement.typed);
    expect(typed.lines.join(" ")).toContain(`Version 2 des Vertrags ${order.number}.`);

    const page = await pageText(await shop.request(`/admin/order/${order.id}`, as(ciaslinStaff)));
    expect(page).toContain(first.sha256);
    expect(page).toContain(second.sha256);
    expect(page).toContain("replaced by version 2");
    for (const row of [first, second]) {
      const staff = await shop.request(`/admin/order/${order.id}/agreement/${row.version}.pdf`, as(ciaslinStaff));
      expect(sha256(new Uint8Array(await staff.arrayBuffer()))).toBe(row.sha256);
      // The customer's link, in any language prefix, gives the same bytes.
      const customer = await shop.request(`/da/order/${order.token}/agreement/${row.version}.pdf`);
      expect(customer.status).toBe(200);
      expect(customer.headers.get("cache-control")).toMatch(/no-store/);
      expect(sha256(new Uint8Array(await customer.arrayBuffer()))).toBe(row.sha256);
    }
    const orderPage = await pageText(await shop.request(`/de/order/${order.token}`));
    expect(orderPage).toContain(de.order.agreement.download);
    expect(orderPage).toContain("1 frühere Version");
  });

  it("answers 404 for a wrong token, a missing version or a malformed file name", async () => {
    const { order } = await handedOutOrder();
    expect((await post(admin, `/admin/order/${order.id}/agreement`, { signerName: "Anna Jansen", typedName: "Anna Jansen" })).status).toBe(
      302,
    );
    expect((await shop.request(`/order/${order.token}/agreement/1.pdf`)).status).toBe(200);
    for (const path of [
      `/order/${"A".repeat(24)}/agreement/1.pdf`,
      `/order/${order.token.slice(0, -1)}x/agreement/1.pdf`,
      `/order/${order.token}/agreement/2.pdf`,
      `/order/${order.token}/agreement/01.pdf`,
      `/order/${order.token}/agreement/1`,
      `/xx/order/${order.token}/agreement/1.pdf`,
    ])
      expect((await shop.request(path)).status, path).toBe(404);
    expect((await shop.request(`/admin/order/${order.id}/agreement/2.pdf`, as(admin))).status).toBe(404);
  });

  it("shows and signs nothing for staff of another branch", async () => {
    const { order } = await handedOutOrder();
    expect((await post(admin, `/admin/order/${order.id}/agreement`, { signerName: "Anna Jansen", typedName: "Anna Jansen" })).status).toBe(
      302,
    );
    const before = await agreementCount();
    expect((await shop.request(`/de/admin/order/${order.id}/agreement`, as(runcadozStaff))).status).toBe(404);
    expect((await shop.request(`/admin/order/${order.id}/agreement/1.pdf`, as(runcadozStaff))).status).toBe(404);
    const refused = await post(runcadozStaff, `/de/admin/order/${order.id}/agreement`, { signerName: "Rita", typedName: "Rita" });
    expect(refused.status).toBe(404);
    expect(await agreementCount()).toBe(before);
  });

  it("refuses a blank pad, a picture that is no signature and a missing name, keeping what was typed and writing nothing", async () => {
    const { order } = await handedOutOrder();
    const before = await agreementCount();
    const gif = `data:image/png;base64,${Buffer.from("GIF89a".padEnd(60, "x")).toString("base64")}`;
    for (const [fields, field, message] of [
      [{ signerName: "Anna Jansen", signature: "", typedName: "" }, "signature", de.admin.agreement.errors.blank],
      [{ signerName: "Anna Jansen", signature: await padPng(true), typedName: "" }, "signature", de.admin.agreement.errors.blank],
      [{ signerName: "Anna Jansen", signature: gif, typedName: "" }, "signature", de.admin.agreement.errors.signature],
      [
        { signerName: "Anna Jansen", signature: `data:image/png;base64,${"A".repeat(200_000)}` },
        "signature",
        de.admin.agreement.errors.tooBig,
      ],
      [{ signerName: " ", signature: await padPng(), typedName: "Anna Jansen" }, "signerName", de.admin.errors.required],
      // 300 kB: over what the whole form may carry, answered in the form like the others.
      [
        { signerName: "Anna Jansen", signature: `data:image/png;base64,${"A".repeat(300_000)}` },
        "signature",
        de.admin.agreement.errors.tooBig,
      ],
    ] as const) {
      const answer = await post(ciaslinStaff, `/de/admin/order/${order.id}/agreement`, { ...fields, back: "en" });
      expect(answer.status, field).toBe(400);
      const html = await answer.text();
      expect(html).toContain(message);
      // What the customer typed stays in the form.
      if (fields.signerName.trim()) expect(html).toMatch(/id="signer-name"[^>]*value="Anna Jansen"/);
      if (fields.typedName) expect(html).toMatch(/id="typed-name"[^>]*value="Anna Jansen"/);
    }
    expect(await agreementCount()).toBe(before);
  });

  it("shows the customer only the agreement, without the back office's menu, and only to staff", async () => {
    const { order } = await handedOutOrder();
    // An admin's menu has every screen; a clerk's the counter's.
    for (const clerk of [admin, ciaslinStaff]) {
      const answer = await shop.request(`/de/admin/order/${order.id}/agreement?back=en`, as(clerk));
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toContain(de.admin.agreement.intro);
      expect(html).toContain('name="signerName"');
      // No way from the customer's hands into the back office's screens, and no order search.
      for (const screen of ["users", "settings", "api-keys", "webhooks", "items", "orders", "calendar", "reports"])
        expect(html, screen).not.toMatch(new RegExp(`href="(/de)?/admin/${screen}"`));
      expect(html).not.toContain('role="search"');
      expect(html).not.toContain("data-admin-menu");
    }
    // The order page around it still has the menu.
    expect(await (await shop.request(`/admin/order/${order.id}`, as(ciaslinStaff))).text()).toContain("data-admin-menu");
    // Still the back office: a visitor without a session is sent to log in, and nothing is signed.
    const anonymous = await shop.request(`/de/admin/order/${order.id}/agreement`);
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous)).toMatch(/\/login\?/);
    const posted = await shop.request(`/de/admin/order/${order.id}/agreement`, {
      method: "POST",
      body: new URLSearchParams({ signerName: "Anna Jansen", typedName: "Anna Jansen" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
    });
    expect(posted.status).toBe(302);
    expect(locationOf(posted)).toMatch(/\/login\?/);
    expect(await agreementRows(order.id)).toEqual([]);
  });

  it("refuses an animated signature before decoding it, writing nothing", async () => {
    const { order } = await handedOutOrder();
    const before = await agreementCount();
    const answer = await post(ciaslinStaff, `/de/admin/order/${order.id}/agreement`, {
      signerName: "Anna Jansen",
      signature: `data:image/png;base64,${(await animatedPng(119)).toString("base64")}`,
      typedName: "",
      back: "en",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(de.admin.agreement.errors.animated);
    expect(html).toMatch(/id="signer-name"[^>]*value="Anna Jansen"/);
    expect(await agreementCount()).toBe(before);
    expect(await agreementRows(order.id)).toEqual([]);
  });

  it("is signed only once the equipment is handed out", async () => {
    const ski = await createRentalItem(db, branches.ciaslin, 1);
    const held = await holdOrder(holdRequest(branches.ciaslin, [rentalLine(ski.id)]));
    if (!held.ok) throw new Error("no order");
    const screen = await pageText(await shop.request(`/admin/order/${held.value.id}/agreement`, as(admin)));
    expect(screen).toContain("The customer signs the contract once the equipment has been handed out.");
    const refused = await post(admin, `/admin/order/${held.value.id}/agreement`, { signerName: "Anna Test", typedName: "Anna Test" });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain("The contract can only be signed while the equipment is handed out.");
    expect(await agreementRows(held.value.id)).toEqual([]);
  });
});
