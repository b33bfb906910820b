/**
 * The damage fees of an order (decision 046), under its totals on the customer's order page and the admin
 * order page: each damaged piece with what was found and its fee, how it is paid, and the sum. Not part of
 * the rental's total (paid when booking), and without VAT: compensation for damage is no sale.
 */
import type { DamageFeeLine } from "../../domain/counter/damage";
import { formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";

export function DamageFees({ fees }: { fees: { lines: DamageFeeLine[]; totalCents: number } }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (fees.lines.length === 0) return null;
  return (
    <section className="mt-6 rounded-lg border border-amber-300 bg-amber-50/60 p-4" aria-labelledby="damage-fees-title" data-damage-fees>
      <h2 id="damage-fees-title" className="text-lg font-semibold">
        {t("order.damage.title")}
      </h2>
      <dl className="mt-2 space-y-2">
        {fees.lines.map((line) => (
          <div key={line.unitCode} className="flex flex-wrap justify-between gap-x-4" data-damage-fee-line={line.unitCode}>
            <dt className="min-w-0 break-words">
              {line.itemName}
              {line.size ? ` (${line.size})` : ""}{" "}
              <span className="whitespace-nowrap font-mono text-sm text-slate-700">{line.unitCode}</span>
              <span className="block text-sm text-slate-700">
                {t(`order.damage.category.${line.category}`)} · {t(`order.damage.paidBy.${line.paidBy}`)}
              </span>
            </dt>
            <dd className="whitespace-nowrap tabular-nums">{formatMoney(line.feeCents, locale)}</dd>
          </div>
        ))}
        <div className="flex flex-wrap justify-between gap-x-4 border-t border-amber-300 pt-2 font-semibold">
          <dt>{t("order.damage.total")}</dt>
          <dd className="whitespace-nowrap tabular-nums">{formatMoney(fees.totalCents, locale)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-700">{t("order.damage.note")}</p>
    </section>
  );
}
