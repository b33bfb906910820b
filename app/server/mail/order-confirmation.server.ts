/**
 * The order confirmation e-mail in the customer's language: a plain-text part that reads well on its own
 * and a simple, inline-styled HTML part (mail clients drop style sheets).
 */
import { formatDateTime, formatMoney, formatPercent } from "../../domain/format";
import { type Locale, languageTag } from "../../domain/i18n";
import { hotelNote } from "../../domain/partner-hotel";
import { peakNotes } from "../../domain/peaks";
import { takenWaiver } from "../../domain/pricing";
import { getT, type TFunction } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import type { orderLines, orderPersons, orders, shops } from "../db/schema";

/** What the e-mail shows: the shape getOrderByToken returns, plus what the order does not know itself. */
export type OrderConfirmationInput = {
  order: Pick<
    typeof orders.$inferSelect,
    | "number"
    | "invoiceName"
    | "pickupAt"
    | "returnAt"
    | "subtotalCents"
    | "discountCents"
    | "totalCents"
    | "vatCents"
    | "vatBreakdown"
    | "discounts"
    | "damageWaiverCents"
    | "damageWaiverDayCents"
  >;
  shop: Pick<typeof shops.$inferSelect, "name" | "street" | "postalCode" | "town" | "country" | "phone">;
  persons: Pick<typeof orderPersons.$inferSelect, "id" | "firstName" | "lastName">[];
  lines: Pick<
    typeof orderLines.$inferSelect,
    "personId" | "name" | "size" | "quantity" | "subtotalCents" | "packageName" | "surchargeCents" | "peaks"
  >[];
  /** The deposit the order asks (reserved on the card, not charged; decision 045); 0 for none. */
  depositCents?: number;
  /** The partner hotel the customer chose, shown whether or not its discount applied. */
  hotel?: { name: string } | null;
  /** Absolute link to the order page (QR code, calendar file, PDF); see orders.server orderPageUrl. */
  orderUrl: string;
  /** Settings: free cancellation until this many hours before pickup. */
  cancellationFreeHours: number;
  /** Set when the e-mail tells of a change of the order (decision 028): new total minus old. */
  change?: { differenceCents: number; refundedAtCounter?: boolean } | null;
};

export type RenderedEmail = { subject: string; text: string; html: string };

// ---------------------------------------------------------------------------------------------
// HTML that escapes every value put into it

class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Fragment = Markup | string | number | null | undefined | false | Fragment[];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fragment(value: Fragment): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join("");
  return escapeHtml(String(value));
}

/** Tagged template: the literal parts are markup, every `${value}` is escaped unless it is itself `html`. */
function html(strings: TemplateStringsArray, ...values: Fragment[]): Markup {
  return new Markup(strings.reduce((out, part, i) => out + part + (i < values.length ? fragment(values[i]) : ""), ""));
}

// ---------------------------------------------------------------------------------------------
// Content shared by both parts

/** `notes`: what the line's amount includes (a peak surcharge), under its label. */
type Row = { label: string; amount: string; strong?: boolean; notes?: string[] };
type Group = { title: string; rows: Row[] };

