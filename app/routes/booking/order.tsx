import { CalendarPlus, FileDown, Mail, MapPin, PencilLine, RefreshCw } from "lucide-react";
import { useCallback, useEffect } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { z } from "zod";
import { analyticsItem, euros, useEcommerce, usePurchaseOnce } from "../../components/analytics";
import { DamageFees } from "../../components/booking/damage-fees";
import { DepositNote } from "../../components/booking/deposit-note";
import { OrderAgreements } from "../../components/booking/order-agreements";
import { PeakNote } from "../../components/booking/peak-note";
import { Totals } from "../../components/booking/totals";
import { Notice } from "../../components/booking/ui";
import { replyFor } from "../../components/form-values";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDateTime, formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { splitLocale } from "../../domain/i18n";
import { isPaid } from "../../domain/order-states";
import { takenWaiver } from "../../domain/pricing";
import { useTranslation } from "../../i18n/react";
import { publicOrigin } from "../../server/config.server";
import { listAgreements } from "../../server/counter/agreements.server";
import { damageFeesOf } from "../../server/counter/damage.server";
import { customerDeposit } from "../../server/counter/deposits.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import { orderQrDataUrl } from "../../server/orders/documents.server";
import { cancelByCustomer, orderPage } from "../../server/orders/order-page.server";
import { orderPageUrl } from "../../server/orders/orders.server";
import type { Route } from "./+types/order";

const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

/** The cancel button counts only with the box ticked that says the customer means it. */
const confirmFirst = "order.cancel.confirmFirst";
const cancelForm = z.object({ intent: z.literal("cancel", confirmFirst), confirm: z.literal("yes", confirmFirst) });

/** Notices after a change (`?changed=1`) or a cancellation (`?cancelled=1`). */
const orderQuery = z.object({ changed: z.string().optional(), cancelled: z.string().optional() });

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = found(await orderPage(param(token, params.id), request));
  const { order, shop, persons, lines } = page;
  const url = new URL(request.url);
  const query = readQuery(request, orderQuery);
  const body = {
    token: order.token,
    order: {
      number: order.number,
      status: order.status,
      pickupAt: order.pickupAt.toISOString(),
      returnAt: order.returnAt.toISOString(),
      subtotalCents: order.subtotalCents,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      vatBreakdown: order.vatBreakdown,
      discounts: order.discounts,
      discountCents: order.discountCents,
      damageWaiver: takenWaiver(order),
      coupon: order.discounts.find((d) => d.kind === "coupon")?.label ?? null,
      hotel: page.hotel ? { name: page.hotel.name } : null,
    },
    deposit: isPaid(order.status) ? await customerDeposit(order.id) : null,
    damageFees: await damageFeesOf(order.id),
    confirming: page.confirming,
    cancellable: page.cancellable,
    changeable: page.changeRefusal === null,
    changed: query.changed === "1",
    freeUntil: page.freeUntil.toISOString(),
    confirmationEmail: page.confirmationEmail,
    unpaidBecause: page.unpaidBecause,
    cancelled: query.cancelled === "1",
    qr: await orderQrDataUrl(orderPageUrl(publicOrigin(request), order.token, splitLocale(url.pathname).locale)),
    shop: {
      name: shop.name,
      street: shop.street,
      postalCode: shop.postalCode,
      town: shop.town,
      phone: shop.phone,
      map: `https://www.openstreetmap.org/?mlat=${shop.latitude}&mlon=${shop.longitude}#map=17/${shop.latitude}/${shop.longitude}`,
    },
    persons: persons.map((p) => ({ id: p.id, name: [p.firstName, p.lastName].filter(Boolean).join(" ") })),
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      personId: l.personId,
      name: l.name,
      size: l.size,
      quantity: l.quantity,
      subtotalCents: l.subtotalCents,
      packageName: l.packageName,
      surchargeCents: l.surchargeCents,
      peaks: l.peaks,
    })),
    agreements: (await listAgreements(order.id)).map((a) => ({
      version: a.version,
      signedAt: a.signedAt.toISOString(),
      signerName: a.signerName,
    })),
  };
  return page.setCookie ? data(body, { headers: { "Set-Cookie": page.setCookie } }) : body;
}

