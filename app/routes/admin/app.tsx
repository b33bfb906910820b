import { Form, redirect } from "react-router";
import { z } from "zod";
import { AppFields, useMonthDay } from "../../components/admin/app-form";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AuditTrail, DeleteRecord } from "../../components/admin/record";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { APP_IDS, appDeleteBlock, appSchema, wrapsYearEnd } from "../../domain/admin/app";
import { localizePath, pick, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { deleteApp, getApp, updateApp } from "../../server/admin/apps.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { notFound, param } from "../../server/http/errors.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/app";

const appId = z.enum(APP_IDS);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const found = await getApp(param(appId, params.id));
  if (!found) notFound();
  return found;
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(appId, params.id);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const form = await readForm(request, appSchema);
  if (form.intent === "delete") {
    const deleted = await deleteApp(user.id, id);
    if (deleted === null) notFound();
    if (!deleted.ok) return refused(form.values, { form: "admin.apps.deleteRefused" });
    return redirect(`${localizePath("/admin/apps", locale)}?deleted=1`);
  }
  if (!form.ok) return refused(form.values, form.errors);
  const saved = await updateApp(user.id, id, form.data);
  if (saved === null) notFound();
  if (!saved.ok) return refused(form.values, saved.errors);
  return redirect(`${localizePath(`/admin/app/${id}`, locale)}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.apps");

export default function AppRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = useMonthDay();
  const { app, categories, shops, uses, audit } = loaderData;
  const name = pick(app.name, locale);
  const block = appDeleteBlock(uses);
  // A refused delete posts no fields: the form keeps showing the record.
  const posted = actionData?.values;
  const values = posted && Object.keys(posted).length > 0 ? posted : app;
  type Category = (typeof categories)[number];
  return (
    <AdminPage title={name} back="/admin/apps">
      <FormStatus errors={actionData?.errors} />
      <p className="mb-4 text-sm text-slate-700">
        {t("admin.field.id")}: <code>{app.id}</code> ·{" "}
        {t(wrapsYearEnd(app.seasonStart, app.seasonEnd) ? "admin.apps.seasonWraps" : "admin.apps.seasonSummary", {
          start: day(app.seasonStart),
          end: day(app.seasonEnd),
        })}
      </p>
      {/* Keyed by the stored record: after a save the form shows what was stored (normalized), not what was typed. */}
      <Form key={String(app.updatedAt)} method="post" noValidate className="space-y-6">
        <AppFields values={values} errors={actionData?.errors} shops={shops} />
        <SaveButton />
      </Form>
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
