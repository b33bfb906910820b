/**
 * The documents of an order confirmation, offered on the thank-you page: a PDF to print or show at the
 * counter, a calendar file with the pickup and the return, and a QR code that leads back to the order.
 */
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, PDFString, type RGB, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { type LineBinding, SKIER_TYPE } from "../../domain/counter/binding";
import type { DamageFeeLine } from "../../domain/counter/damage";
import { formatDate, formatDateTime, formatMoney, formatPercent, formatTag } from "../../domain/format";
import { type Locale, languageTag } from "../../domain/i18n";
import { orderCalendar } from "../../domain/ics";
import { hotelNote } from "../../domain/partner-hotel";
import { peakNotes } from "../../domain/peaks";
import { takenWaiver } from "../../domain/pricing";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import type { orderLines, orderPersons, orders, shops } from "../db/schema";
import { getSettings } from "../settings/settings.server";

type OrderRow = typeof orders.$inferSelect;
type ShopRow = typeof shops.$inferSelect;
type PersonRow = typeof orderPersons.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/**
 * What the documents show: the parts of `getOrderByToken`'s result they use, plus the absolute URL of the
 * order page. The whole result of `getOrderByToken` fits, spread with `orderUrl`.
 */
export type OrderDocumentInput = {
  order: Pick<
    OrderRow,
    | "number"
    | "status"
    | "createdAt"
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
  shop: Pick<ShopRow, "name" | "street" | "postalCode" | "town" | "country" | "phone" | "email">;
  persons: Pick<PersonRow, "id" | "firstName" | "lastName">[];
  lines: Pick<LineRow, "id" | "personId" | "name" | "size" | "quantity" | "subtotalCents" | "packageName" | "surchargeCents" | "peaks">[];
  /** The partner hotel the customer chose, shown whether or not its discount applied. */
  hotel?: { name: string } | null;
  /** The deposit the order asks (reserved on the card, not charged; decision 045); 0 or absent for none. */
  depositCents?: number;
  /** Damage fees charged at return (decision 046), listed after the total: they are not part of it. */
  damageFees?: { lines: DamageFeeLine[]; totalCents: number };
  orderUrl: string;
};

/** The order URL as an SVG QR code, drawn locally. */
export function orderQrSvg(url: string): Promise<string> {
  // Quiet zone of 4 modules, as the QR standard asks, painted white so the code scans on any background.
  return QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#000000", light: "#ffffff" } });
}

