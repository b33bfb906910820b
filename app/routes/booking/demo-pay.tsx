import { CreditCard, ShieldCheck } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { useLocale } from "../../components/use-locale";
import { formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { useTranslation } from "../../i18n/react";
import { getConfig, publicOrigin } from "../../server/config.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { badRequest, found, notFound, param } from "../../server/http/results.server";
import { completeDemoCheckout, openDemoCheckout } from "../../server/payments/demo.server";
import { receivePaymentWebhook } from "../../server/payments/webhooks.server";
import type { Route } from "./+types/demo-pay";

const ref = z.string().regex(/^demo_[A-Za-z0-9_-]{10,40}$/);
const decision = z.object({
  c: z.string().min(10).max(4000),
  method: z.enum(["paypal", "card"]).default("card"),
  outcome: z.enum(["paid", "cancelled", "failed"]),
});

/** The demo provider's pages exist only while it is the configured one. */
function requireDemoProvider() {
  if (getConfig().PAYMENT_PROVIDER !== "demo") notFound();
}

function checkoutOf(params: Route.LoaderArgs["params"], token: string | null) {
  requireDemoProvider();
  return found(openDemoCheckout(param(ref, params.ref), token));
}

/** The page's URL carries the checkout's token (`?c=`), which the provider handed out with it. */
const checkoutQuery = z.object({ c: z.string().optional() });

/** The demo provider's hosted payment page: PayPal or card; pay, cancel, or simulate a failure. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { c: token } = readQuery(request, checkoutQuery);
  const checkout = checkoutOf(params, token ?? null);
  return {
    token: token ?? "",
    orderNumber: checkout.orderNumber,
    amountCents: checkout.amountCents,
    email: checkout.email,
    expired: checkout.expiresAt < Date.now(),
    depositCents: checkout.depositCents,
    cancelUrl: checkout.cancelUrl,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  requireDemoProvider();
  const input = parse(decision, (await readForm(request)).values);
  if (!input.ok) badRequest();
  const { c, outcome } = input.value;
  const checkout = checkoutOf(params, c);
  // As at Stripe, a checkout that saves the card for a deposit takes the card only.
  const method = checkout.depositCents > 0 ? "card" : input.value.method;
  if (checkout.expiresAt < Date.now() && outcome === "paid") return redirect(checkout.cancelUrl);
  const origin = publicOrigin(request);
  const deliver = (body: string, headers: Headers) => receivePaymentWebhook("demo", body, headers, origin);
  return redirect(await completeDemoCheckout(checkout, outcome, method, deliver));
}

export const meta: Route.MetaFunction = () => [{ title: "Demo Pay" }, { name: "robots", content: "noindex" }];

export default function DemoPay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state !== "idle";
  const { token, orderNumber, amountCents, email, expired, depositCents } = loaderData;
  return (
    <main className="min-h-screen bg-slate-100 px-3 py-6 sm:px-4 sm:py-10">
      <div className="mx-auto max-w-md rounded-2xl bg-white p-4 shadow-lg sm:p-6">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
          <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700" />
          {t("demoPay.provider")}
        </p>
        <h1 className="mt-3 text-2xl font-bold">{t("demoPay.title", { amount: formatMoney(amountCents, locale) })}</h1>
        <p className="mt-1 text-slate-700">{t("demoPay.order", { number: orderNumber, email })}</p>
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("demoPay.notice")}</p>
        {depositCents > 0 && (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-deposit>
            {t("demoPay.deposit", { amount: formatMoney(depositCents, locale) })}
          </p>
        )}
        {expired ? (
          <div role="alert" className="mt-6">
            <p className="font-medium">{t("demoPay.expired")}</p>
            <a href={loaderData.cancelUrl} className="mt-3 inline-block font-medium text-brand-700 underline">
              {t("demoPay.back")}
            </a>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-5">
            <input type="hidden" name="c" value={token} />
            <fieldset>
              <legend className="font-medium">{t("demoPay.method")}</legend>
              <div className="mt-2 grid grid-cols-2 gap-3">
                <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                  <input type="radio" name="method" value="card" defaultChecked />
                  <CreditCard aria-hidden="true" className="size-5" />
                  {t("demoPay.card")}
                </label>
                {depositCents === 0 && (
                  <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                    <input type="radio" name="method" value="paypal" />
                    <span aria-hidden="true" className="font-bold text-sky-800">
                      P
                    </span>
                    PayPal
                  </label>
                )}
              </div>
            </fieldset>
            {/* The card number on a row of its own: beside expiry and CVC it was cut at every width (issue 33). */}
            <div className="grid grid-cols-2 gap-x-3 gap-y-3 text-sm">
              <label className="col-span-2">
                {t("demoPay.cardNumber")}
                <input
                  readOnly
                  value="4242 4242 4242 4242"
                  data-card-number
                  className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 tabular-nums"
                />
              </label>
              <label className="min-w-0">
                {t("demoPay.expiry")}
                <input readOnly value="12/30" className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5" />
              </label>
              <label className="min-w-0">
                CVC
                <input readOnly value="123" className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5" />
              </label>
            </div>
            <button
              type="submit"
              name="outcome"
              value="paid"
              aria-disabled={busy || undefined}
              className="w-full rounded-lg bg-emerald-700 px-5 py-3 font-semibold text-white hover:bg-emerald-800"
            >
              {t("demoPay.pay", { amount: formatMoney(amountCents, locale) })}
            </button>
            <div className="flex justify-between gap-3 text-sm">
              <button type="submit" name="outcome" value="cancelled" className="font-medium text-slate-700 underline">
                {t("demoPay.cancel")}
              </button>
              <button type="submit" name="outcome" value="failed" className="font-medium text-red-700 underline">
                {t("demoPay.fail")}
              </button>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
