import { data } from "react-router";
import { z } from "zod";
import { AdminPage } from "../../components/admin/ui";
import { ChangeForm, type ChangePreviewView } from "../../components/booking/change-form";
import { Notice } from "../../components/booking/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { parse } from "../../domain/forms";
import { splitLocale } from "../../domain/i18n";
import { parseChangeForm, staffConfirmChangeSchema, withAddition } from "../../domain/order-change";
import { useTranslation } from "../../i18n/react";
import { publicOrigin } from "../../server/config.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { echo, found, param, redirectTo, refuse } from "../../server/http/results.server";
import { changeByStaff, previewStaffChange, staffChangeForm, staffOrder } from "../../server/orders/order-change.server";
import type { Route } from "./+types/order-change";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const locale = splitLocale(new URL(request.url).pathname).locale;
  // Another branch's order is as good as missing for a staff member.
  const { found: order, form } = found(await staffChangeForm(user, param(z.uuid(), params.id), locale));
  return { id: order.order.id, number: order.order.number, ...form };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const id = param(z.uuid(), params.id);
  // Another branch's order answers 404 before its form is even read.
  found(await staffOrder(user, id));
  const form = await readForm(request);
  if (form.intent === "add" || form.intent === "addPerson") return echo({ values: withAddition(form.values, form.intent) });
  const input = parseChangeForm(form.values);
  if (!input.ok) return refuse(input, form);
  if (form.intent === "confirm") {
    const confirm = parse(staffConfirmChangeSchema, form.values);
    if (!confirm.ok) return refuse(confirm, form);
    const done = await changeByStaff(
      user,
      id,
      input.value,
      { expectedTotalCents: confirm.value.expectedTotal, method: confirm.value.method },
      publicOrigin(request),
    );
    return done.ok ? redirectTo(request, `/admin/order/${id}?done=change`) : refuse(done, form);
  }
  const preview = await previewStaffChange(user, id, input.value, splitLocale(new URL(request.url).pathname).locale);
  if (!preview.ok) return refuse(preview, form);
  return data({ values: form.values, errors: {}, preview: preview.value });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "admin.orders.changeTitle", { number: loaderData?.number ?? "" });

/** Staff change an order at the counter: the customer's change without the policy's limits. */
export default function AdminOrderChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reply = replyFor(actionData);
  const preview =
    actionData && typeof actionData === "object" && "preview" in actionData ? (actionData.preview as ChangePreviewView) : null;
  return (
    <AdminPage title={t("admin.orders.changeTitle", { number: loaderData.number })} back={`/admin/order/${loaderData.id}`}>
      {loaderData.refusal ? (
        <Notice>{t(loaderData.refusal)}</Notice>
      ) : (
        <div className="max-w-3xl">
          <p className="mt-2 text-slate-700">{t("admin.orders.changeLead")}</p>
          <FormValues reply={reply} initial={loaderData.values}>
            <ChangeForm options={loaderData.options} preview={preview} staff />
          </FormValues>
        </div>
      )}
    </AdminPage>
  );
}
