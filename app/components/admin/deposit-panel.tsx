/**
 * The deposit on the back office's order page (decision 045): its state, a warning when the card
 * authorisation lapses before the return, and the clerk's actions: authorise (again), release, keep part
 * of it for damage with a reason, or record a deposit taken at the counter. Each destructive action opens
 * first and says what it will do, then sends.
 */
import { AlertTriangle, Banknote, CreditCard, Undo2 } from "lucide-react";
import { Form, useActionData } from "react-router";
import { centsText } from "../../domain/admin/item";
import { formatDateTime, formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import type { DepositView, DepositPanel as Panel } from "../../server/counter/deposits.server";
import { FormValues, useField } from "../form-values";
import { useLocale } from "../use-locale";
import { TextField } from "./form";
import { Fields, Section } from "./ui";

const button = "inline-flex items-center gap-2 rounded-md px-4 py-2 font-semibold";

const STATUS_TONE: Record<DepositView["status"], string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  authorised: "border-emerald-300 bg-emerald-50 text-emerald-900",
  released: "border-slate-300 bg-slate-100 text-slate-800",
  captured: "border-violet-300 bg-violet-50 text-violet-900",
  expired: "border-rose-300 bg-rose-50 text-rose-900",
  failed: "border-rose-300 bg-rose-50 text-rose-900",
};

function DepositStatusBadge({ status }: { status: DepositView["status"] }) {
  const { t } = useTranslation();
  return (
    <span
      data-deposit-status={status}
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}
    >
      {t(`admin.deposit.status.${status}`)}
    </span>
  );
}

