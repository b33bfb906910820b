import { Form } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { StorefrontFields, useMonthDay } from "../../components/admin/storefront-form";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { storefrontDeleteBlock, storefrontSchema, wrapsYearEnd } from "../../domain/admin/storefront";
import { pick } from "../../domain/i18n";
import { seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { deleteStorefront, getStorefront, updateStorefront } from "../../server/admin/storefronts.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/storefront";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return found(await getStorefront(param(seasonSchema, params.id)));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(seasonSchema, params.id);
  const form = await readForm(request);
  if (form.intent === "delete") {
    const deleted = await deleteStorefront(user.id, id);
    // A target of its own: the delete form posts no fields, and its refusal must not empty the storefront's.
    if (!deleted.ok) return refuse(deleted, form, "delete");
    return redirectTo(request, "/admin/apps?deleted=1");
  }
  return saveForm(
    request,
    form,
    storefrontSchema,
    (input) => updateStorefront(user.id, id, input),
    () => `/admin/app/${id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.apps");

export default function StorefrontRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = useMonthDay();
  const { storefront, categories, shops, uses, audit } = loaderData;
  const name = pick(storefront.name, locale);
  const block = storefrontDeleteBlock(uses);
  const refusedDelete = replyFor(actionData, "delete");
  type Category = (typeof categories)[number];
  return (
    <AdminPage title={name} back="/admin/apps">
      <FormValues reply={actionData} initial={storefront}>
        {refusedDelete ? <FormStatus reply={refusedDelete} /> : <FormStatus />}
        <p className="mb-4 text-sm text-slate-700">
          {t("admin.field.id")}: <code>{storefront.id}</code> ·{" "}
          {t(wrapsYearEnd(storefront.seasonStart, storefront.seasonEnd) ? "admin.apps.seasonWraps" : "admin.apps.seasonSummary", {
            start: day(storefront.seasonStart),
            end: day(storefront.seasonEnd),
          })}
        </p>
        {/* Keyed by the stored record: after a save the form shows what was stored (normalized), not what was typed. */}
        <Form key={String(storefront.updatedAt)} method="post" noValidate className="space-y-6">
          <StorefrontFields shops={shops} />
          <SaveButton />
        </Form>
      </FormValues>
      <Section title={t("admin.nav.categories")}>
        <DataTable<Category>
          rows={categories}
          rowHref={(c) => `/admin/category/${c.id}`}
          empty={t("admin.apps.noCategories")}
          columns={[
            { key: "name", label: t("admin.field.name"), cell: (c) => pick(c.name, locale) },
            { key: "kind", label: t("admin.field.kind"), cell: (c) => t(`admin.kind.${c.kind}`) },
            { key: "items", label: t("admin.nav.items"), cell: (c) => c.items },
          ]}
        />
      </Section>
      <DeleteRecord name={name} blocked={block ? `${t(block.key, { count: block.count })} ${t("admin.apps.disableInstead")}` : null} />
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
