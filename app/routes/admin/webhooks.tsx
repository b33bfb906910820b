import { Link } from "react-router";
import { RecordForm } from "../../components/admin/form";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { DeliveryStatus, eventKey, SecretOnce, WebhookFields } from "../../components/admin/webhook-form";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDateTime } from "../../domain/format";
import { parse } from "../../domain/forms";
import { webhookEndpointSchema } from "../../domain/webhooks";
import { useTranslation } from "../../i18n/react";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { refuse } from "../../server/http/results.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "../../server/webhooks/endpoints.server";
import type { Route } from "./+types/webhooks";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { endpoints: await listWebhookEndpoints() };
}

/**
 * Registers an endpoint and answers with its secret instead of redirecting: the secret exists only in this
 * answer (it is kept sealed and never shown again).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  const input = parse(webhookEndpointSchema, form.values);
  if (!input.ok) return refuse(input, form);
  const created = await createWebhookEndpoint(user.id, input.value);
  if (!created.ok) return refuse(created, form);
  return { created: { id: created.value.id, url: input.value.url, secret: created.value.secret } };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.webhooks.title");

/** The secret of the endpoint just made, shown this once, with the way to its page. */
function NewSecret({ created }: { created: { id: number; url: string; secret: string } }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  return (
    <SecretOnce secret={created.secret} title={t("admin.webhooks.created", { url: created.url })}>
      <p className="mt-3 text-sm">
        <Link to={href(`/admin/webhook/${created.id}`)} className="font-medium text-brand-700 underline">
          {t("admin.webhooks.open")}
        </Link>
      </p>
    </SecretOnce>
  );
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const created = actionData && "created" in actionData ? actionData.created : null;
  type Row = (typeof loaderData.endpoints)[number];
  return (
    <AdminPage title={t("admin.webhooks.title")}>
      <p className="mb-6 max-w-3xl text-sm text-slate-700">{t("admin.webhooks.intro")}</p>
      {created && <NewSecret created={created} />}
      <DataTable<Row>
        rows={loaderData.endpoints}
        rowHref={(r) => `/admin/webhook/${r.id}`}
        empty={t("admin.webhooks.empty")}
        columns={[
          { key: "url", label: t("admin.webhooks.url"), cell: (r) => <span className="break-all">{r.url}</span> },
          { key: "description", label: t("admin.field.description"), cell: (r) => r.description },
          { key: "events", label: t("admin.webhooks.events"), cell: (r) => r.events.map((e) => t(eventKey(e))).join(", ") },
          { key: "active", label: t("admin.field.active"), cell: (r) => (r.active ? t("admin.yes") : t("admin.no")) },
          {
            key: "last",
            label: t("admin.webhooks.lastDelivery"),
            cell: (r) =>
              r.lastStatus ? (
                <>
                  <DeliveryStatus status={r.lastStatus} /> {r.lastAt && formatDateTime(r.lastAt, locale)}
                </>
              ) : (
                t("admin.webhooks.none")
              ),
          },
        ]}
      />
      <Section title={t("admin.webhooks.new")}>
        {/* A fresh form after a registration: the reply holds the secret, not the fields. */}
        <RecordForm
          key={created?.id ?? "new"}
          reply={created ? undefined : actionData}
          initial={{ events: [], active: "true" }}
          saveLabel={t("admin.webhooks.register")}
          narrow="3xl"
        >
          <WebhookFields withUrl />
        </RecordForm>
      </Section>
    </AdminPage>
  );
}