/** `captureCents` prefills the amount to keep (a damage fee noted at the return). */
export function DepositPanel({
  deposit,
  order,
  captureCents,
}: {
  deposit: Panel;
  order: { returnAt: Date | string };
  captureCents?: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reply = useActionData();
  const when = (d: Date | string | null) => (d ? formatDateTime(d, locale, "medium") : "—");
  const { current, can, dueCents } = deposit;
  const money = (cents: number) => formatMoney(cents, locale);
  const counter = current?.provider === "counter";
  // Only a deposit still held is "on the card" and lapses; a settled one says what was kept and given back.
  const held = current?.status === "authorised";
  const amountError = useField("deposit.amount").error;
  const reasonError = useField("deposit.reason").error;
  const captureError = amountError ?? reasonError;
  const counterError = useField("counterDeposit.amount").error;
  return (
    <Section title={t("admin.deposit.title")}>
      <div className="space-y-4 rounded-lg border border-slate-200 p-4" data-deposit={current?.status ?? "none"}>
        {current ? (
          <Fields
            fields={[
              [t("admin.deposit.state"), <DepositStatusBadge key="status" status={current.status} />],
              [t("admin.deposit.amount"), money(current.amountCents)],
              ...(held
                ? [[t("admin.deposit.how"), counter ? t("admin.deposit.atCounter") : t("admin.deposit.onCard")] as [string, string]]
                : []),
              ...(current.status === "captured"
                ? [
                    [t("admin.deposit.captured"), money(current.capturedCents)] as [string, string],
                    [t("admin.deposit.givenBack"), money(current.amountCents - current.capturedCents)] as [string, string],
                    [t("admin.deposit.reason"), current.reason ?? "—"] as [string, string],
                  ]
                : []),
              ...(current.authorisedAt ? [[t("admin.deposit.authorisedAt"), when(current.authorisedAt)] as [string, string]] : []),
              ...(held && current.expiresAt && !counter
                ? [[t("admin.deposit.expiresAt"), when(current.expiresAt)] as [string, string]]
                : []),
            ]}
          />
        ) : (
          <p className="text-sm">{t("admin.deposit.none", { amount: money(dueCents) })}</p>
        )}

        {deposit.authoriseFrom ? (
          <p className="text-sm text-slate-700" data-deposit-from>
            {t("admin.deposit.authoriseFrom", { from: when(deposit.authoriseFrom) })}
          </p>
        ) : (
          current?.status === "pending" && <p className="text-sm text-slate-700">{t("admin.deposit.pendingHint")}</p>
        )}
        {deposit.lapsesBeforeReturn && current?.expiresAt && (
          <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-deposit-warning>
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {t("admin.deposit.lapsesBeforeReturn", { expires: when(current.expiresAt), returnAt: when(order.returnAt) })}
          </p>
        )}
        {current?.status === "expired" && (
          <p className="flex gap-2 rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900" data-deposit-warning>
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {t("admin.deposit.expiredHint")}
          </p>
        )}
        {current?.status === "failed" && (
          <p className="flex gap-2 rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {t("admin.deposit.failedHint", { reason: current.reason ?? "—" })}
          </p>
        )}

        {can.authorise && (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="deposit-authorise"
              className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
            >
              <CreditCard aria-hidden="true" className="size-4" />
              {t(current && current.status !== "pending" ? "admin.deposit.authoriseAgain" : "admin.deposit.authorise", {
                amount: money(dueCents),
              })}
            </button>
          </Form>
        )}

        {can.settle && current && (
          <details className="rounded-lg border border-brand-200 bg-brand-50/40 p-3">
            <summary className="flex cursor-pointer items-center gap-2 font-semibold">
              <Undo2 aria-hidden="true" className="size-4" />
              {t("admin.deposit.releaseOpen")}
            </summary>
            <Form method="post" className="mt-3 space-y-3">
              <p className="text-sm">
                {t(counter ? "admin.deposit.releaseCounter" : "admin.deposit.releaseWarning", { amount: money(current.amountCents) })}
              </p>
              <button
                type="submit"
                name="intent"
                value="deposit-release"
                className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
              >
                {t("admin.deposit.releaseButton", { amount: money(current.amountCents) })}
              </button>
            </Form>
          </details>
        )}

        {can.capture && current && (
          <details open={Boolean(captureError)} className="rounded-lg border border-red-200 bg-red-50/40 p-3">
            <summary className="flex cursor-pointer items-center gap-2 font-semibold text-red-800">
              <Banknote aria-hidden="true" className="size-4" />
              {t("admin.deposit.captureOpen")}
            </summary>
            <FormValues reply={reply} initial={captureCents ? { deposit: { amount: centsText(captureCents) } } : undefined}>
              <Form method="post" noValidate className="mt-3 space-y-3">
                <p className="text-sm text-slate-800">
                  {t(counter ? "admin.deposit.captureCounter" : "admin.deposit.captureWarning", { amount: money(current.amountCents) })}
                </p>
                <TextField
                  name="deposit.amount"
                  label={t("admin.deposit.captureAmount")}
                  hint={t("admin.deposit.captureAmountHint", { amount: money(current.amountCents) })}
                  inputMode="decimal"
                  autoComplete="off"
                  required
                />
                <TextField
                  name="deposit.reason"
                  label={t("admin.deposit.captureReason")}
                  hint={t("admin.deposit.captureReasonHint")}
                  required
                />
                <button type="submit" name="intent" value="deposit-capture" className={`${button} bg-red-700 text-white hover:bg-red-800`}>
                  {t("admin.deposit.captureButton")}
                </button>
              </Form>
            </FormValues>
          </details>
        )}

        {can.counter && (
          <details open={Boolean(counterError)} className="rounded-lg border border-slate-200 p-3">
            <summary className="flex cursor-pointer items-center gap-2 font-semibold">
              <Banknote aria-hidden="true" className="size-4" />
              {t("admin.deposit.counterOpen")}
            </summary>
            <FormValues reply={reply} initial={dueCents > 0 ? { counterDeposit: { amount: centsText(dueCents) } } : undefined}>
              <Form method="post" noValidate className="mt-3 space-y-3">
                <p className="text-sm text-slate-700">{t("admin.deposit.counterHint")}</p>
                <TextField
                  name="counterDeposit.amount"
                  label={t("admin.deposit.amount")}
                  hint={t("admin.deposit.counterAmountHint", { amount: money(dueCents) })}
                  inputMode="decimal"
                  autoComplete="off"
                  required
                />
                <button
                  type="submit"
                  name="intent"
                  value="deposit-counter"
                  className={`${button} border border-brand-700 text-brand-800 hover:bg-brand-50`}
                >
                  {t("admin.deposit.counterButton")}
                </button>
              </Form>
            </FormValues>
          </details>
        )}

        {deposit.earlier.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold">{t("admin.deposit.earlier")}</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {deposit.earlier.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center gap-2">
                  <DepositStatusBadge status={row.status} /> {money(row.amountCents)}
                  {row.authorisedAt ? ` · ${when(row.authorisedAt)}` : ""}
                  {row.status === "failed" && row.reason ? ` · ${row.reason}` : ""}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Section>
  );
}
