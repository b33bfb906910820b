import { Form, Link, useSearchParams } from "react-router";
import { z } from "zod";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { ListTable } from "../../components/admin/list";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { AdminPage, Section } from "../../components/admin/ui";
import { DeliveryStatus, eventKey, SecretOnce, WebhookFields } from "../../components/admin/webhook-form";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDateTime } from "../../domain/format";
import { rowId } from "../../domain/ids";
import { webhookEndpointSchema } from "../../domain/webhooks";
import { useTranslation } from "../../i18n/react";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import { kickWebhooks } from "../../server/webhooks/deliveries.server";
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  resendDelivery,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from "../../server/webhooks/endpoints.server";
import type { Route } from "./+types/webhook";

const changeSchema = webhookEndpointSchema.omit({ url: true });
const deliveriesQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });
const deliverySchema = z.object({ delivery: z.coerce.number().int().positive() });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page } = readQuery(request, deliveriesQuery);
  return found(await getWebhookEndpoint(param(rowId, params.id), page));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const form = await readForm(request);
  if (form.intent === "delete") {
    const deleted = await deleteWebhookEndpoint(user.id, id);
    if (!deleted.ok) return refuse(deleted, form, "delete");
    return redirectTo(request, "/admin/webhooks");
  }
  if (form.intent === "roll") {
    const rolled = await rollWebhookSecret(user.id, id);
    if (!rolled.ok) return refuse(rolled, form);
    // Answered, not redirected: the new secret exists only in this answer.
    return { rolled: rolled.value.secret };
  }
  if (form.intent === "resend") {
    const delivery = deliverySchema.safeParse(form.values);
    if (!delivery.success) return refuse({ ok: false, reason: "notFound" }, form);
    const resent = await resendDelivery(user.id, id, delivery.data.delivery);
    if (!resent.ok) return refuse(resent, form, "log");
    kickWebhooks();
    return redirectTo(request, `/admin/webhook/${id}?resent=1#log`);
  }
  return saveForm(
    request,
    form,
    changeSchema,
    (input) => updateWebhookEndpoint(user.id, id, input),
    () => `/admin/webhook/${id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.webhooks.title");

export default function WebhookRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const [search] = useSearchParams();
  const { endpoint, deliveries, audit } = loaderData;
  const refusedLog = replyFor(actionData, "log");
  const rolled = actionData && "rolled" in actionData ? actionData.rolled : null;
  type Row = (typeof deliveries.rows)[number];
  return (
    <AdminPage title={endpoint.url} back="/admin/webhooks">
      <FormValues reply={rolled ? undefined : replyFor(actionData)} initial={{ ...endpoint, active: endpoint.active ? "true" : "" }}>
        <FormStatus />
        <Form method="post" noValidate className="max-w-3xl space-y-6">
          <WebhookFields withUrl={false} />
          <SaveButton />
        </Form>
      </FormValues>
      <Section title={t("admin.webhooks.log")}>
        <div id="log" />
        {refusedLog && <FormStatus reply={refusedLog} />}
        {search.get("resent") === "1" && (
          <div role="status" className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
            {t("admin.webhooks.resent")}
          </div>
        )}
        <ListTable<Row>
          page={deliveries}
          rowKey={(r) => r.id}
          empty={{ text: t("admin.webhooks.logEmpty") }}
          columns={[
            { key: "at", label: t("admin.webhooks.at"), cell: (r) => formatDateTime(r.lastAttemptAt ?? r.createdAt, locale) },
            {
              key: "event",
              label: t("admin.webhooks.event"),
              cell: (r) => (
                <span title={r.eventId} data-event={r.type}>
                  {t(eventKey(r.type))}
                </span>
              ),
            },
            {
              key: "order",
              label: t("admin.field.number"),
              cell: (r) => (
                <Link to={href(`/admin/order/${r.orderId}`)} className="font-medium text-brand-700 underline">
                  {r.orderNumber}
                </Link>
              ),
            },
            { key: "status", label: t("admin.field.status"), cell: (r) => <DeliveryStatus status={r.status} /> },
            { key: "attempts", label: t("admin.webhooks.attempts"), align: "right", cell: (r) => r.attempts },
            {
              key: "http",
              label: t("admin.webhooks.httpStatus"),
              align: "right",
              cell: (r) => r.lastStatus ?? (r.attempts > 0 ? t("admin.webhooks.noAnswer") : "—"),
            },
            {
              key: "response",
              label: t("admin.webhooks.response"),
              cell: (r) => (
                <span className="line-clamp-3 break-all font-mono text-xs" title={r.lastResponse ?? r.lastError ?? undefined}>
                  {r.lastResponse || (r.lastError ? t(r.lastError, { defaultValue: r.lastError }) : "")}
                </span>
              ),
            },
            {
              key: "next",
              label: t("admin.webhooks.nextTry"),
              cell: (r) =>
                r.status === "pending" ? (
                  r.nextAttemptAt && formatDateTime(r.nextAttemptAt, locale)
                ) : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="delivery" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="resend"
                      className="rounded-md border border-brand-700 px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50"
                    >
                      {t("admin.webhooks.resend")}
                    </button>
                  </Form>
                ),
            },
          ]}
        />
      </Section>
      <Section title={t("admin.webhooks.secret")}>
        {rolled ? (
          <SecretOnce secret={rolled} title={t("admin.webhooks.rolled")} />
        ) : (
          <details className="max-w-3xl rounded-lg border border-slate-200 p-4">
            <summary className="cursor-pointer font-semibold">{t("admin.webhooks.roll")}</summary>
            <Form method="post" className="mt-3 space-y-3">
              <p className="text-sm text-slate-800">{t("admin.webhooks.rollWarning")}</p>
              <button
                type="submit"
                name="intent"
                value="roll"
                className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                {t("admin.webhooks.rollConfirm")}
              </button>
            </Form>
          </details>
        )}
      </Section>
      <DeleteRecord name={endpoint.url} />
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
