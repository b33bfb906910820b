import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { ChangeForm, type ChangePreviewView } from "../../components/booking/change-form";
import { Notice, PageTitle } from "../../components/booking/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDate } from "../../domain/format";
import { parse } from "../../domain/forms";
import { splitLocale } from "../../domain/i18n";
import { confirmChangeSchema, parseChangeForm, withAddition } from "../../domain/order-change";
import { useTranslation } from "../../i18n/react";
import { publicOrigin } from "../../server/config.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { echo, found, param, redirectTo, refuse } from "../../server/http/results.server";
import { changeByCustomer, customerChangeForm, previewCustomerChange } from "../../server/orders/order-change.server";
import type { Route } from "./+types/order-change";

const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

/** `?payment=…`: sent back by the provider (see `unpaid`). */
const changeQuery = z.object({ payment: z.string().optional() });

export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { found: order, form } = found(await customerChangeForm(param(token, params.id), splitLocale(url.pathname).locale));
  return {
    token: order.order.token,
    number: order.order.number,
    phone: order.shop.phone,
    ...form,
    /** Back from the provider without paying the difference (the demo page says cancelled or failed). */
    unpaid: readQuery(request, changeQuery).payment !== undefined,
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const orderToken = param(token, params.id);
  const form = await readForm(request);
  if (form.intent === "add" || form.intent === "addPerson") return echo({ values: withAddition(form.values, form.intent) });
  const input = parseChangeForm(form.values);
  if (!input.ok) return refuse(input, form);
  if (form.intent === "confirm") {
    const confirm = parse(confirmChangeSchema, form.values);
    if (!confirm.ok) return refuse(confirm, form);
    const done = await changeByCustomer(orderToken, input.value, confirm.value.expectedTotal, publicOrigin(request));
    if (!done.ok) return refuse(done, form);
    // A dearer change goes to the provider's page for the difference; the order page says when it is paid.
    return done.value.redirectUrl ? redirect(done.value.redirectUrl) : redirectTo(request, `/order/${orderToken}?changed=1`);
  }
  const preview = await previewCustomerChange(orderToken, input.value, splitLocale(new URL(request.url).pathname).locale);
  if (!preview.ok) return refuse(preview, form);
  return data({ values: form.values, errors: {}, preview: preview.value });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, "orderChange", { number: loaderData?.number ?? "" }, { noindex: true });

/** The customer changes their booking: dates, sizes, equipment, persons; the new price; confirm or pay. */
export default function OrderChangePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const reply = replyFor(actionData);
  const preview =
    actionData && typeof actionData === "object" && "preview" in actionData ? (actionData.preview as ChangePreviewView) : null;
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "full", timeStyle: "short" });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle>{t("order.change.title", { number: loaderData.number })}</PageTitle>
      <p className="mt-2">
        <Link to={href(`/order/${loaderData.token}`)} className="font-medium text-brand-700 hover:underline">
          {t("order.change.back")}
        </Link>
      </p>
      {loaderData.unpaid && <Notice tone="info">{t("order.change.notPaidBack")}</Notice>}
      {loaderData.refusal ? (
        <Notice>
          {loaderData.refusal === "order.change.tooLate"
            ? t("order.change.tooLateCall", { date: when(loaderData.freeUntil), phone: loaderData.phone })
            : t(loaderData.refusal)}
        </Notice>
      ) : (
        <>
          <p className="mt-4 text-slate-700">{t("order.change.lead")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("order.change.until", { date: when(loaderData.freeUntil) })}</p>
          <FormValues reply={reply} initial={loaderData.values}>
            <ChangeForm options={loaderData.options} preview={preview} />
          </FormValues>
        </>
      )}
    </div>
  );
}
