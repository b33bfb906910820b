import { RecordForm } from "../../components/admin/form";
import { PackageFields } from "../../components/admin/package-form";
import { AuditTrail } from "../../components/admin/record";
import { AdminPage, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { centsText } from "../../domain/admin/item";
import { dayPricesText, packageSchema } from "../../domain/admin/package";
import { pick } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { useTranslation } from "../../i18n/react";
import { getPackage, updatePackage } from "../../server/admin/packages.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm, saveForm } from "../../server/http/forms.server";
import { found, param } from "../../server/http/results.server";
import type { Route } from "./+types/package";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const record = found(await getPackage(param(rowId, params.id)));
  const p = record.package;
  return {
    ...record,
    values: {
      name: p.name,
      description: p.description,
      level: p.level,
      sort: String(p.sort),
      active: p.active,
      dayPrices: dayPricesText(p.dayPrices),
      extraDay: centsText(p.extraDayCents),
      childDayPrices: dayPricesText(p.childDayPrices),
      childExtraDay: centsText(p.childExtraDayCents),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const form = await readForm(request);
  return saveForm(
    request,
    form,
    packageSchema,
    (input) => updatePackage(user.id, id, input),
    () => `/admin/package/${id}?saved=1`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.packages");

export default function PackageRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { package: row, slots, audit, values } = loaderData;
  return (
    <AdminPage title={pick(row.name, locale)} back="/admin/packages">
      <RecordForm reply={actionData} initial={values}>
        <p className="text-sm text-slate-600">
          {t("admin.field.season")}: {t(`season.${row.appId}`)} · <code>{row.slug}</code>
        </p>
        <PackageFields />
      </RecordForm>
      <Section title={t("admin.packages.components")}>
        <p className="text-sm text-slate-600">{t("admin.packages.componentsHint")}</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {slots.map((slot) => (
            <li key={slot[0].slot}>{slot.map((c) => pick(c.name, locale)).join(" / ")}</li>
          ))}
        </ol>
      </Section>
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}
