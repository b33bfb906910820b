import { Link } from "react-router";
import { RecordForm } from "../../components/admin/form";
import { StorefrontFields } from "../../components/admin/storefront-form";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { newStorefrontSchema } from "../../domain/admin/storefront";
import { useTranslation } from "../../i18n/react";
import { allShops, creatableStorefrontIds, createStorefront } from "../../server/admin/storefronts.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import type { Route } from "./+types/storefront-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [choices, shops] = await Promise.all([creatableStorefrontIds(), allShops()]);
  return { choices, shops, values: { id: choices[0], seasonStart: "", seasonEnd: "", enabled: "", sort: 0, shopIds: [] } };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  return saveForm(
    request,
    form,
    newStorefrontSchema,
    (input) => createStorefront(user.id, input),
    (_value, input) => `/admin/app/${input.id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.apps.new");

export default function CreateStorefront({ loaderData, actionData }: Route.ComponentProps) {
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
        <RecordForm reply={actionData} initial={loaderData.values} saveLabel={t("admin.form.create")} intro={t("admin.apps.createIntro")}>
          <StorefrontFields shops={shops} idChoices={choices} />
        </RecordForm>
      )}
    </AdminPage>
  );
}
