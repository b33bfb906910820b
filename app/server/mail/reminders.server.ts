/**
 * The reminder e-mails in the order's language (docs/decisions/047-reminders.md): the day before the pickup,
 * with the booking's QR code, where the branch is and its hours that day, and what is waiting; on the last
 * rental day, the return time and place and the branch's hours that day. Dates and times in the shop's time
 * zone, written as the language writes them.
 */
import { formatDate, formatDateTime, formatTime } from "../../domain/format";
import { type Locale, languageTag } from "../../domain/i18n";
import type { Slot } from "../../domain/opening-hours";
import { getT, type TFunction } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import type { InlineImage, orderLines, orderPersons, orders, shops } from "../db/schema";
import { orderQrPng } from "../orders/documents.server";
import { shortEmail } from "./layout.server";
import type { RenderedEmail } from "./order-confirmation.server";

export type ReminderInput = {
  order: Pick<typeof orders.$inferSelect, "number" | "invoiceName" | "pickupAt" | "returnAt">;
  shop: Pick<typeof shops.$inferSelect, "name" | "street" | "postalCode" | "town" | "country" | "phone">;
  persons: Pick<typeof orderPersons.$inferSelect, "id" | "firstName" | "lastName">[];
  lines: Pick<typeof orderLines.$inferSelect, "personId" | "name" | "size" | "quantity">[];
  /** The branch's opening hours on the day of the pickup (pickup reminder) or of the return (return reminder). */
  hours: Slot[];
  /** Absolute link to the order page (orders.server orderPageUrl); the QR code leads there, as on the PDF. */
  orderUrl: string;
};

export type RenderedReminder = RenderedEmail & { attachments: InlineImage[] };

/** Shown at 180 px, drawn at twice that for sharp phone screens. */
const QR_WIDTH = 180;
const QR_CID = "order-qr@reminder";

function common(input: ReminderInput, locale: Locale, hoursLabel: "mail.reminder.hours" | "mail.reminder.hoursToday") {
  const t = getT(locale, messages[locale]);
  const { order, shop } = input;
  const country = new Intl.DisplayNames([languageTag[locale]], { type: "region" }).of(shop.country) ?? shop.country;
  const hours =
    input.hours.length > 0
      ? input.hours.map((s) => `${formatTime(s.opens, locale)}–${formatTime(s.closes, locale)}`).join(", ")
      : t("mail.reminder.closed");
  const brand = t("brand.name");
  return {
    t,
    brand,
    greeting: t("mail.confirmation.greeting", { name: order.invoiceName }),
    /** The day as the language writes it in full ("Monday 11 January 2027", "mandag den 11. januar 2027"). */
    day: (date: Date) => formatDate(date, locale, { dateStyle: "full" }),
    time: (date: Date) => formatTime(date, locale),
    place: [
      { label: t("mail.confirmation.branch"), value: shop.name },
      { label: t("mail.reminder.address"), value: `${shop.street}, ${shop.postalCode} ${shop.town}, ${country}` },
      { label: t(hoursLabel), value: hours },
      { label: t("mail.confirmation.phone"), value: shop.phone },
    ],
    number: { label: t("mail.confirmation.orderNumber"), value: order.number },
    pickup: { label: t("mail.confirmation.pickup"), value: formatDateTime(order.pickupAt, locale, "full") },
    return: { label: t("mail.confirmation.return"), value: formatDateTime(order.returnAt, locale, "full") },
    button: { lead: t("mail.confirmation.orderPage"), label: t("mail.confirmation.orderLink"), url: input.orderUrl },
    signature: t("mail.confirmation.signature", { brand }),
  };
}

/** "Anna Test: Ski premium (size 170)", per person in the order of the booking, then what belongs to no one. */
function waiting(input: ReminderInput, t: TFunction): string[] {
  const line = (l: ReminderInput["lines"][number]) =>
    `${l.quantity > 1 ? `${l.quantity} × ` : ""}${l.name}${l.size ? ` (${t("mail.confirmation.size", { size: l.size })})` : ""}`;
  const byPerson = input.persons.flatMap((p) => {
    const own = input.lines.filter((l) => l.personId === p.id).map(line);
    return own.length > 0 ? [`${[p.firstName, p.lastName].filter(Boolean).join(" ")}: ${own.join(", ")}`] : [];
  });
  return [...byPerson, ...input.lines.filter((l) => l.personId === null).map(line)];
}

/** The reminder the day before the pickup, with the QR code of the order page attached inline. */
export async function pickupReminderEmail(input: ReminderInput, locale: Locale): Promise<RenderedReminder> {
  const c = common(input, locale, "mail.reminder.hours");
  const { t } = c;
  const { order, shop } = input;
  const date = c.day(order.pickupAt);
  const png = await orderQrPng(input.orderUrl, QR_WIDTH * 2);
  const mail = shortEmail(
    {
      subject: t("mail.pickupReminder.subject", { date, number: order.number }),
      brand: c.brand,
      greeting: c.greeting,
      intro: [t("mail.pickupReminder.intro", { shop: shop.name, date, time: c.time(order.pickupAt) })],
      details: [c.number, c.pickup, ...c.place, c.return],
      image: {
        cid: QR_CID,
        alt: t("mail.pickupReminder.qrAlt", { number: order.number }),
        caption: t("mail.pickupReminder.qrCaption"),
        width: QR_WIDTH,
      },
      listTitle: t("mail.pickupReminder.listTitle"),
      list: waiting(input, t),
      body: [t("mail.pickupReminder.sizes"), t("mail.confirmation.localTime")],
      button: c.button,
      outro: [t("mail.confirmation.questions", { phone: shop.phone }), t("mail.confirmation.closing")],
      signature: c.signature,
    },
    locale,
  );
  return {
    ...mail,
    attachments: [{ cid: QR_CID, filename: `${order.number}.png`, contentType: "image/png", base64: png.toString("base64") }],
  };
}

/** The reminder on the last rental day: when and where the equipment goes back. */
export function returnReminderEmail(input: ReminderInput, locale: Locale): RenderedReminder {
  const c = common(input, locale, "mail.reminder.hoursToday");
  const { t } = c;
  const { order, shop } = input;
  const time = c.time(order.returnAt);
  const mail = shortEmail(
    {
      subject: t("mail.returnReminder.subject", { time, number: order.number }),
      brand: c.brand,
      greeting: c.greeting,
      intro: [t("mail.returnReminder.intro", { date: c.day(order.returnAt), shop: shop.name, time })],
      details: [c.number, c.return, ...c.place],
      body: [t("mail.confirmation.localTime"), t("mail.returnReminder.late", { phone: shop.phone })],
      // The order page's QR code and calendar entry are for the pickup; on the last day it shows the order as it stands.
      button: { ...c.button, lead: t("mail.cancellation.orderPage") },
      outro: [t("mail.returnReminder.thanks")],
      signature: c.signature,
    },
    locale,
  );
  return { ...mail, attachments: [] };
}
