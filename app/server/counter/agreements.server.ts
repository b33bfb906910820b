/**
 * The signed rental contract (issue 20, decision 044). At hand-out the customer signs on the counter's
 * screen; the contract PDF is drawn with the signature, hashed and stored as the next version of the order's
 * agreement. Rows are never changed (a database trigger refuses it): a correction is signing again. Staff of
 * the order's branch and the customer (by the order's token) download every version.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import sharp from "sharp";
import { canSign, type SignInput } from "../../domain/counter/agreement";
import { defaultLocale, isLocale, type Locale } from "../../domain/i18n";
import { fail, ok, type Result } from "../../domain/result";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { recordAudit } from "../admin/audit.server";
import { type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { type Db, getDb } from "../db/client.server";
import { agreements, deposits, items, orderLines, orderPersons, orders, reservations, shops, units } from "../db/schema";
import { bindingText, type ContractInput, personMeasures, rentalContractPdf } from "../orders/documents.server";
import { orderPageUrl } from "../orders/orders.server";
import { getSettings } from "../settings/settings.server";
import { depositDueOf } from "./deposits.server";

type OrderRow = typeof orders.$inferSelect;

export function orderLocale(order: { language: string }): Locale {
  return isLocale(order.language) ? order.language : defaultLocale;
}

/**
 * The deposit the contract states: the one held on the card or taken at the counter (decision 045), else
 * what the order's rented items ask.
 */
async function agreementDeposit(orderId: string, db: Db = getDb()): Promise<number> {
  // The deposit actually held (or taken at the counter) when there is one, else what the order asks.
  const [held] = await db
    .select({ amountCents: deposits.amountCents })
    .from(deposits)
    .where(and(eq(deposits.orderId, orderId), inArray(deposits.status, ["authorised", "captured"])))
    .orderBy(desc(deposits.id))
    .limit(1);
  return held?.amountCents ?? depositDueOf(orderId, db);
}

/**
 * What the contract of an order prints, read with `db` (the signing transaction): branch, persons, each
 * line with the codes of its units (reserved or handed out) and, for skis, the binding setting; the deposit.
 */
export async function contractInput(order: OrderRow, origin: string, db: Db = getDb()): Promise<Omit<ContractInput, "signature">> {
  const [[shop], persons, lines, reserved, deposit] = await Promise.all([
    db.select().from(shops).where(eq(shops.id, order.shopId)),
    db.select().from(orderPersons).where(eq(orderPersons.orderId, order.id)).orderBy(asc(orderPersons.position)),
    db
      .select({ line: orderLines, sizing: items.sizing })
      .from(orderLines)
      .innerJoin(items, eq(items.id, orderLines.itemId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    db
      .select({ lineId: reservations.orderLineId, code: units.code })
      .from(reservations)
      .innerJoin(units, eq(units.id, reservations.unitId))
      .innerJoin(orderLines, eq(orderLines.id, reservations.orderLineId))
      .where(and(eq(orderLines.orderId, order.id), inArray(reservations.state, ["held", "confirmed"])))
      .orderBy(asc(units.code)),
    agreementDeposit(order.id, db),
  ]);
  const handedOutIds = lines.map((l) => l.line.unitId).filter((id): id is number => id !== null);
  const handedOut = new Map(
    handedOutIds.length > 0
      ? (await db.select({ id: units.id, code: units.code }).from(units).where(inArray(units.id, handedOutIds))).map((u) => [u.id, u.code])
      : [],
  );
  return {
    order,
    shop,
    persons,
    lines: lines.map(({ line, sizing }) => {
      const codes = reserved.filter((r) => r.lineId === line.id).map((r) => r.code);
      const given = line.unitId === null ? undefined : handedOut.get(line.unitId);
      return { ...line, codes: codes.length > 0 ? codes : given ? [given] : [], ski: sizing === "ski" };
    }),
    depositCents: deposit,
    orderUrl: orderPageUrl(origin, order.token, orderLocale(order)),
  };
}

/** Whether a picture has any ink: a blank pad is one colour all over (transparent, or white). */
async function hasInk(png: Uint8Array): Promise<boolean | null> {
  try {
    const { channels } = await sharp(png, { failOn: "truncated" }).stats();
    return channels.some((channel) => channel.min !== channel.max);
  } catch {
    return null;
  }
}

/**
 * The customer signs the contract of a handed-out order: the PDF is drawn with the signature, stored with
 * its SHA-256 as the order's next version and audited, in one transaction that holds the order, so two
 * signings at once get versions one after the other. Not found for another branch's staff.
 */
export async function signAgreement(
  user: BackOfficeUser,
  orderId: string,
  input: SignInput,
  origin: string,
  now: Date = new Date(),
): Promise<Result<{ version: number }>> {
  if (input.kind === "drawn") {
    const ink = await hasInk(input.signature.png);
    if (ink === null) return fail.invalid({ signature: "admin.agreement.errors.signature" });
    if (!ink) return fail.invalid({ signature: "admin.agreement.errors.blank" });
  }
  const { business } = await getSettings();
  return getDb().transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || !worksAt(user, order.shopId)) return fail.notFound();
    if (!canSign(order.status)) return fail.conflict({ form: "admin.agreement.errors.notNow" });
    const [{ last }] = await tx
      .select({ last: max(agreements.version) })
      .from(agreements)
      .where(eq(agreements.orderId, orderId));
    const version = (last ?? 0) + 1;
    const locale = orderLocale(order);
    const signature = { version, signerName: input.signerName, signedAt: now, clerk: user.name || user.email };
    const pdf = await rentalContractPdf(
      {
        ...(await contractInput(order, origin, tx)),
        signature:
          input.kind === "drawn"
            ? { ...signature, kind: "drawn", png: input.signature.png }
            : { ...signature, kind: "typed", typedName: input.typedName },
      },
      locale,
      business,
    );
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    await tx.insert(agreements).values({
      orderId,
      version,
      language: locale,
      signerName: input.signerName,
      signatureKind: input.kind,
      pdf,
      sha256,
      signedAt: now,
      createdBy: user.id,
    });
    await recordAudit(tx, {
      userId: user.id,
      action: "sign",
      entity: "order",
      entityId: orderId,
      after: { agreement: version, signerName: input.signerName, sha256 },
    });
    return ok({ version });
  });
}

