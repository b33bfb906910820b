/**
 * The price table of a rental or depot item (the total for 1..N days and each further day, in euros)
 * and its seasonal surcharges. Adding or removing a day works without JavaScript (the server sends the
 * form back with one column more or less, nothing saved) and instantly with it.
 */
import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { MAX_PRICE_DAYS } from "../../domain/admin/item";
import { formatDate, formatPercent } from "../../domain/format";
import { pick, type Translated } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { FormValues, replyFor, useFormScope } from "../form-values";
import { useLocale } from "../use-locale";
import { adminInputClass, TextField, TranslatedField } from "./form";
import { ItemSectionStatus, secondaryButton, smallButton } from "./item-ui";

export type PriceValues = { dayPrices: string[]; extraDay: string };

/** Inside the prices form's `<FormValues>`; `values` are the columns to start with. */
export function PriceTableEditor({ values }: { values: PriceValues }) {
  const { t } = useTranslation();
  const { errors } = useFormScope();
  const [days, setDays] = useState(values.dayPrices.length > 0 ? values.dayPrices : [""]);
  const edit = (i: number, value: string) => setDays((current) => current.map((v, j) => (j === i ? value : v)));
  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby="prices-title">
      <ItemSectionStatus section="prices" />
      <p className="text-sm text-slate-600">{t("admin.items.pricesHint")}</p>
      <div className="flex flex-wrap items-end gap-3">
        {days.map((value, i) => {
          const name = `dayPrices.${i}`;
          const id = `price-day-${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its day count
            <div key={i} className="w-28">
              <label htmlFor={id} className="text-sm font-medium">
                {t("admin.item.days", { count: i + 1 })}
              </label>
              <input
                id={id}
                name="dayPrices[]"
                inputMode="decimal"
                value={value}
                onChange={(e) => edit(i, e.target.value)}
                aria-invalid={errors?.[name] ? true : undefined}
                aria-describedby={errors?.[name] ? `${id}-error` : undefined}
                className={adminInputClass}
              />
              {errors?.[name] && (
                <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                  {t(errors[name])}
                </p>
              )}
            </div>
          );
        })}
        <div className="flex gap-2 pb-0.5">
          <button
            type="submit"
            name="intent"
            value="addDay"
            disabled={days.length >= MAX_PRICE_DAYS}
            onClick={(e) => {
              e.preventDefault();
              setDays((current) => (current.length >= MAX_PRICE_DAYS ? current : [...current, ""]));
            }}
            className={secondaryButton}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("admin.items.addDay")}
          </button>
          <button
            type="submit"
            name="intent"
            value="removeDay"
            disabled={days.length <= 1}
            onClick={(e) => {
              e.preventDefault();
              setDays((current) => (current.length <= 1 ? current : current.slice(0, -1)));
            }}
            className={secondaryButton}
          >
            <Minus aria-hidden="true" className="size-4" />
            {t("admin.items.removeDay")}
          </button>
        </div>
      </div>
      {(errors?.dayPrices || errors?.form) && <p className="text-sm text-red-700">{t(errors.dayPrices ?? errors.form)}</p>}
      <div className="max-w-xs">
        <TextField
          name="extraDay"
          label={t("admin.item.extraDay")}
          inputMode="decimal"
          required
          hint={t("admin.items.extraDayHint", { days: days.length })}
        />
      </div>
      <button type="submit" name="intent" value="prices" className={smallButton}>
        {t("admin.items.savePrices")}
      </button>
    </Form>
  );
}

export type Surcharge = { id: number; name: Partial<Translated>; startsOn: string; endsOn: string; percent: number };

function SurchargeFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const idPrefix = `${prefix}.`;
  return (
    <div className="space-y-3">
      <TranslatedField name={`${idPrefix}name`} label={t("admin.items.surchargeName")} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField name={`${idPrefix}startsOn`} label={t("admin.items.startsOn")} type="date" required />
        <TextField name={`${idPrefix}endsOn`} label={t("admin.items.endsOn")} type="date" required />
        <TextField name={`${idPrefix}percent`} label={t("admin.items.percent")} type="number" inputMode="numeric" required />
      </div>
    </div>
  );
}

/**
 * Each surcharge form posts its fields under its own prefix (`s12.name.en`, `snew.startsOn`), so that
 * field ids stay unique on the page; the action reads the prefix of the surcharge it changes.
 */
const surchargePrefix = (id: number | "new") => `s${id}`;

export function Surcharges({
  surcharges,
  storefront,
  reply,
  canEdit,
}: {
  surcharges: Surcharge[];
  storefront: Surcharge[];
  /** The refused form, if one of these was posted: `surcharge-new` or `surcharge-{id}`. */
  reply?: unknown;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = (d: string) => formatDate(d, locale, { dateStyle: "medium" });
  const adding = replyFor(reply, "surcharge-new");
  return (
    <div className="space-y-4">
      <ItemSectionStatus section="surcharges" />
      {surcharges.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.items.noSurcharges")}</p>
      ) : (
        <ul className="space-y-3">
          {surcharges.map((s) => {
            const target = `surcharge-${s.id}`;
            const edited = replyFor(reply, target);
            const prefix = surchargePrefix(s.id);
            const initial = { [prefix]: { name: s.name, startsOn: s.startsOn, endsOn: s.endsOn, percent: s.percent } };
            return (
              <li key={s.id} className="rounded-lg border border-slate-200 p-3" data-surcharge={s.id}>
                <p>
                  <strong>{pick(s.name, locale)}</strong>: {day(s.startsOn)} – {day(s.endsOn)}, +{formatPercent(s.percent, locale)}
                </p>
                {canEdit && (
                  <details className="mt-2" open={Boolean(edited)}>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">
                      {t("admin.items.changeSurcharge", { name: pick(s.name, locale) })}
                    </summary>
                    <FormValues reply={reply} target={target} initial={initial}>
                      <Form method="post" noValidate className="mt-3 space-y-3">
                        <input type="hidden" name="surchargeId" value={s.id} />
                        <SurchargeFields prefix={prefix} />
                        <div className="flex flex-wrap gap-2">
                          <button type="submit" name="intent" value="saveSurcharge" className={smallButton}>
                            {t("admin.form.save")}
                          </button>
                          <button type="submit" name="intent" value="deleteSurcharge" className={secondaryButton}>
                            {t("admin.items.deleteSurcharge", { name: pick(s.name, locale) })}
                          </button>
                        </div>
                      </Form>
                    </FormValues>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {storefront.length > 0 && (
        <div className="text-sm text-slate-700">
          <p>{t("admin.items.storefrontSurcharges")}</p>
          <ul className="mt-1 list-disc pl-5">
            {storefront.map((s) => (
              <li key={s.id}>
                {pick(s.name, locale)}: {day(s.startsOn)} – {day(s.endsOn)}, +{formatPercent(s.percent, locale)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {canEdit && (
        <details className="rounded-lg border border-slate-200 p-3" open={Boolean(adding)}>
          <summary className="cursor-pointer font-medium text-brand-700">{t("admin.items.addSurcharge")}</summary>
          <FormValues reply={reply} target="surcharge-new">
            <Form method="post" noValidate className="mt-3 space-y-3">
              <SurchargeFields prefix={surchargePrefix("new")} />
              <button type="submit" name="intent" value="addSurcharge" className={smallButton}>
                {t("admin.items.addSurcharge")}
              </button>
            </Form>
          </FormValues>
        </details>
      )}
    </div>
  );
}
