/**
 * The branch screen's parts: its fields (create and edit), the opening-hours editor of one storefront
 * (one line per weekday, works without JavaScript), and its closed days.
 */
import { CalendarX2, Clock } from "lucide-react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { WEEKDAYS } from "../../domain/admin/shop";
import { formatDate, weekdayName } from "../../domain/format";
import { pick } from "../../domain/i18n";
import { SEASONS } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { FormValues, replyFor, useField, useFormScope } from "../form-values";
import { useLocale } from "../use-locale";
import { adminInputClass, CheckboxField, CheckboxGroup, DateField, TextField, TranslatedField } from "./form";

export function ShopFields({ withSlug }: { withSlug?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label={t("admin.field.name")} required />
        {withSlug && <TextField name="slug" label={t("admin.field.slug")} hint={t("admin.shops.slugHint")} required />}
      </div>
      <TranslatedField name="description" label={t("admin.field.description")} multiline />
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("admin.field.address")}</legend>
        <div className="grid gap-4 sm:grid-cols-4">
          <div className="sm:col-span-4">
            <TextField name="street" label={t("admin.shops.street")} required autoComplete="off" />
          </div>
          <TextField name="postalCode" label={t("admin.shops.postalCode")} required />
          <div className="sm:col-span-2">
            <TextField name="town" label={t("admin.field.town")} required />
          </div>
          <TextField name="country" label={t("admin.shops.country")} hint={t("admin.shops.countryHint")} required />
          <div className="sm:col-span-2">
            <TextField
              name="latitude"
              label={t("admin.shops.latitude")}
              hint={t("admin.shops.latitudeHint")}
              inputMode="decimal"
              required
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              name="longitude"
              label={t("admin.shops.longitude")}
              hint={t("admin.shops.longitudeHint")}
              inputMode="decimal"
              required
            />
          </div>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="phone" label={t("admin.field.phone")} type="tel" inputMode="tel" required />
        <TextField name="email" label={t("admin.field.email")} type="email" inputMode="email" required />
        <TextField name="sort" label={t("admin.field.sort")} type="number" inputMode="numeric" required />
      </div>
      <CheckboxGroup
        name="appIds"
        legend={t("admin.shops.serves")}
        hint={t("admin.shops.servesHint")}
        options={SEASONS.map((id) => ({ value: id, label: t(`season.${id}`) }))}
      />
      <CheckboxField name="active" label={t("admin.field.active")} hint={t("admin.shops.activeHint")} />
    </div>
  );
}

/**
 * The week of one storefront: a line per weekday with its opening slots; empty means closed. Every
 * storefront's editor posts to the target "hours"; the posted `appId` says whose reply it is.
 */
export function HoursEditor({ appId, week, reply }: { appId: string; week: Record<string, string>; reply?: unknown }) {
  const hours = replyFor(reply, "hours");
  return (
    <FormValues reply={hours?.values.appId === appId ? hours : undefined} target="hours" initial={{ hours: week }}>
      <HoursForm appId={appId} />
    </FormValues>
  );
}

function HoursForm({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const { errors } = useFormScope();
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
        {WEEKDAYS.map((day) => (
          <HoursLine key={day} appId={appId} day={day} label={weekdayName(day, locale)} hintId={hintId} />
        ))}
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

function HoursLine({ appId, day, label, hintId }: { appId: string; day: number; label: string; hintId: string }) {
  const { t } = useTranslation();
  const { value, error } = useField(`hours.${day}`);
  const id = `hours-${appId}-${day}`;
  return (
    <div className="grid items-start gap-x-3 sm:grid-cols-[8rem_1fr]">
      <label htmlFor={id} className="pt-2 text-sm font-medium">
        {label}
      </label>
      <div>
        <input
          id={id}
          name={`hours.${day}`}
          defaultValue={value}
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
}

type ClosedDay = { day: string; reason: Record<string, string> | null };

/**
 * Upcoming closed days with a button to open again (target "reopenDay"), and a form to close the branch
 * on another day (target "closeDay").
 */
export function ClosedDays({ days, reply, today }: { days: ClosedDay[]; reply?: unknown; today: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const reopenError = replyFor(reply, "reopenDay")?.errors.form;
  const affected = Number(params.get("affected") ?? 0);
  return (
    <div className="space-y-4">
      {affected > 0 && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t("admin.shops.affectedBookings", { count: affected })}
        </p>
      )}
      {reopenError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t(reopenError)}
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
      <FormValues reply={reply} target="closeDay">
        <CloseDay today={today} />
      </FormValues>
    </div>
  );
}

function CloseDay({ today }: { today: string }) {
  const { t } = useTranslation();
  const { errors } = useFormScope();
  const count = Object.keys(errors).length;
  return (
    <Form method="post" noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="close-day-title">
      <h3 id="close-day-title" className="flex items-center gap-2 font-semibold">
        <CalendarX2 aria-hidden="true" className="size-4" />
        {t("admin.shops.closeDay")}
      </h3>
      {count > 0 && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          {errors.form ? t(errors.form) : t("admin.form.fix", { count })}
        </p>
      )}
      <div className="max-w-xs">
        <DateField name="day" label={t("admin.shops.day")} min={today} />
      </div>
      <TranslatedField name="reason" label={t("admin.shops.reason")} required={false} />
      <button
        type="submit"
        name="intent"
        value="closeDay"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("admin.shops.closeDayButton")}
      </button>
    </Form>
  );
}
