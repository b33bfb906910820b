import { Form, Link } from "react-router";
import { AppFields } from "../../components/admin/app-form";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { AdminPage } from "../../components/admin/ui";
import { FormValues } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { newAppSchema } from "../../domain/admin/app";
import { parse } from "../../domain/forms";
import { useTranslation } from "../../i18n/react";
import { allShops, creatableAppIds, createApp } from "../../server/admin/apps.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { readForm } from "../../server/http/forms.server";
import { redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/app-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [choices, shops] = await Promise.all([creatableAppIds(), allShops()]);
  return { choices, shops, values: { id: choices[0], seasonStart: "", seasonEnd: "", enabled: "", sort: 0, shopIds: [] } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  const input = parse(newAppSchema, form.values);
  if (!input.ok) return refuse(input, form);
  const saved = await createApp(user.id, input.value);
  if (!saved.ok) return refuse(saved, form);
  return redirectTo(request, `/admin/app/${input.value.id}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.apps.new");

export default function CreateApp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { choices, shops } = loaderData;
  return (
    <AdminPage title={t("admin.apps.new")} back="/admin/apps">
      {choices.length === 0 ? (
        <div className="max-w-2xl space-y-3 rounded-lg border border-slate-200 bg-white p-5 text-slate-800" data-all-exist>
          <p>{t("admin.apps.allExist")}</p>
          <p>{t("admin.apps.needsDeveloper")}</p>
          <Link to={href("/admin/apps")} className="inline-block font-medium text-brand-700 underline">
            {t("admin.apps.editExisting")}
          </Link>
        </div>
      ) : (
        <FormValues reply={actionData} initial={loaderData.values}>
          <FormStatus />
          <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("admin.apps.createIntro")}</p>
          <Form method="post" noValidate className="space-y-6">
            <AppFields shops={shops} idChoices={choices} />
            <SaveButton label={t("admin.form.create")} />
          </Form>
        </FormValues>
      )}
    </AdminPage>
  );
}
