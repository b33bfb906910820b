import { RecordForm } from "../../components/admin/form";
import { SettingsFields, SettingsHistory } from "../../components/admin/settings-form";
import { SettingsTabs } from "../../components/admin/settings-tabs";
import { AdminPage } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { settingsFormSchema, settingsFormValues } from "../../domain/admin/settings";
import { parse } from "../../domain/forms";
import { useTranslation } from "../../i18n/react";
import { getSettingsScreen, saveSettings } from "../../server/admin/settings.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const screen = await getSettingsScreen();
  return { values: settingsFormValues(screen.settings), environment: screen.environment, audit: screen.audit };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  const input = parse(settingsFormSchema, form.values);
  if (!input.ok) return refuse(input, form);
  await saveSettings(user.id, input.value);
  return redirectTo(request, "/admin/settings?saved=1");
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.settings");

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("admin.nav.settings")}>
      <SettingsTabs />
      <RecordForm reply={actionData} initial={loaderData.values} narrow="4xl">
        <SettingsFields environment={loaderData.environment} />
      </RecordForm>
      <SettingsHistory entries={loaderData.audit} />
    </AdminPage>
  );
}