function content(input: OrderConfirmationInput, locale: Locale, t: TFunction) {
  const { order, shop } = input;
  const money = (cents: number) => formatMoney(cents, locale);
  const when = (date: Date) => formatDateTime(date, locale, "full");
  const percent = (bp: number) => formatPercent(bp / 100, locale);
  const country = new Intl.DisplayNames([languageTag[locale]], { type: "region" }).of(shop.country) ?? shop.country;

  const lineRow = (line: OrderConfirmationInput["lines"][number]): Row => ({
    label: `${line.quantity > 1 ? `${line.quantity} × ` : ""}${line.name}${line.size ? ` (${t("mail.confirmation.size", { size: line.size })})` : ""}${line.packageName ? ` – ${t("booking.package.inBag", { name: line.packageName })}` : ""}`,
    // Before discounts: the lines, the discounts and the total below add up.
    amount: money(line.subtotalCents),
    notes: peakNotes(line.peaks, line.surchargeCents, locale).map((note) => t(note.key, note.values)),
  });
  const groups: Group[] = [
    ...input.persons.map((p) => ({
      title: [p.firstName, p.lastName].filter(Boolean).join(" "),
      rows: input.lines.filter((l) => l.personId === p.id).map(lineRow),
    })),
    { title: t("mail.confirmation.other"), rows: input.lines.filter((l) => l.personId === null).map(lineRow) },
  ].filter((g) => g.rows.length > 0);

  const discountLabel = (d: OrderConfirmationInput["order"]["discounts"][number]) => {
    if (d.kind === "hotel") return t("mail.confirmation.discount.hotel", { name: d.label });
    if (d.kind === "coupon") return t("mail.confirmation.discount.coupon", { code: d.label });
    if (d.kind === "offer") return t("mail.confirmation.discount.offer");
    return t("mail.confirmation.discount.other");
  };
  const waiver = takenWaiver(order);
  const totals: Row[] = [
    ...(order.discounts.length > 0 ? [{ label: t("mail.confirmation.subtotal"), amount: money(order.subtotalCents) }] : []),
    ...order.discounts.map((d) => ({ label: discountLabel(d), amount: `−${money(d.amountCents)}` })),
    ...(waiver ? [{ label: t("mail.confirmation.damageWaiver", { day: money(waiver.dayCents) }), amount: money(waiver.amountCents) }] : []),
    { label: t("mail.confirmation.total"), amount: money(order.totalCents), strong: true },
    ...(order.vatBreakdown.length > 0
      ? order.vatBreakdown.map((v) => ({ label: t("mail.confirmation.vat", { rate: percent(v.rateBp) }), amount: money(v.vatCents) }))
      : [{ label: t("mail.confirmation.vatIncluded"), amount: money(order.vatCents) }]),
  ];

  const hotelLine = hotelNote(input.hotel, order.discounts);
  const hotel = hotelLine ? { label: t("order.hotel.label"), value: t(hotelLine.key, hotelLine.values) } : null;

  const hours = input.cancellationFreeHours;
  const deadline = when(new Date(order.pickupAt.getTime() - hours * 3_600_000));
  const cancellation =
    hours > 0
      ? t("mail.confirmation.cancellation", { count: hours, deadline })
      : t("mail.confirmation.cancellationUntilPickup", { deadline });

  const change = input.change;
  const difference = change
    ? change.differenceCents > 0
      ? t("mail.change.charged", { amount: money(change.differenceCents) })
      : change.differenceCents < 0
        ? change.refundedAtCounter
          ? t("mail.change.refundedCounter", { amount: money(-change.differenceCents) })
          : `${t("mail.change.refunded", { amount: money(-change.differenceCents) })} ${t("mail.refund.arrival")}`
        : t("mail.change.samePrice")
    : "";
  return {
    subject: change ? t("mail.change.subject", { number: order.number }) : t("mail.confirmation.subject", { number: order.number }),
    greeting: t("mail.confirmation.greeting", { name: order.invoiceName }),
    intro: change ? `${t("mail.change.intro")} ${difference}` : t("mail.confirmation.intro"),
    numberLabel: t("mail.confirmation.orderNumber"),
    branchLabel: t("mail.confirmation.branch"),
    address: `${shop.street}, ${shop.postalCode} ${shop.town}, ${country}`,
    phone: `${t("mail.confirmation.phone")}: ${shop.phone}`,
    pickup: { label: t("mail.confirmation.pickup"), value: when(order.pickupAt) },
    return: { label: t("mail.confirmation.return"), value: when(order.returnAt) },
    hotel,
    localTime: t("mail.confirmation.localTime"),
    itemsTitle: t("mail.confirmation.items"),
    groups,
    totals,
    orderPage: t("mail.confirmation.orderPage"),
    orderLink: t("mail.confirmation.orderLink"),
    cancellation,
    deposit: input.depositCents
      ? { title: t("order.deposit.title"), text: t("order.deposit.due", { amount: money(input.depositCents) }) }
      : null,
    questions: t("mail.confirmation.questions", { phone: shop.phone }),
    closing: t("mail.confirmation.closing"),
    brand: t("brand.name"),
    signature: t("mail.confirmation.signature", { brand: t("brand.name") }),
  };
}

type Content = ReturnType<typeof content>;

function textPart(c: Content, input: OrderConfirmationInput): string {
  const { order, shop } = input;
  const lines = [
    c.greeting,
    "",
    c.intro,
    "",
    `${c.numberLabel}: ${order.number}`,
    "",
    `${c.branchLabel}: ${shop.name}`,
    c.address,
    c.phone,
    "",
    `${c.pickup.label}: ${c.pickup.value}`,
    `${c.return.label}: ${c.return.value}`,
    c.localTime,
    ...(c.hotel ? ["", `${c.hotel.label}: ${c.hotel.value}`] : []),
    "",
    c.itemsTitle.toUpperCase(),
  ];
  for (const group of c.groups) {
    lines.push("", group.title, ...group.rows.flatMap((r) => [`  - ${r.label}: ${r.amount}`, ...(r.notes ?? []).map((n) => `    ${n}`)]));
  }
  lines.push("", ...c.totals.map((r) => `${r.label}: ${r.amount}`));
  if (c.deposit) lines.push("", `${c.deposit.title}: ${c.deposit.text}`);
  lines.push("", c.orderPage, input.orderUrl, "", c.cancellation, "", c.questions, "", c.closing, c.signature, "");
  return lines.join("\n");
}

