/**
 * The branch screen's parts: its fields (create and edit), the opening-hours editor of one storefront
 * (one line per weekday, works without JavaScript), and its closed days.
 */
import { CalendarX2, Clock } from "lucide-react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { APP_IDS } from "../../domain/admin/app";
import { WEEKDAYS } from "../../domain/admin/shop";
import { pick } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { formatDate, weekdayName } from "../format";
import { useLocale } from "../use-locale";
import { CheckboxGroup } from "./app-form";
import { adminInputClass, CheckboxField, TextField, TranslatedField, valueAt } from "./form";

type Values = Record<string, unknown> | undefined;
type Errors = Record<string, string> | undefined;

export function ShopFields({ values, errors, withSlug }: { values: Values; errors: Errors; withSlug?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label={t("admin.field.name")} values={values} errors={errors} required />
        {withSlug && (
          <TextField name="slug" label={t("admin.field.slug")} hint={t("admin.shops.slugHint")} values={values} errors={errors} required />
        )}
      </div>
      <TranslatedField name="description" label={t("admin.field.description")} values={values} errors={errors} multiline />
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("admin.field.address")}</legend>
        <div className="grid gap-4 sm:grid-cols-4">
          <div className="sm:col-span-4">
            <TextField name="street" label={t("admin.shops.street")} values={values} errors={errors} required autoComplete="off" />
          </div>
          <TextField name="postalCode" label={t("admin.shops.postalCode")} values={values} errors={errors} required />
          <div className="sm:col-span-2">
            <TextField name="town" label={t("admin.field.town")} values={values} errors={errors} required />
          </div>
          <TextField
            name="country"
            label={t("admin.shops.country")}
            hint={t("admin.shops.countryHint")}
            values={values}
            errors={errors}
            required
          />
          <div className="sm:col-span-2">
            <TextField
              name="latitude"
              label={t("admin.shops.latitude")}
              hint={t("admin.shops.latitudeHint")}
              inputMode="decimal"
              values={values}
              errors={errors}
              required
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              name="longitude"
              label={t("admin.shops.longitude")}
              hint={t("admin.shops.longitudeHint")}
              inputMode="decimal"
              values={values}
              errors={errors}
              required
            />
          </div>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="phone" label={t("admin.field.phone")} type="tel" inputMode="tel" values={values} errors={errors} required />
        <TextField name="email" label={t("admin.field.email")} type="email" inputMode="email" values={values} errors={errors} required />
        <TextField name="sort" label={t("admin.field.sort")} type="number" inputMode="numeric" values={values} errors={errors} required />
      </div>
      <CheckboxGroup
        name="appIds"
        legend={t("admin.shops.serves")}
        hint={t("admin.shops.servesHint")}
        values={values}
        errors={errors}
        options={APP_IDS.map((id) => ({ value: id, label: t(`season.${id}`) }))}
      />
      <CheckboxField name="active" label={t("admin.field.active")} hint={t("admin.shops.activeHint")} values={values} />
    </div>
  );
}

/** Where a form of the page answered from: the posted intent, the storefront of an hours form. */
export type ShopReply = { intent: string; values: Record<string, unknown>; errors: Record<string, string> };

