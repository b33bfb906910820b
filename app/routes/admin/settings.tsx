import { Form, redirect } from "react-router";
import { FormStatus, SaveButton } from "../../components/admin/form";
import { SettingsFields, SettingsHistory } from "../../components/admin/settings-form";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { settingsFormSchema, settingsFormValues } from "../../domain/admin/settings";
import { localizePath, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { getSettingsScreen, saveSettings } from "../../server/admin/settings.server";
import { requireAdmin } from "../../server/auth/guards.server";
import { readForm, refused } from "../../server/http/forms.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const screen = await getSettingsScreen();
  return { values: settingsFormValues(screen.settings), environment: screen.environment, audit: screen.audit };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request, settingsFormSchema);
  if (!form.ok) return refused(form.values, form.errors);
  await saveSettings(user.id, form.data);
  const { locale } = splitLocale(new URL(request.url).pathname);
  return redirect(`${localizePath("/admin/settings", locale)}?saved=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.settings");

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.nav.settings")}>
      <SettingsTabs />
      <FormStatus errors={actionData?.errors} />
      <Form method="post" noValidate className="max-w-4xl space-y-6">
        <SettingsFields values={actionData?.values ?? loaderData.values} errors={actionData?.errors} environment={loaderData.environment} />
        <SaveButton />
      </Form>
      <SettingsHistory entries={loaderData.audit} />
    </AdminPage>
  );
}