const styles = {
  cell: "padding:6px 0;vertical-align:top;",
  label: "padding:6px 12px 6px 0;vertical-align:top;color:#475569;white-space:nowrap;",
  amount: "padding:6px 0 6px 12px;vertical-align:top;text-align:right;white-space:nowrap;",
  heading: "margin:24px 0 4px;font-size:16px;color:#0b2f55;",
  small: "margin:4px 0 0;font-size:13px;color:#475569;",
};

function rowsTable(rows: Row[], border: boolean): Markup {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;${border ? "border-top:1px solid #cbd5e1;" : ""}">
${rows.map(
  (r) =>
    html`<tr style="${r.strong ? "font-weight:bold;font-size:17px;" : ""}"><td style="${styles.cell}">${r.label}${(r.notes ?? []).map((n) => html`<br><span style="font-size:13px;color:#475569;">${n}</span>`)}</td><td style="${styles.amount}">${r.amount}</td></tr>
`,
)}</table>`;
}

function htmlPart(c: Content, input: OrderConfirmationInput, locale: Locale): string {
  const { order, shop } = input;
  return html`<!DOCTYPE html>
<html lang="${languageTag[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${c.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;">
<tr><td style="padding:28px 28px 8px;">
<p style="margin:0 0 20px;font-size:20px;font-weight:bold;color:#0b2f55;">${c.brand}</p>
<p style="margin:0 0 12px;">${c.greeting}</p>
<p style="margin:0 0 16px;">${c.intro}</p>
<p style="margin:0 0 16px;">${c.numberLabel}: <strong>${order.number}</strong></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#eff7ff;border-radius:6px;">
<tr><td style="padding:12px 16px;">
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
<tr><td style="${styles.label}">${c.branchLabel}</td><td style="${styles.cell}"><strong>${shop.name}</strong><br>${c.address}<br>${c.phone}</td></tr>
<tr><td style="${styles.label}">${c.pickup.label}</td><td style="${styles.cell}"><strong>${c.pickup.value}</strong></td></tr>
<tr><td style="${styles.label}">${c.return.label}</td><td style="${styles.cell}"><strong>${c.return.value}</strong></td></tr>
${c.hotel ? html`<tr><td style="${styles.label}">${c.hotel.label}</td><td style="${styles.cell}">${c.hotel.value}</td></tr>` : ""}
</table>
<p style="${styles.small}">${c.localTime}</p>
</td></tr>
</table>
<h2 style="margin:28px 0 0;font-size:18px;color:#0b2f55;">${c.itemsTitle}</h2>
${c.groups.map(
  (g) => html`<h3 style="${styles.heading}">${g.title}</h3>
${rowsTable(g.rows, false)}
`,
)}
<div style="margin-top:20px;">${rowsTable(c.totals, true)}</div>
${c.deposit ? html`<p style="margin:20px 0 0;padding:12px 16px;background:#f8fafc;border-radius:6px;"><strong>${c.deposit.title}:</strong> ${c.deposit.text}</p>` : ""}
<p style="margin:28px 0 12px;">${c.orderPage}</p>
<p style="margin:0 0 8px;"><a href="${input.orderUrl}" style="display:inline-block;padding:12px 20px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${c.orderLink}</a></p>
<p style="${styles.small}word-break:break-all;"><a href="${input.orderUrl}" style="color:#0b5cad;">${input.orderUrl}</a></p>
<p style="margin:24px 0 12px;">${c.cancellation}</p>
<p style="margin:0 0 12px;">${c.questions}</p>
<p style="margin:24px 0 28px;">${c.closing}<br>${c.signature}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}

/** Subject, text and HTML of the confirmation of an order (or of a change of it), in `locale`. */
export function orderConfirmationEmail(input: OrderConfirmationInput, locale: Locale): RenderedEmail {
  const c = content(input, locale, getT(locale, messages[locale]));
  return { subject: c.subject, text: textPart(c, input), html: htmlPart(c, input, locale) };
}
