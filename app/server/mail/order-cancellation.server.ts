/**
 * The cancellation e-mail of an order, in the order's language: what was cancelled, whether and how much
 * comes back and when, and the link to the order page (docs/decisions/013-email-outbox.md). One message:
 * the refund is stated here, not in a second e-mail.
 */
import { formatDate, formatMoney } from "../../domain/format";
import type { Locale } from "../../domain/i18n";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import type { orderLines, orders, shops } from "../db/schema";
import { shortEmail } from "./layout.server";
import type { RenderedEmail } from "./order-confirmation.server";

type OrderFacts = {
  order: Pick<typeof orders.$inferSelect, "number" | "invoiceName" | "pickupAt" | "returnAt">;
  shop: Pick<typeof shops.$inferSelect, "name" | "phone">;
  /** Absolute link to the order page (orders.server orderPageUrl). */
  orderUrl: string;
};

/**
 * What happens to the money: refunded through the payment provider, paid back at the branch (paid at the
 * counter), or kept (staff cancelled without a refund).
 */
export type CancellationRefund = { how: "provider" | "counter"; amountCents: number } | { how: "none" };

export type CancellationInput = OrderFacts & {
  lines: Pick<typeof orderLines.$inferSelect, "name" | "size" | "quantity">[];
  refund: CancellationRefund;
  /** The payment came after the hold had expired and the equipment was gone (holds.server confirmOrder). */
  latePayment?: boolean;
};

function common(input: OrderFacts, locale: Locale) {
  const t = getT(locale, messages[locale]);
  const brand = t("brand.name");
  const when = (date: Date) => formatDate(date, locale, { dateStyle: "full", timeStyle: "short" });
  return {
    t,
    brand,
    money: (cents: number) => formatMoney(cents, locale),
    greeting: t("mail.confirmation.greeting", { name: input.order.invoiceName }),
    details: [
      { label: t("mail.confirmation.orderNumber"), value: input.order.number },
      { label: t("mail.confirmation.branch"), value: input.shop.name },
      { label: t("mail.confirmation.pickup"), value: when(input.order.pickupAt) },
      { label: t("mail.confirmation.return"), value: when(input.order.returnAt) },
    ],
    button: { lead: t("mail.cancellation.orderPage"), label: t("mail.confirmation.orderLink"), url: input.orderUrl },
    questions: t("mail.confirmation.questions", { phone: input.shop.phone }),
    signature: t("mail.confirmation.signature", { brand }),
  };
}

export function orderCancellationEmail(input: CancellationInput, locale: Locale): RenderedEmail {
  const c = common(input, locale);
  const { t } = c;
  const { refund } = input;
  const money =
    refund.how === "provider"
      ? [t("mail.cancellation.refundProvider", { amount: c.money(refund.amountCents) })]
      : refund.how === "counter"
        ? [t("mail.cancellation.refundCounter", { amount: c.money(refund.amountCents) })]
        : [t("mail.cancellation.noRefund")];
  return shortEmail(
    {
      subject: t("mail.cancellation.subject", { number: input.order.number }),
      brand: c.brand,
      greeting: c.greeting,
      intro: [
        t("mail.cancellation.intro", { number: input.order.number }),
        ...(input.latePayment ? [t("mail.cancellation.latePayment")] : []),
      ],
      details: c.details,
      list: input.lines.map(
        (l) => `${l.quantity > 1 ? `${l.quantity} × ` : ""}${l.name}${l.size ? ` (${t("mail.confirmation.size", { size: l.size })})` : ""}`,
      ),
      body: money,
      button: c.button,
      outro: [c.questions],
      signature: c.signature,
    },
    locale,
  );
}