/** The QR code as a data: URL for an <img> (the CSP allows data: images; no markup is injected into the page). */
export async function orderQrDataUrl(url: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await orderQrSvg(url)).toString("base64")}`;
}

/**
 * The QR code as a PNG for an e-mail, `width` pixels square: mail clients show neither SVG nor data: URLs
 * reliably, a PNG attached inline they all do (decision 047).
 */
export function orderQrPng(url: string, width: number): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 4, width, color: { dark: "#000000", light: "#ffffff" } });
}

/** The order's pickup and return as an iCalendar file in the language of the page. */
export function orderCalendarIcs(input: OrderDocumentInput, locale: Locale, now: Date = new Date()): string {
  const t = getT(locale, messages[locale]);
  const { order, shop } = input;
  return orderCalendar({
    orderNumber: order.number,
    orderUrl: input.orderUrl,
    pickupAt: order.pickupAt,
    returnAt: order.returnAt,
    location: `${shop.name}, ${shop.street}, ${shop.postalCode} ${shop.town}`,
    text: {
      pickup: t("documents.calendar.pickup", { shop: shop.name }),
      return: t("documents.calendar.return", { shop: shop.name }),
      orderNumber: t("documents.orderNumber"),
    },
    stamp: now,
  });
}

// ---------------------------------------------------------------------------------------------
// Text for the standard fonts

/**
 * Letters that have no decomposition to a WinAnsi letter but an obvious plain one; names from all over
 * Europe reach the order (Łukasz, Đorđe).
 */
const SUBSTITUTES: Record<string, string> = {
  "\u2212": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2015": "\u2014",
  "\u2032": "'",
  "\u2033": '"',
  "\u2044": "/",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
};

/**
 * Makes any text drawable with a standard font, whose WinAnsi encoding throws on anything else: spaces
 * (Intl puts U+202F into times) become plain spaces, accented letters lose what the font lacks, the rest
 * becomes "?" rather than a failed download.
 */
export function winAnsi(charset: ReadonlySet<number>): (text: string) => string {
  const fits = (text: string) => [...text].every((c) => charset.has(c.codePointAt(0) ?? 0));
  return (text) => {
    let out = "";
    for (const char of text) {
      if (charset.has(char.codePointAt(0) ?? 0)) out += char;
      else if (/\s/u.test(char)) out += " ";
      else if (/[\p{Cc}\p{Cf}]/u.test(char)) continue;
      else if (SUBSTITUTES[char]) out += SUBSTITUTES[char];
      else {
        const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
        out += plain !== "" && fits(plain) ? plain : "?";
      }
    }
    return out;
  };
}

// ---------------------------------------------------------------------------------------------
// Layout

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
/** Space kept free at the bottom of every page for the footer. */
const FOOTER = 36;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
const QR_SIZE = 92;

const INK = rgb(0.09, 0.11, 0.15);
const MUTED = rgb(0.38, 0.42, 0.48);
const BRAND = rgb(0.043, 0.184, 0.333);
const RULE = rgb(0.8, 0.83, 0.87);

type Cell = {
  /** One paragraph, or several, each wrapped to the width. */
  text: string | string[];
  x: number;
  width: number;
  align?: "left" | "right";
  bold?: boolean;
  size?: number;
  color?: RGB;
};

/** Draws rows of wrapped text from the top down and starts a new page when the next row does not fit. */
class Sheet {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  /** Drawn at the top of each new page while set, e.g. the header of a table that runs on. */
  onNewPage: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly clean: (text: string) => string,
  ) {
    this.addPage();
  }

  addPage() {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Room for `height` below the cursor, else a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN + FOOTER) return;
    this.addPage();
    this.onNewPage?.();
  }

  width(text: string, bold = false, size = 10) {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size);
  }

  /** Lines of at most `width` points; a word longer than that (a URL) is broken between characters. */
  wrap(text: string, width: number, bold = false, size = 10): string[] {
    const lines: string[] = [];
    let current = "";
    for (const word of this.clean(text).split(" ")) {
      const candidate = current === "" ? word : `${current} ${word}`;
      if (this.width(candidate, bold, size) <= width) {
        current = candidate;
        continue;
      }
      if (current !== "") lines.push(current);
      current = word;
      while (this.width(current, bold, size) > width) {
        let fit = 1;
        while (fit < current.length && this.width(current.slice(0, fit + 1), bold, size) <= width) fit++;
        lines.push(current.slice(0, fit));
        current = current.slice(fit);
      }
    }
    lines.push(current);
    return lines;
  }

  /** Draws one line of text with its top at `top`. */
  draw(text: string, x: number, top: number, options: Omit<Cell, "text" | "x" | "width"> & { width?: number }) {
    const size = options.size ?? 10;
    const clean = this.clean(text);
    const left = options.align === "right" && options.width !== undefined ? x + options.width - this.width(clean, options.bold, size) : x;
    this.page.drawText(clean, {
      x: left,
      y: top - size,
      size,
      font: options.bold ? this.bold : this.regular,
      color: options.color ?? INK,
    });
  }

  /** A row of cells side by side, as high as its tallest cell, then `gap` points of space. */
  row(cells: Cell[], gap = 3) {
    const laid = cells.map((cell) => {
      const size = cell.size ?? 10;
      const paragraphs = typeof cell.text === "string" ? [cell.text] : cell.text;
      const lines = paragraphs.flatMap((p) => this.wrap(p, cell.width, cell.bold, size));
      return { cell, size, lines, leading: size * 1.3 };
    });
    const height = Math.max(...laid.map((l) => l.lines.length * l.leading));
    this.need(height);
    for (const { cell, size, lines, leading } of laid) {
      lines.forEach((line, n) => {
        this.draw(line, cell.x, this.y - n * leading, { ...cell, size });
      });
    }
    this.y -= height + gap;
  }

  rule(x = MARGIN, width = CONTENT_WIDTH) {
    this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= 5;
  }

  space(points: number) {
    this.y -= points;
  }

  /** Makes a rectangle of the current page open the URL when clicked. */
  link(url: string, x: number, y: number, width: number, height: number) {
    const context = this.doc.context;
    // Literal PDF strings end at an unbalanced parenthesis; the URL parser leaves them unencoded.
    const safe = new URL(url).href.replace(/[()\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const annotation = context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [x, y, x + width, y + height],
      Border: [0, 0, 0],
      A: { Type: "Action", S: "URI", URI: PDFString.of(safe) },
    });
    this.page.node.addAnnot(context.register(annotation));
  }
}

/**
 * The QR code as vector rectangles, one per run of dark modules in a row, all in one path: a single fill
 * leaves no hairline seams between neighbouring modules in PDF viewers.
 */
export function drawQr(page: PDFPage, url: string, x: number, top: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const runs: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      runs.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  // In module units with y pointing down, as in SVG; pdf-lib places and flips it.
  page.drawSvgPath(runs.join(""), { x, y: top, scale: size / modules.size, color: rgb(0, 0, 0) });
}

function countryName(code: string, tag: string): string {
  try {
    return new Intl.DisplayNames(tag, { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export type Business = Awaited<ReturnType<typeof getSettings>>["business"];
type Translate = ReturnType<typeof getT>;

/** A line's name, with the package it is a component of (decision 030). */
function withPackage(line: { name: string; packageName: string | null }, t: Translate): string {
  return line.packageName ? `${line.name} – ${t("booking.package.inBag", { name: line.packageName })}` : line.name;
}

/** A new A4 document with the business on the left of the first page and the QR code of the order on the right. */
async function startDocument(title: string, business: Business, tag: string, t: Translate, orderUrl: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(business.name);
  doc.setCreator(business.name);
  doc.setLanguage(tag);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const sheet = new Sheet(doc, regular, bold, winAnsi(new Set(regular.getCharacterSet())));
  const top = sheet.y;
  const headerWidth = CONTENT_WIDTH - QR_SIZE - 20;
  sheet.row([{ text: business.name, x: MARGIN, width: headerWidth, bold: true, size: 16, color: BRAND }], 4);
  sheet.row(
    [
      {
        text: [
          business.legalName,
          business.street,
          `${business.postalCode} ${business.town}`,
          countryName(business.country, tag),
          `${t("documents.phone")} ${business.phone} · ${business.email}`,
          `${t("documents.vatId")} ${business.vatId}`,
        ],
        x: MARGIN,
        width: headerWidth,
        size: 9,
        color: MUTED,
      },
    ],
    0,
  );
  drawQr(sheet.page, orderUrl, RIGHT - QR_SIZE, top, QR_SIZE);
  sheet.link(orderUrl, RIGHT - QR_SIZE, top - QR_SIZE, QR_SIZE, QR_SIZE);
  const qrCaption = sheet.wrap(t("documents.scan"), QR_SIZE, false, 7);
  qrCaption.forEach((line, n) => {
    sheet.draw(line, RIGHT - QR_SIZE, top - QR_SIZE - 12 - n * 9, { size: 7, color: MUTED });
  });
  sheet.y = Math.min(sheet.y, top - QR_SIZE - 12 - qrCaption.length * 9) - 16;
  return { doc, sheet };
}

/** The business and the page number at the foot of every page, once the number of pages is known. */
function drawFooters(sheet: Sheet, business: Business, t: Translate) {
  const pages = sheet.pages.length;
  sheet.pages.forEach((page, index) => {
    sheet.page = page;
    const y = MARGIN - 14;
    sheet.draw(`${business.legalName} · ${t("documents.vatId")} ${business.vatId}`, MARGIN, y, { size: 8, color: MUTED });
    sheet.draw(t("documents.page", { page: index + 1, pages }), RIGHT - 120, y, { size: 8, color: MUTED, align: "right", width: 120 });
  });
}

/**
 * The order confirmation as a PDF in the page's language: business, order, branch, period, the persons with
 * their equipment, discounts, VAT and total, the order's URL and its QR code. Breaks onto new pages as needed.
 */
export async function orderConfirmationPdf(input: OrderDocumentInput, locale: Locale): Promise<Uint8Array> {
  const { order, shop, persons, lines } = input;
  const { business } = await getSettings();
  const t = getT(locale, messages[locale]);
  const tag = languageTag[locale];
  const money = (cents: number) => formatMoney(cents, locale);
  const percent = (bp: number) => formatPercent(bp / 100, locale);

  const title = t("documents.title");
  const { doc, sheet } = await startDocument(`${title} ${order.number}`, business, tag, t, input.orderUrl);
  sheet.row([{ text: title, x: MARGIN, width: CONTENT_WIDTH, bold: true, size: 18, color: BRAND }], 10);

  // The order at a glance: label and value pairs.
  const labelWidth = 110;
  const field = (label: string, value: string | string[], strong = false) =>
    sheet.row([
      { text: label, x: MARGIN, width: labelWidth - 8, color: MUTED },
      { text: value, x: MARGIN + labelWidth, width: CONTENT_WIDTH - labelWidth, bold: strong },
    ]);
  field(t("documents.orderNumber"), order.number, true);
  field(t("documents.status"), t(`order.status.${order.status}`));
  field(t("documents.orderDate"), formatDate(order.createdAt, locale, { dateStyle: "long" }));
  sheet.space(6);
  field(t("documents.branch"), [
    shop.name,
    `${shop.street}, ${shop.postalCode} ${shop.town}, ${countryName(shop.country, tag)}`,
    `${t("documents.phone")} ${shop.phone} · ${t("documents.email")} ${shop.email}`,
  ]);
  sheet.space(6);
  field(t("documents.pickup"), formatDateTime(order.pickupAt, locale, "full"), true);
  field(t("documents.return"), formatDateTime(order.returnAt, locale, "full"), true);
  const hotel = hotelNote(input.hotel, order.discounts);
  if (hotel) {
    sheet.space(6);
    field(t("order.hotel.label"), t(hotel.key, hotel.values));
  }
  sheet.space(14);

  // Equipment, per person, then what belongs to nobody in particular.
  const columns = {
    item: { x: MARGIN, width: 250 },
    size: { x: MARGIN + 258, width: 80 },
    quantity: { x: MARGIN + 340, width: 40 },
    price: { x: RIGHT - 110, width: 110 },
  };
  const tableHeader = () => {
    sheet.row(
      [
        { text: t("documents.item"), ...columns.item, bold: true, size: 9, color: MUTED },
        { text: t("documents.size"), ...columns.size, bold: true, size: 9, color: MUTED },
        { text: t("documents.quantity"), ...columns.quantity, align: "right", bold: true, size: 9, color: MUTED },
        { text: t("documents.price"), ...columns.price, align: "right", bold: true, size: 9, color: MUTED },
      ],
      2,
    );
    sheet.rule();
  };
  const count = new Intl.NumberFormat(formatTag[locale]);
  const personIds = new Set(persons.map((p) => p.id));
  const groups = [
    ...persons.map((p) => ({
      title: [p.firstName, p.lastName].filter(Boolean).join(" "),
      lines: lines.filter((l) => l.personId === p.id),
    })),
    { title: t("documents.other"), lines: lines.filter((l) => l.personId === null || !personIds.has(l.personId)) },
  ].filter((g) => g.lines.length > 0);

  sheet.need(60);
  tableHeader();
  sheet.onNewPage = tableHeader;
  for (const group of groups) {
    // Keep a person's name on the page of their first line.
    sheet.need(34);
    sheet.space(3);
    sheet.row([{ text: group.title, x: MARGIN, width: CONTENT_WIDTH, bold: true, size: 11 }]);
    for (const line of group.lines) {
      sheet.row([
        { text: withPackage(line, t), x: columns.item.x + 10, width: columns.item.width - 10 },
        { text: line.size ?? "", ...columns.size },
        { text: count.format(line.quantity), ...columns.quantity, align: "right" },
        // Before discounts, so that the lines, the discounts below and the total add up.
        { text: money(line.subtotalCents), ...columns.price, align: "right" },
      ]);
      for (const note of peakNotes(line.peaks, line.surchargeCents, locale))
        sheet.row(
          [
            {
              text: t(note.key, note.values),
              x: columns.item.x + 10,
              width: columns.quantity.x + columns.quantity.width - columns.item.x - 10,
              size: 8,
              color: MUTED,
            },
          ],
          2,
        );
    }
  }
  sheet.onNewPage = null;
  sheet.space(4);
  sheet.rule();

  // Totals: labels beside the amounts, right-aligned under the prices.
  const label = { x: MARGIN + 200, width: RIGHT - 110 - (MARGIN + 200) - 8 };
  const amount = (text: string, cents: number, options: { bold?: boolean; size?: number; color?: RGB } = {}) =>
    sheet.row([
      { text, ...label, align: "right", ...options },
      { text: money(cents), ...columns.price, align: "right", ...options },
    ]);
  if (order.discountCents > 0 || order.discounts.length > 0) amount(t("documents.subtotal"), order.subtotalCents);
  for (const discount of order.discounts) {
    const text =
      discount.kind === "offer"
        ? t("documents.discount.offer")
        : discount.kind === "hotel"
          ? t("documents.discount.hotel", { name: discount.label })
          : discount.kind === "coupon"
            ? t("documents.discount.coupon", { code: discount.label })
            : [t("documents.discount.other"), discount.label].filter(Boolean).join(" ");
    amount(text, -discount.amountCents);
  }
  const waiver = takenWaiver(order);
  if (waiver) amount(t("documents.damageWaiver", { day: money(waiver.dayCents) }), waiver.amountCents);
  sheet.need(22);
  sheet.space(2);
  amount(t("documents.total"), order.totalCents, { bold: true, size: 12 });
  for (const vat of order.vatBreakdown)
    amount(t("documents.vatRate", { rate: percent(vat.rateBp) }), vat.vatCents, { size: 9, color: MUTED });
  amount(t("documents.vatTotal"), order.vatCents, { size: 9, color: MUTED });
  if (input.depositCents) {
    sheet.space(8);
    field(t("order.deposit.title"), t("order.deposit.due", { amount: money(input.depositCents) }), true);
  }
  if (input.damageFees && input.damageFees.lines.length > 0) drawDamageFees(sheet, input.damageFees, t, money);
  sheet.space(16);

  // The way back to the order online, clickable.
  const urlLines = sheet.wrap(input.orderUrl, CONTENT_WIDTH);
  // Label and URL on one page, so the link's rectangle lies where the URL is drawn.
  sheet.need(14 + urlLines.length * 13 + 4);
  sheet.row([{ text: t("documents.online"), x: MARGIN, width: CONTENT_WIDTH, bold: true }], 1);
  const urlTop = sheet.y;
  sheet.row([{ text: input.orderUrl, x: MARGIN, width: CONTENT_WIDTH, color: BRAND }], 0);
  const urlWidth = Math.max(...urlLines.map((l) => sheet.width(l)));
  sheet.link(input.orderUrl, MARGIN, sheet.y, urlWidth, urlTop - sheet.y);

  drawFooters(sheet, business, t);

  return doc.save();
}

/**
 * The release value a ski line's binding was set to, as the contract prints it beside the unit's code (and
 * the signing screen shows it): with the skier code and sole length when known, else "set at the counter".
 */
export function bindingText(binding: LineBinding | null, locale: Locale): string {
  const t = getT(locale, messages[locale]);
  if (!binding) return t("documents.agreement.bindingAtCounter");
  const value = new Intl.NumberFormat(formatTag[locale], { maximumFractionDigits: 2 }).format(binding.value);
  const newtonMetres = new Intl.NumberFormat(formatTag[locale], { maximumFractionDigits: 0 });
  return [
    t(binding.setBy === "clerk" ? "documents.agreement.bindingByClerk" : "documents.agreement.binding", { value }),
    binding.code ? t("documents.agreement.skierCode", { code: binding.code }) : null,
    binding.soleLengthMm ? t("documents.agreement.sole", { mm: binding.soleLengthMm }) : null,
    binding.twistNm !== null && binding.forwardLeanNm !== null
      ? t("documents.agreement.torques", { toe: newtonMetres.format(binding.twistNm), heel: newtonMetres.format(binding.forwardLeanNm) })
      : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * What a person's binding was set for, as the contract prints it under their name (and the signing screen
 * shows it): age, height, weight and skill with its ISO 11088 skier type. The boot's sole length and the
 * torques are the ski line's (`bindingText`); the shoe size is no input of the setting, so it is not here.
 */
export function personMeasures(p: ContractInput["persons"][number], locale: Locale): string {
  const t = getT(locale, messages[locale]);
  return [
    p.age !== null ? t("documents.contract.age", { years: p.age }) : null,
    p.heightCm ? t("documents.contract.height", { cm: p.heightCm }) : null,
    p.weightKg ? t("documents.contract.weight", { kg: p.weightKg }) : null,
    p.skill ? `${t(`booking.skill.${p.skill}`)} (${t("documents.contract.skierType", { type: SKIER_TYPE[p.skill] })})` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The damage fees after the total, a line per damaged piece and their sum: owed on top of the rental, without VAT. */
function drawDamageFees(sheet: Sheet, fees: NonNullable<OrderDocumentInput["damageFees"]>, t: Translate, money: (cents: number) => string) {
  const price = { x: RIGHT - 110, width: 110 };
  const text = { x: MARGIN, width: RIGHT - 110 - MARGIN - 8 };
  sheet.need(40);
  sheet.space(14);
  sheet.row([{ text: t("order.damage.title"), x: MARGIN, width: CONTENT_WIDTH, bold: true, size: 11 }], 4);
  for (const line of fees.lines) {
    const what = `${line.itemName}${line.size ? ` (${line.size})` : ""} ${line.unitCode}`;
    const how = `${t(`order.damage.category.${line.category}`)} · ${t(`order.damage.paidBy.${line.paidBy}`)}`;
    sheet.row([
      { text: [what, how], ...text },
      { text: money(line.feeCents), ...price, align: "right" },
    ]);
  }
  sheet.rule();
  sheet.row([
    { text: t("order.damage.total"), ...text, align: "right", bold: true },
    { text: money(fees.totalCents), ...price, align: "right", bold: true },
  ]);
  sheet.row([{ text: t("order.damage.note"), x: MARGIN, width: CONTENT_WIDTH, size: 9, color: MUTED }]);
}

/** What the rental contract shows beyond the confirmation: the renter, the persons' measures and the units handed out. */
export type ContractInput = {
  order: Pick<
    OrderRow,
    | "number"
    | "createdAt"
    | "pickupAt"
    | "returnAt"
    | "totalCents"
    | "damageWaiverCents"
    | "damageWaiverDayCents"
    | "invoiceName"
    | "invoiceCompany"
    | "invoiceStreet"
    | "invoicePostalCode"
    | "invoiceCity"
    | "invoiceCountry"
    | "phone"
    | "email"
  >;
  shop: Pick<ShopRow, "name" | "street" | "postalCode" | "town" | "country" | "phone" | "email">;
  persons: Pick<PersonRow, "id" | "firstName" | "lastName" | "age" | "heightCm" | "weightKg" | "skill">[];
  /**
   * Each line with the codes of its units (handed out, or else reserved) and, for a ski line (`ski`), the
   * binding release setting it was given at hand-out (null: still to be set at the counter).
   */
  lines: (Pick<LineRow, "id" | "personId" | "name" | "size" | "quantity" | "kind" | "packageName" | "binding"> & {
    codes: string[];
    ski: boolean;
  })[];
  /** What the renter leaves as a deposit for the rented pieces (see `agreementDeposit`). */
  depositCents: number;
  orderUrl: string;
  /** The customer's signature on the counter's screen; without it the contract has lines to sign on paper. */
  signature?: ContractSignature;
};

type ContractSignature = {
  version: number;
  signerName: string;
  signedAt: Date;
  /** The clerk who handed the equipment out. */
  clerk: string | null;
} & ({ kind: "drawn"; png: Uint8Array } | { kind: "typed"; typedName: string });

/**
 * The rental contract the customer signs at pickup, in the order's language: lessor and renter, period,
 * the deposit, the equipment per person with the unit codes, the binding release values and the measures
 * they were set for, the terms and the signature lines. With `signature` it is the signed agreement
 * (decision 044): the same document, signed on the renter's line, with the signer, time and version.
 */
export async function rentalContractPdf(input: ContractInput, locale: Locale, business?: Business): Promise<Uint8Array> {
  const { order, shop, persons, lines } = input;
  // Passed in by a caller inside a transaction, which on PGlite's one connection cannot read beside it.
  business ??= (await getSettings()).business;
  const t = getT(locale, messages[locale]);
  const tag = languageTag[locale];
  const money = (cents: number) => formatMoney(cents, locale);
  const when = (date: Date) => formatDateTime(date, locale, "full");
  const title = t("documents.contract.title");
  const { doc, sheet } = await startDocument(`${title} ${order.number}`, business, tag, t, input.orderUrl);

  sheet.row([{ text: title, x: MARGIN, width: CONTENT_WIDTH, bold: true, size: 18, color: BRAND }], 10);
  const labelWidth = 110;
  const field = (label: string, value: string | string[], strong = false) =>
    sheet.row([
      { text: label, x: MARGIN, width: labelWidth - 8, color: MUTED },
      { text: value, x: MARGIN + labelWidth, width: CONTENT_WIDTH - labelWidth, bold: strong },
    ]);
  field(t("documents.orderNumber"), order.number, true);
  field(t("documents.contract.lessor"), [
    business.legalName,
    `${business.street}, ${business.postalCode} ${business.town}`,
    `${t("documents.vatId")} ${business.vatId}`,
  ]);
  const address = [order.invoiceStreet, [order.invoicePostalCode, order.invoiceCity].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  field(
    t("documents.contract.renter"),
    [
      [order.invoiceName, order.invoiceCompany].filter(Boolean).join(", "),
      address ? `${address}, ${countryName(order.invoiceCountry, tag)}` : "",
      [order.phone && `${t("documents.phone")} ${order.phone}`, order.email && `${t("documents.email")} ${order.email}`]
        .filter(Boolean)
        .join(" · "),
    ].filter(Boolean),
  );
  field(t("documents.branch"), `${shop.name}, ${shop.street}, ${shop.postalCode} ${shop.town}`);
  field(t("documents.pickup"), when(order.pickupAt), true);
  field(t("documents.return"), when(order.returnAt), true);
  field(t("documents.total"), money(order.totalCents), true);
  // The waiver changes what the renter is liable for (term 2), so the contract names it and what it covers.
  const waiver = takenWaiver(order);
  if (waiver)
    field(t("documents.contract.waiver"), [
      t("documents.contract.waiverTaken", { day: money(waiver.dayCents), total: money(waiver.amountCents) }),
      t("documents.contract.waiverCovers"),
    ]);
  field(t("documents.agreement.deposit"), input.depositCents > 0 ? money(input.depositCents) : t("documents.agreement.noDeposit"), true);
  sheet.space(12);

  const columns = {
    item: { x: MARGIN + 10, width: 240 },
    size: { x: MARGIN + 258, width: 70 },
    codes: { x: MARGIN + 330, width: CONTENT_WIDTH - 330 },
  };
  const tableHeader = () => {
    sheet.row(
      [
        { text: t("documents.item"), ...columns.item, bold: true, size: 9, color: MUTED },
        { text: t("documents.size"), ...columns.size, bold: true, size: 9, color: MUTED },
        { text: t("documents.contract.units"), ...columns.codes, bold: true, size: 9, color: MUTED },
      ],
      2,
    );
    sheet.rule();
  };
  const groups = [
    ...persons.map((p) => ({
      title: [p.firstName, p.lastName].filter(Boolean).join(" "),
      detail: personMeasures(p, locale),
      lines: lines.filter((l) => l.personId === p.id),
    })),
    {
      title: t("documents.other"),
      detail: "",
      lines: lines.filter((l) => l.personId === null || !persons.some((p) => p.id === l.personId)),
    },
  ].filter((g) => g.lines.length > 0);
  sheet.need(60);
  tableHeader();
  sheet.onNewPage = tableHeader;
  for (const group of groups) {
    sheet.need(40);
    sheet.space(3);
    sheet.row([{ text: group.title, x: MARGIN, width: CONTENT_WIDTH, bold: true, size: 11 }], group.detail ? 1 : 3);
    if (group.detail) sheet.row([{ text: group.detail, x: MARGIN, width: CONTENT_WIDTH, size: 9, color: MUTED }]);
    for (const line of group.lines) {
      sheet.row([
        { text: `${line.quantity > 1 ? `${line.quantity} × ` : ""}${withPackage(line, t)}`, ...columns.item },
        { text: line.size ?? "", ...columns.size },
        { text: [line.codes.join(", ") || "—", ...(line.ski ? [bindingText(line.binding, locale)] : [])], ...columns.codes },
      ]);
    }
  }
  sheet.onNewPage = null;
  sheet.space(10);

  sheet.row([{ text: t("documents.contract.termsTitle"), x: MARGIN, width: CONTENT_WIDTH, bold: true, size: 11 }], 4);
  for (const n of [1, 2, 3, 4, 5]) {
    sheet.row([
      { text: `${n}.`, x: MARGIN, width: 14, size: 9 },
      { text: t(`documents.contract.term${n}`), x: MARGIN + 16, width: CONTENT_WIDTH - 16, size: 9 },
    ]);
  }
  // The signatures stay together on one page.
  const signature = input.signature;
  const half = (CONTENT_WIDTH - 30) / 2;
  if (!signature) {
    sheet.need(90);
    sheet.space(36);
  } else {
    // The signature sits on the renter's line, as it would on paper.
    const box = { width: half, height: 64 };
    sheet.need(box.height + 120);
    sheet.space(14);
    const bottom = sheet.y - box.height;
    if (signature.kind === "drawn") {
      const image = await doc.embedPng(signature.png);
      const scale = Math.min(box.width / image.width, box.height / image.height);
      sheet.page.drawImage(image, { x: MARGIN, y: bottom, width: image.width * scale, height: image.height * scale });
    } else {
      const script = await doc.embedFont(StandardFonts.HelveticaOblique);
      const typed = sheet.clean(signature.typedName);
      // A long name gets smaller instead of running into the shop's half.
      const size = Math.min(20, (20 * (box.width - 8)) / Math.max(1, script.widthOfTextAtSize(typed, 20)));
      sheet.page.drawText(typed, { x: MARGIN + 4, y: bottom + 8, size, font: script, color: INK });
    }
    sheet.space(box.height + 2);
  }
  sheet.page.drawLine({ start: { x: MARGIN, y: sheet.y }, end: { x: MARGIN + half, y: sheet.y }, thickness: 0.6, color: INK });
  sheet.page.drawLine({ start: { x: RIGHT - half, y: sheet.y }, end: { x: RIGHT, y: sheet.y }, thickness: 0.6, color: INK });
  sheet.space(4);
  if (!signature) {
    sheet.row([
      { text: t("documents.contract.signRenter"), x: MARGIN, width: half, size: 9, color: MUTED },
      { text: t("documents.contract.signShop", { shop: shop.name }), x: RIGHT - half, width: half, size: 9, color: MUTED },
    ]);
  } else {
    sheet.row([
      {
        text: [
          t("documents.agreement.signedBy", { name: signature.signerName }),
          when(signature.signedAt),
          t(signature.kind === "drawn" ? "documents.agreement.drawn" : "documents.agreement.typed"),
        ],
        x: MARGIN,
        width: half,
        size: 9,
      },
      {
        text: [
          t("documents.contract.signShop", { shop: shop.name }),
          ...(signature.clerk ? [t("documents.agreement.handedOutBy", { name: signature.clerk })] : []),
        ],
        x: RIGHT - half,
        width: half,
        size: 9,
      },
    ]);
    sheet.space(8);
    // The PDF cannot hold its own hash; the shop keeps it beside the file, and the versions list shows it.
    sheet.row([
      {
        text: `${t("documents.agreement.version", { version: signature.version, number: order.number })} ${t("documents.agreement.fingerprint", { shop: business.name })}`,
        x: MARGIN,
        width: CONTENT_WIDTH,
        size: 8,
        color: MUTED,
      },
    ]);
    doc.setCreationDate(signature.signedAt);
    doc.setModificationDate(signature.signedAt);
  }
  drawFooters(sheet, business, t);
  return doc.save();
}