/** The versions of an order's contract, newest first, without the PDFs. */
export function listAgreements(orderId: string, db: Db = getDb()) {
  return db
    .select({
      version: agreements.version,
      signerName: agreements.signerName,
      signatureKind: agreements.signatureKind,
      sha256: agreements.sha256,
      signedAt: agreements.signedAt,
    })
    .from(agreements)
    .where(eq(agreements.orderId, orderId))
    .orderBy(desc(agreements.version));
}
export type AgreementVersion = Awaited<ReturnType<typeof listAgreements>>[number];

async function storedAgreement(where: ReturnType<typeof eq>, version: number) {
  const [row] = await getDb()
    .select({ pdf: agreements.pdf, sha256: agreements.sha256, number: orders.number, shopId: orders.shopId })
    .from(agreements)
    .innerJoin(orders, eq(orders.id, agreements.orderId))
    .where(and(where, eq(agreements.version, version)));
  return row ?? null;
}

/** A version's PDF for staff of the order's branch; null when missing or another branch's. */
export async function agreementForStaff(user: BackOfficeUser, orderId: string, version: number) {
  const row = await storedAgreement(eq(orders.id, orderId), version);
  return row && worksAt(user, row.shopId) ? row : null;
}

/** A version's PDF for whoever holds the order's unguessable link. */
export function agreementForCustomer(token: string, version: number) {
  return storedAgreement(eq(orders.token, token), version);
}

/**
 * The signing screen: the order as the contract states it, in the order's language (the customer reads it
 * on the counter's screen), and the versions signed so far. Null when missing or another branch's.
 */
export async function signingScreen(user: BackOfficeUser, orderId: string, origin: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
  if (!order || !worksAt(user, order.shopId)) return null;
  const locale = orderLocale(order);
  const t = getT(locale, messages[locale]);
  const [contract, versions] = await Promise.all([contractInput(order, origin), listAgreements(orderId)]);
  const personName = (p: { firstName: string; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(" ");
  return {
    locale,
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      invoiceName: order.invoiceName,
      pickupAt: order.pickupAt,
      returnAt: order.returnAt,
      totalCents: order.totalCents,
    },
    shop: contract.shop.name,
    depositCents: contract.depositCents,
    persons: [
      ...contract.persons.map((p) => ({
        key: String(p.id),
        name: personName(p),
        measures: personMeasures(p, locale),
        lines: contract.lines.filter((l) => l.personId === p.id),
      })),
      { key: "other", name: null, measures: "", lines: contract.lines.filter((l) => !contract.persons.some((p) => p.id === l.personId)) },
    ]
      .filter((group) => group.lines.length > 0)
      .map((group) => ({
        ...group,
        lines: group.lines.map((l) => ({
          id: l.id,
          name: l.name,
          size: l.size,
          quantity: l.quantity,
          codes: l.codes,
          binding: l.ski ? bindingText(l.binding, locale) : null,
        })),
      })),
    terms: [1, 2, 3, 4, 5].map((n) => t(`documents.contract.term${n}`)),
    versions,
    canSign: canSign(order.status),
  };
}
