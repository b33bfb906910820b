/**
 * The deposit on the customer's order page (decision 045): what is reserved on the card, and how it ended
 * (released, part kept for damage with the reason, lapsed, or refused by the card).
 */
import { ShieldCheck } from "lucide-react";
import { formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import type { CustomerDeposit } from "../../server/counter/deposits.server";
import { useLocale } from "../use-locale";

function messageKey(deposit: CustomerDeposit): string {
  switch (deposit.status) {
    case "due":
    case "pending":
      return "order.deposit.due";
    case "authorised":
      return deposit.atCounter ? "order.deposit.counter" : "order.deposit.authorised";
    default:
      return `order.deposit.${deposit.status}`;
  }
}

export function DepositNote({ deposit }: { deposit: CustomerDeposit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="mt-6 rounded-xl border border-slate-200 p-5" aria-labelledby="deposit-title" data-deposit={deposit.status}>
      <h2 id="deposit-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
        {t("order.deposit.title")}
      </h2>
      <p className="mt-2 text-slate-700">
        {t(messageKey(deposit), {
          amount: formatMoney(deposit.amountCents, locale),
          captured: formatMoney(deposit.capturedCents, locale),
          reason: deposit.reason ?? "",
        })}
      </p>
    </section>
  );
}
