/** The fields of a storefront (create and edit), with its season window picked as day and month. */

import { formatTag } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useField, useFormScope, valueAt } from "../form-values";
import { useLocale } from "../use-locale";
import { adminInputClass, CheckboxField, CheckboxGroup, TextField, TranslatedField } from "./form";

/** The form's input look without its full width, for selects that sit side by side. */
const selectClass = adminInputClass.replace("mt-1 block w-full", "block");

/** "12-01" or a posted { month, day } as the two selects show it. */
function monthDayParts(values: Record<string, unknown>, name: string): { month: string; day: string } {
  const value = values[name];
  if (value && typeof value === "object") {
    const { month, day } = value as { month?: string; day?: string };
    return { month: month ?? "", day: day ?? "" };
  }
  const match = /^(\d{2})-(\d{2})$/.exec(valueAt(values, name));
  return match ? { month: String(Number(match[1])), day: String(Number(match[2])) } : { month: "", day: "" };
}

/** A day of the year as the season window uses it: day and month, no year. */
function MonthDayField({ name, legend }: { name: string; legend: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { values, errors } = useFormScope();
  const parts = monthDayParts(values, name);
  const error = errors[name];
  const base = `field-${name}`;
  const monthName = new Intl.DateTimeFormat(formatTag[locale], { month: "long", timeZone: "UTC" });
  const invalid = error ? true : undefined;
  const describedBy = invalid ? `${base}-error` : undefined;
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex gap-2">
        <div>
          <label htmlFor={`${base}-day`} className="sr-only">
            {t("admin.apps.day")}
          </label>
          <select
            id={`${base}-day`}
            name={`${name}.day`}
            defaultValue={parts.day}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`${selectClass} w-20`}
          >
            <option value="">{t("admin.apps.day")}</option>
            {Array.from({ length: 31 }, (_, i) => String(i + 1)).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${base}-month`} className="sr-only">
            {t("admin.apps.month")}
          </label>
          <select
            id={`${base}-month`}
            name={`${name}.month`}
            defaultValue={parts.month}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`${selectClass} w-40`}
          >
            <option value="">{t("admin.apps.month")}</option>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
              <option key={month} value={String(month)}>
                {monthName.format(new Date(Date.UTC(2024, month - 1, 1)))}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p id={`${base}-error`} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

/** "12-01" -> "1 December" in the page's language. */
export function useMonthDay() {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(formatTag[locale], { day: "numeric", month: "long", timeZone: "UTC" });
  return (monthDay: string) => {
    const [month, day] = monthDay.split("-").map(Number);
    return month && day ? format.format(new Date(Date.UTC(2024, month - 1, day))) : monthDay;
  };
}

export function StorefrontFields({
  shops,
  idChoices,
}: {
  shops: { id: number; name: string; town: string; active: boolean }[];
  /** On the create page: the kinds of storefront that can still be created. */
  idChoices?: string[];
}) {
  const { t } = useTranslation();
  const id = useField("id");
  return (
    <div className="space-y-4">
      {idChoices && (
        <div className="max-w-sm">
          <label htmlFor="field-id" className="text-sm font-medium">
            {t("admin.apps.kind")}
          </label>
          <select
            id="field-id"
            name="id"
            defaultValue={id.value || idChoices[0]}
            aria-invalid={id.error ? true : undefined}
            aria-describedby={id.error ? "field-id-error" : "field-id-hint"}
            className={adminInputClass}
          >
            {idChoices.map((id) => (
              <option key={id} value={id}>
                {t(`season.${id}`)}
              </option>
            ))}
          </select>
          <p id="field-id-hint" className="mt-1 text-xs text-slate-600">
            {t("admin.apps.kindHint")}
          </p>
          {id.error && (
            <p id="field-id-error" className="mt-1 text-sm text-red-700">
              {t(id.error)}
            </p>
          )}
        </div>
      )}
      <TranslatedField name="name" label={t("admin.field.name")} />
      <TranslatedField name="description" label={t("admin.field.description")} multiline />
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("admin.apps.seasonWindow")}</legend>
        <p className="mb-2 text-xs text-slate-600">{t("admin.apps.seasonHint")}</p>
        <div className="flex flex-wrap gap-6">
          <MonthDayField name="seasonStart" legend={t("admin.apps.seasonStart")} />
          <MonthDayField name="seasonEnd" legend={t("admin.apps.seasonEnd")} />
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="sort" label={t("admin.field.sort")} type="number" inputMode="numeric" required />
      </div>
      <CheckboxField name="enabled" label={t("admin.field.enabled")} hint={t("admin.apps.enabledHint")} />
      <CheckboxGroup
        name="shopIds"
        legend={t("admin.apps.servedBy")}
        hint={t("admin.apps.servedByHint")}
        options={shops.map((shop) => ({
          value: String(shop.id),
          label: shop.name,
          note: shop.active ? shop.town : `${shop.town}, ${t("admin.shops.inactive")}`,
        }))}
      />
    </div>
  );
}