/** The week of one storefront: a line per weekday with its opening slots; empty means closed. */
export function HoursEditor({ appId, week, reply }: { appId: string; week: Record<string, string>; reply?: ShopReply }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const mine = reply?.intent === "hours" && reply.values.appId === appId ? reply : undefined;
  const values = (mine?.values.hours as Record<string, string> | undefined) ?? week;
  const errors = mine?.errors ?? {};
  const count = Object.keys(errors).length;
  const hintId = `hours-${appId}-hint`;
  return (
    <Form method="post" noValidate className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`hours-${appId}-title`}>
      <h3 id={`hours-${appId}-title`} className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden="true" className="size-4" />
        {t("admin.shops.hoursOf", { season: t(`season.${appId}`) })}
      </h3>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t("admin.shops.hoursHint")}
      </p>
      {count > 0 && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          {errors.form ? t(errors.form) : t("admin.form.fix", { count })}
        </p>
      )}
      <input type="hidden" name="appId" value={appId} />
      <div className="mt-3 space-y-2">
        {WEEKDAYS.map((day) => {
          const id = `hours-${appId}-${day}`;
          const error = errors[`hours.${day}`];
          return (
            <div key={day} className="grid items-start gap-x-3 sm:grid-cols-[8rem_1fr]">
              <label htmlFor={id} className="pt-2 text-sm font-medium">
                {weekdayName(day, locale)}
              </label>
              <div>
                <input
                  id={id}
                  name={`hours.${day}`}
                  defaultValue={values[String(day)] ?? ""}
                  placeholder={t("shop.closed")}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={[error ? `${id}-error` : null, hintId].filter(Boolean).join(" ")}
                  autoComplete="off"
                  className={adminInputClass.replace("mt-1 ", "")}
                />
                {error && (
                  <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                    {t(error)}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <button
        type="submit"
        name="intent"
        value="hours"
        aria-disabled={busy || undefined}
        className="mt-4 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("admin.shops.saveHours", { season: t(`season.${appId}`) })}
      </button>
    </Form>
  );
}

type ClosedDay = { day: string; reason: Record<string, string> | null };

/** Upcoming closed days with a button to open again, and a form to close the branch on another day. */
export function ClosedDays({ days, reply, today }: { days: ClosedDay[]; reply?: ShopReply; today: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const mine = reply?.intent === "closeDay" ? reply : undefined;
  const affected = Number(params.get("affected") ?? 0);
  return (
    <div className="space-y-4">
      {affected > 0 && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t("admin.shops.affectedBookings", { count: affected })}
        </p>
      )}
      {reply?.intent === "reopenDay" && reply.errors.form && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t(reply.errors.form)}
        </p>
      )}
      {days.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.shops.noClosedDays")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-closed-days>
          {days.map((closed) => {
            const date = formatDate(closed.day, locale, { dateStyle: "full" });
            return (
              <li key={closed.day} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <span>
                  <strong className="font-medium">{date}</strong>
                  {closed.reason && <span className="text-slate-700"> – {pick(closed.reason, locale)}</span>}
                </span>
                <Form method="post">
                  <input type="hidden" name="day" value={closed.day} />
                  <button
                    type="submit"
                    name="intent"
                    value="reopenDay"
                    aria-label={t("admin.shops.reopenDay", { date })}
                    className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                  >
                    {t("admin.shops.reopen")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <Form
        method="post"
        noValidate
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        aria-labelledby="close-day-title"
      >
        <h3 id="close-day-title" className="flex items-center gap-2 font-semibold">
          <CalendarX2 aria-hidden="true" className="size-4" />
          {t("admin.shops.closeDay")}
        </h3>
        {mine && Object.keys(mine.errors).length > 0 && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
            {mine.errors.form ? t(mine.errors.form) : t("admin.form.fix", { count: Object.keys(mine.errors).length })}
          </p>
        )}
        <div className="max-w-xs">
          <DateField name="day" label={t("admin.shops.day")} min={today} values={mine?.values} errors={mine?.errors} />
        </div>
        <TranslatedField name="reason" label={t("admin.shops.reason")} values={mine?.values} errors={mine?.errors} required={false} />
        <button
          type="submit"
          name="intent"
          value="closeDay"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t("admin.shops.closeDayButton")}
        </button>
      </Form>
    </div>
  );
}

/** A date input with its message; `min` lets the browser's picker start at today. */
export function DateField({
  name,
  label,
  values,
  errors,
  min,
  required = true,
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  min?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const id = `field-${name}`;
  const error = errors?.[name];
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {!required && <span className="font-normal text-slate-600"> ({t("booking.optional")})</span>}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        min={min}
        defaultValue={valueAt(values, name)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={adminInputClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}
