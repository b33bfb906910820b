/**
 * The settings form: one fieldset per section (business data, VAT, languages and website, booking, online
 * discount, damage waiver, reminders, security), each field with its message beside it, and the recent changes of any setting.
 */

import type { AuditView } from "../../domain/admin/audit";
import { formatTime } from "../../domain/format";
import { languageName, languageTag, locales } from "../../domain/i18n";
import { REMINDER_MOMENTS } from "../../domain/reminders";
import { useTranslation } from "../../i18n/react";
import { useFormScope } from "../form-values";
import { useLocale } from "../use-locale";
import { CheckboxField, TextField } from "./form";
import { AuditTrail } from "./record";

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-3 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="space-y-4">{children}</div>
    </fieldset>
  );
}

/** The offered languages as checkboxes posted as `languages[]`. */
function LanguagesField() {
  const { t } = useTranslation();
  const { values, errors } = useFormScope();
  const chosen = Array.isArray(values.languages) ? (values.languages as string[]) : [];
  const error = errors.languages;
  return (
    <fieldset aria-describedby={`languages-hint${error ? " languages-error" : ""}`}>
      <legend className="text-sm font-medium">{t("admin.settings.key.languages")}</legend>
      <p id="languages-hint" className="mt-1 text-xs text-slate-600">
        {t("admin.settings.hint.languages")}
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {locales.map((locale) => (
          <label key={locale} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="languages[]"
              value={locale}
              defaultChecked={chosen.includes(locale)}
              aria-invalid={error ? true : undefined}
              className="size-4"
            />
            <span lang={languageTag[locale]}>{languageName[locale]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="languages-error" className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

export function SettingsFields({ environment }: { environment: { languageCookie: string; gtmId: string | null } }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const field = (name: string, label: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField name={name} label={label} required {...extra} />
  );
  return (
    <div className="space-y-6">
      <Section id="business" title={t("admin.settings.business")} hint={t("admin.settings.hint.business")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("business.name", t("admin.settings.field.name"), { hint: t("admin.settings.hint.name") })}
          {field("business.legalName", t("admin.settings.field.legalName"))}
          {field("business.street", t("admin.settings.field.street"), { autoComplete: "off" })}
          <div className="grid grid-cols-[8rem_1fr] gap-4">
            {field("business.postalCode", t("admin.settings.field.postalCode"))}
            {field("business.town", t("admin.field.town"))}
          </div>
          {field("business.country", t("admin.settings.field.country"), { hint: t("admin.settings.hint.country") })}
          {field("business.vatId", t("impressum.vatId"))}
          <TextField name="business.registry" label={t("admin.settings.field.registry")} hint={t("admin.settings.hint.registry")} />
          {field("business.phone", t("admin.field.phone"), { type: "tel", inputMode: "tel" })}
          {field("business.email", t("admin.field.email"), { type: "email", inputMode: "email" })}
        </div>
      </Section>

      <Section id="tax" title={t("admin.settings.tax")}>
        <div className="max-w-xs">
          {field("defaultVatRateBp", t("admin.settings.key.defaultVatRateBp"), {
            inputMode: "decimal",
            hint: t("admin.settings.hint.vat"),
          })}
        </div>
      </Section>

      <Section id="site" title={t("admin.settings.site")}>
        <LanguagesField />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="languageCookie"
            label={t("admin.settings.languageCookie")}
            hint={t("admin.settings.hint.languageCookie", { name: environment.languageCookie })}
          />
          <TextField
            name="gtmId"
            label={t("admin.settings.gtm")}
            hint={
              environment.gtmId
                ? t("admin.settings.hint.gtmEnvironment", { id: environment.gtmId })
                : t("admin.settings.hint.gtm", { example: "GTM-AB12CD" })
            }
          />
        </div>
      </Section>

      <Section id="booking" title={t("admin.settings.booking")}>
        <div className="grid gap-4 sm:grid-cols-3">
          {field("holdMinutes", t("admin.settings.holdMinutes"), { inputMode: "numeric", hint: t("admin.settings.hint.holdMinutes") })}
          {field("turnaroundMinutes", t("admin.settings.turnaround"), { inputMode: "numeric", hint: t("admin.settings.hint.turnaround") })}
          {field("cancellationFreeHours", t("admin.settings.cancellation"), {
            inputMode: "numeric",
            hint: t("admin.settings.hint.cancellation"),
          })}
        </div>
      </Section>

      <Section id="offer" title={t("admin.settings.discountOffer")} hint={t("admin.settings.hint.offer")}>
        <CheckboxField name="discountOffer.enabled" label={t("admin.settings.field.offerEnabled")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="discountOffer.percent"
            label={t("admin.settings.field.offerPercent")}
            hint={t("admin.settings.hint.offerPercent")}
            inputMode="numeric"
          />
          <TextField name="discountOffer.minDaysAhead" label={t("admin.settings.field.offerDays")} inputMode="numeric" />
        </div>
      </Section>

      <Section id="waiver" title={t("admin.settings.waiver")} hint={t("admin.settings.hint.waiver")}>
        <CheckboxField name="damageWaiver.enabled" label={t("admin.settings.field.waiverEnabled")} />
        <div className="max-w-xs">
          <TextField name="damageWaiver.dayPrice" label={t("admin.settings.field.waiverDayPrice")} inputMode="decimal" />
        </div>
      </Section>

      <Section id="reminders" title={t("admin.settings.reminders")} hint={t("admin.settings.hint.reminders")}>
        <CheckboxField
          name="reminders.pickup"
          label={t("admin.settings.field.reminderPickup")}
          hint={t("admin.settings.hint.reminderPickup", { time: formatTime(REMINDER_MOMENTS["pickup-reminder"].time, locale) })}
        />
        <CheckboxField
          name="reminders.return"
          label={t("admin.settings.field.reminderReturn")}
          hint={t("admin.settings.hint.reminderReturn", { time: formatTime(REMINDER_MOMENTS["return-reminder"].time, locale) })}
        />
      </Section>

      <Section id="security" title={t("admin.settings.security")}>
        <CheckboxField
          name="requireStaffTotp"
          label={t("admin.settings.key.requireStaffTotp")}
          hint={t("admin.settings.hint.requireStaffTotp")}
        />
      </Section>
    </div>
  );
}

/** Who changed which setting, when, from what to what. */
export function SettingsHistory({ entries }: { entries: (AuditView & { key: string })[] }) {
  const { t } = useTranslation();
  return (
    <AuditTrail
      entries={entries}
      heading={(entry) => t(`admin.settings.key.${entry.key}`, { defaultValue: entry.key })}
      marker={(entry) => ({ "data-setting": entry.key })}
    />
  );
}