export async function action({ params, request }: Route.ActionArgs) {
  const orderToken = param(token, params.id);
  const form = await readForm(request);
  const input = parse(cancelForm, { ...form.values, intent: form.intent });
  if (!input.ok) return refuse(input, null);
  const cancelled = await cancelByCustomer(orderToken, publicOrigin(request));
  if (!cancelled.ok) return refuse(cancelled, null);
  return redirectTo(request, `/order/${orderToken}?cancelled=1`);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, "order", { number: loaderData?.order.number ?? "" }, { noindex: true });

/** The order confirmation behind its unguessable link: the thank-you page after payment. */
export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const revalidator = useRevalidator();
  // The page has one form and no field to put a message beside: whatever was refused shows at the top.
  const reply = replyFor(actionData);
  const refused = reply && (reply.errors.form ?? Object.values(reply.errors)[0]);
  const { order, shop, persons, lines, confirming } = loaderData;
  // While the provider's webhook is on its way, look again every few seconds.
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [confirming, revalidator]);
  const when = (iso: string) => formatDateTime(iso, locale, "full");
  const groups = [
    ...persons.map((p) => ({ key: String(p.id), title: p.name, lines: lines.filter((l) => l.personId === p.id) })),
    { key: "other", title: t("order.other"), lines: lines.filter((l) => l.personId === null) },
  ].filter((g) => g.lines.length > 0);
  const paidLike = isPaid(order.status);
  const track = useEcommerce();
  const reportPurchase = useCallback(
    () =>
      track("purchase", {
        transaction_id: order.number,
        value: euros(order.totalCents),
        tax: euros(order.vatCents),
        ...(order.coupon ? { coupon: order.coupon } : {}),
        items: lines.map(analyticsItem),
      }),
    [track, order, lines],
  );
  usePurchaseOnce({ number: order.number, paid: paidLike }, reportPurchase);
  const documents = href(`/order/${loaderData.token}`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">
        {paidLike ? t("order.thanks") : t("order.title", { number: order.number })}
      </h1>
      {confirming && (
        <Notice tone="info">
          <span className="flex items-center gap-2">
            <RefreshCw aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {t("order.confirming")}
          </span>
          <noscript>
            <a href={href(`/order/${loaderData.token}`)} className="underline">
              {t("order.refresh")}
            </a>
          </noscript>
        </Notice>
      )}
      {loaderData.cancelled && <Notice tone="success">{t("order.cancel.done")}</Notice>}
      {loaderData.changed && !confirming && <Notice tone="success">{t("order.change.done")}</Notice>}
      {loaderData.unpaidBecause && (
        <Notice>
          {t(
            loaderData.unpaidBecause === "cancelled"
              ? "order.cancelledPaymentNote"
              : loaderData.unpaidBecause === "failed"
                ? "order.failedPaymentNote"
                : "order.expiredNote",
          )}
        </Notice>
      )}
      {refused && <Notice>{t(refused)}</Notice>}
      <p className="mt-2 text-slate-700">
        {t("order.number")}: <strong>{order.number}</strong> · {t("order.statusLabel")}:{" "}
        <strong data-status={order.status}>{t(`order.status.${order.status}`)}</strong>
      </p>
      {paidLike && loaderData.confirmationEmail && (
        <p className="mt-2 flex items-start gap-2 text-slate-700" data-confirmation-email={loaderData.confirmationEmail.to}>
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">
            {t(loaderData.confirmationEmail.sent ? "order.email.sent" : "order.email.sending", { email: loaderData.confirmationEmail.to })}
          </span>
        </p>
      )}
      <div className="mt-6 grid gap-6 sm:grid-cols-[1fr_auto]">
        <dl className="grid gap-4 rounded-xl bg-slate-50 p-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="text-sm text-slate-600">{t("order.branch")}</dt>
            <dd className="font-medium">
              {shop.name}
              <br />
              <span className="text-sm font-normal">
                {shop.street}, {shop.postalCode} {shop.town} · {shop.phone}
              </span>
              <br />
              <a
                href={shop.map}
                className="inline-flex items-center gap-1 text-sm font-normal text-brand-700 hover:underline"
                rel="noopener"
              >
                <MapPin aria-hidden="true" className="size-4" />
                {t("order.map")}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("order.pickup")}</dt>
            <dd className="font-medium">{when(order.pickupAt)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("order.return")}</dt>
            <dd className="font-medium">{when(order.returnAt)}</dd>
          </div>
        </dl>
        {paidLike && (
          <figure className="text-center">
            <img
              src={loaderData.qr}
              alt={t("order.qrAlt", { number: order.number })}
              width={160}
              height={160}
              className="mx-auto size-40"
            />
            <figcaption className="mx-auto mt-1 max-w-40 text-xs text-slate-600">{t("order.qrCaption")}</figcaption>
          </figure>
        )}
      </div>
      {paidLike && (
        <p className="mt-4 flex flex-wrap gap-4">
          <a
            href={`${documents}/calendar.ics`}
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            download
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t("order.calendar")}
          </a>
          <a href={`${documents}/confirmation.pdf`} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
            <FileDown aria-hidden="true" className="size-4" />
            {t("order.pdf")}
          </a>
        </p>
      )}
      <OrderAgreements documents={documents} versions={loaderData.agreements} />
      {groups.map((group) => (
        <section key={group.key} className="mt-6">
          <h2 className="text-lg font-semibold">{group.title}</h2>
          <ul className="mt-2 divide-y divide-slate-200">
            {group.lines.map((line) => (
              <li key={line.id} className="flex justify-between py-2">
                <span>
                  {line.quantity > 1 ? `${line.quantity} × ` : ""}
                  {line.name}
                  {line.size ? ` (${line.size})` : ""}
                  {line.packageName && (
                    <span className="block text-sm text-slate-600" data-package-line>
                      {t("booking.package.inBag", { name: line.packageName })}
                    </span>
                  )}
                  <PeakNote line={line} />
                </span>
                <span>{formatMoney(line.subtotalCents, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="mt-6 border-t border-slate-300 pt-4">
        <Totals
          subtotalCents={order.subtotalCents}
          discounts={order.discounts}
          totalCents={order.totalCents}
          vat={order.vatBreakdown}
          hotel={order.hotel}
          damageWaiver={order.damageWaiver}
        />
      </div>
      {loaderData.deposit && <DepositNote deposit={loaderData.deposit} />}
      <DamageFees fees={loaderData.damageFees} />
      {order.status === "paid" && (
        <section className="mt-8 rounded-xl border border-slate-200 p-5" aria-labelledby="change-title">
          <h2 id="change-title" className="text-lg font-semibold">
            {t("order.change.open")}
          </h2>
          {loaderData.changeable ? (
            <>
              <p className="mt-2">{t("order.change.until", { date: when(loaderData.freeUntil) })}</p>
              <Link
                to={`${documents}/change`}
                className="mt-3 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
              >
                <PencilLine aria-hidden="true" className="size-4" />
                {t("order.change.open")}
              </Link>
            </>
          ) : (
            <p className="mt-2 text-slate-700">{t("order.change.tooLateCall", { date: when(loaderData.freeUntil), phone: shop.phone })}</p>
          )}
        </section>
      )}
      {/* Cancelling is possible, but it is not what a customer came for: a quiet control at the end, opened on purpose. */}
      {order.status === "paid" && (
        <section className="mt-10 border-t border-slate-200 pt-4 text-sm" aria-labelledby="cancel-title">
          {loaderData.cancellable ? (
            <details open={Boolean(refused)}>
              <summary className="cursor-pointer text-slate-700 hover:text-slate-900">
                <h2 id="cancel-title" className="inline font-medium underline underline-offset-4">
                  {t("order.cancel.title")}
                </h2>
              </summary>
              <Form method="post" className="mt-3 space-y-3">
                <p>{t("order.cancel.free", { date: when(loaderData.freeUntil) })}</p>
                <input type="hidden" name="intent" value="cancel" />
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="confirm" value="yes" required />
                  {t("order.cancel.confirm")}
                </label>
                <button
                  type="submit"
                  className="rounded-md border border-slate-400 px-3 py-1.5 font-medium text-red-800 hover:border-red-700 hover:bg-red-50"
                >
                  {t("order.cancel.button", { amount: formatMoney(order.totalCents, locale) })}
                </button>
              </Form>
            </details>
          ) : (
            <>
              <h2 id="cancel-title" className="font-medium text-slate-700">
                {t("order.cancel.title")}
              </h2>
              <p className="mt-1 text-slate-700">{t("order.cancel.tooLate", { date: when(loaderData.freeUntil), phone: shop.phone })}</p>
            </>
          )}
        </section>
      )}
    </div>
  );
}
