import { TriangleAlert } from "lucide-react";
import { Form } from "react-router";
import { KeyState } from "../../components/admin/api-key-state";
import { CopyField } from "../../components/admin/copy-field";
import { CheckboxGroup, FormStatus, SaveButton, SelectField, TextField } from "../../components/admin/form";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { FormValues } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { apiKeySchema, maskedKey, scopeHint, scopeMessage } from "../../domain/admin/api-key";
import { formatDateTime } from "../../domain/format";
import { parse } from "../../domain/forms";
import { API_SCOPES, type ApiScope } from "../../domain/integrations";
import { fail } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { createApiKey, listApiKeys } from "../../server/api/keys.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { refuse } from "../../server/http/results.server";
import { calendarShops } from "../../server/planner/calendar.server";
import type { Route } from "./+types/api-keys";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [keys, shops] = await Promise.all([listApiKeys(), calendarShops(null)]);
  return { keys, shops };
}

/**
 * Makes a key and answers with it in the action's data only: not in a redirect's URL, not in a cookie, so it
 * is on screen once and gone with the next navigation (decision 049).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  const input = parse(apiKeySchema, form.values);
  if (!input.ok) return refuse(input, form);
  const { name, scopes, shopId } = input.value;
  if (shopId !== null && !(await calendarShops(null)).some((s) => s.id === shopId))
    return refuse(fail.invalid({ shopId: "admin.errors.choose" }), form);
  const created = await createApiKey({ name, scopes, shopId, createdBy: user.id });
  return { created: { id: created.id, name, key: created.key } };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.apiKeys.title");

export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { keys, shops } = loaderData;
  const created = actionData && "created" in actionData ? actionData.created : null;
  type Row = (typeof keys)[number];
  return (
    <AdminPage title={t("admin.apiKeys.title")}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("admin.apiKeys.intro")}</p>
      {created && (
        <section aria-labelledby="new-key" className="mb-6 max-w-3xl rounded-lg border border-amber-400 bg-amber-50 p-4">
          <h2 id="new-key" className="text-lg font-semibold">
            {t("admin.apiKeys.createdTitle", { name: created.name })}
          </h2>
          <p className="mt-1 mb-3 flex items-start gap-2 text-sm text-amber-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("admin.apiKeys.onceWarning")}
          </p>
          <CopyField label={t("admin.apiKeys.theKey")} value={created.key} testId="new-api-key" />
        </section>
      )}
      <DataTable<Row>
        rows={keys}
        rowHref={(r) => `/admin/api-key/${r.id}`}
        empty={t("admin.apiKeys.empty")}
        columns={[
          { key: "name", label: t("admin.field.name"), cell: (r) => r.name },
          { key: "prefix", label: t("admin.apiKeys.key"), cell: (r) => <code className="text-xs">{maskedKey(r.prefix)}</code> },
          {
            key: "scopes",
            label: t("admin.apiKeys.scopes"),
            cell: (r) => r.scopes.map((scope) => t(scopeMessage(scope as ApiScope))).join(", "),
          },
          { key: "shop", label: t("admin.field.shop"), cell: (r) => r.shopName ?? t("admin.apiKeys.allBranches") },
          { key: "created", label: t("admin.apiKeys.created"), cell: (r) => formatDateTime(r.createdAt, locale) },
          {
            key: "used",
            label: t("admin.apiKeys.lastUsed"),
            cell: (r) => (r.lastUsedAt ? formatDateTime(r.lastUsedAt, locale) : t("admin.apiKeys.never")),
          },
          { key: "state", label: t("admin.field.status"), cell: (r) => <KeyState revoked={r.revokedAt !== null} /> },
        ]}
      />
      <Section title={t("admin.apiKeys.new")}>
        {/* A fresh form after a key is made: the next one starts empty. */}
        <FormValues key={created?.id ?? "new"} reply={created ? undefined : actionData} initial={{ shopId: "" }}>
          <FormStatus />
          <Form method="post" noValidate className="max-w-3xl space-y-4">
            <TextField name="name" label={t("admin.field.name")} hint={t("admin.apiKeys.nameHint")} required />
            <CheckboxGroup
              name="scopes"
              legend={t("admin.apiKeys.scopes")}
              hint={t("admin.apiKeys.scopesHint")}
              columns={1}
              options={API_SCOPES.map((scope) => ({ value: scope, label: t(scopeMessage(scope)), note: t(scopeHint(scope)) }))}
            />
            <SelectField
              name="shopId"
              label={t("admin.field.shop")}
              options={[
                { value: "", label: t("admin.apiKeys.allBranches") },
                ...shops.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
            />
            <SaveButton label={t("admin.apiKeys.create")} />
          </Form>
        </FormValues>
      </Section>
    </AdminPage>
  );
}
