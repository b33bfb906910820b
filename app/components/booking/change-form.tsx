/**
 * The change of a booking (decision 028), for the customer on /order/{token}/change and for staff on
 * /admin/order/{id}/change: dates, persons, equipment with size, quantity and person, add and remove, then
 * the new price and the button that confirms (or pays) it. A plain form with intents, so it works without
 * JavaScript; its values and messages come from the enclosing <FormValues>.
 */
import { Form } from "react-router";
import { formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import type { ChangeOption, ChangePreviewView } from "../../server/orders/order-change.server";
import { useField, useFormScope, valueAt } from "../form-values";
import { useLocale } from "../use-locale";
import { Totals } from "./totals";
import { Field, inputClass, Notice, PrimaryButton } from "./ui";

export type { ChangePreviewView };

const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700";

function rowKeys(values: Record<string, unknown>, group: string): string[] {
  const rows = values[group];
  if (typeof rows !== "object" || rows === null) return [];
  return Object.keys(rows)
    .filter((k) => /^\d{1,3}$/.test(k))
    .sort((a, b) => Number(a) - Number(b));
}

function Input({
  name,
  label,
  type = "text",
  ...rest
}: { name: string; label: string; type?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { value } = useField(name);
  return (
    <Field name={name} label={label} id={name.replaceAll(".", "-")}>
      {(props) => <input {...props} type={type} defaultValue={value} className={inputClass} {...rest} />}
    </Field>
  );
}

function Select({ name, label, choices }: { name: string; label: string; choices: { value: string; label: string }[] }) {
  const { value } = useField(name);
  return (
    <Field name={name} label={label} id={name.replaceAll(".", "-")}>
      {(props) => (
        <select {...props} defaultValue={value} className={inputClass}>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function Check({ name, label }: { name: string; label: string }) {
  const { value } = useField(name);
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value="yes" defaultChecked={value === "yes"} className="size-4" />
      {label}
    </label>
  );
}

export function ChangeForm({
  options,
  preview,
  staff = false,
}: {
  options: ChangeOption[];
  preview: ChangePreviewView | null;
  /** Staff take a higher difference at the desk: they choose cash or the card terminal. */
  staff?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { values, errors, params } = useFormScope();
  const money = (cents: number) => formatMoney(cents, locale);
  const persons = rowKeys(values, "persons");
  const lines = rowKeys(values, "lines");
  const personChoices = [
    { value: "", label: t("order.change.everyone") },
    ...persons.map((key) => ({
      value: key,
      label: valueAt(values, `persons.${key}.firstName`) || `${t("order.change.firstName")} ${Number(key) + 1}`,
    })),
  ];
  const itemName = (itemId: string) => options.find((o) => o.value === itemId || o.value.startsWith(`${itemId}|`))?.name ?? "";
  const categories = [...new Set(options.map((o) => o.category))];
  return (
    <Form method="post" className="mt-6 space-y-8">
      {errors.form && <Notice>{t(errors.form, params)}</Notice>}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("order.change.period")}</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input name="pickupDate" type="date" label={t("booking.period.pickupDate")} required />
          <Input name="pickupTime" type="time" label={t("booking.period.pickupTime")} required />
          <Input name="returnDate" type="date" label={t("booking.period.returnDate")} required />
          <Input name="returnTime" type="time" label={t("booking.period.returnTime")} required />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("order.change.persons")}</legend>
        {persons.map((key) => (
          <div key={key} className="rounded-lg border border-slate-200 p-3">
            <input type="hidden" name={`persons.${key}.ref`} value={valueAt(values, `persons.${key}.ref`)} />
            <Input name={`persons.${key}.firstName`} label={t("order.change.firstName")} autoComplete="off" />
            <div className="mt-2">
              <Check name={`persons.${key}.remove`} label={t("order.change.removePerson")} />
            </div>
          </div>
        ))}
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-48">
            <Input name="add.firstName" label={t("order.change.addPersonTitle")} autoComplete="off" />
          </div>
          <button type="submit" name="intent" value="addPerson" formNoValidate className={secondaryButton}>
            {t("order.change.addPerson")}
          </button>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("order.change.equipment")}</legend>
        {lines.map((key) => {
          const itemId = valueAt(values, `lines.${key}.itemId`);
          const sizes = options.filter((o) => o.value.startsWith(`${itemId}|`)).map((o) => o.size ?? "");
          return (
            <div key={key} className="space-y-3 rounded-lg border border-slate-200 p-3" data-line={itemId}>
              <input type="hidden" name={`lines.${key}.itemId`} value={itemId} />
              <input type="hidden" name={`lines.${key}.package`} value={valueAt(values, `lines.${key}.package`)} />
              <p className="font-medium">{itemName(itemId)}</p>
              {errors[`lines.${key}.itemId`] && <p className="text-sm text-red-700">{t(errors[`lines.${key}.itemId`])}</p>}
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {sizes.length > 0 ? (
                  <Select name={`lines.${key}.size`} label={t("order.change.size")} choices={sizes.map((s) => ({ value: s, label: s }))} />
                ) : (
                  <input type="hidden" name={`lines.${key}.size`} value="" />
                )}
                <Input
                  name={`lines.${key}.quantity`}
                  type="number"
                  min={1}
                  max={20}
                  inputMode="numeric"
                  label={t("order.change.quantity")}
                />
                <Select name={`lines.${key}.person`} label={t("order.change.person")} choices={personChoices} />
              </div>
              <Check name={`lines.${key}.remove`} label={t("order.change.remove")} />
            </div>
          );
        })}
        <div className="space-y-3 rounded-lg bg-slate-50 p-3">
          <p className="font-medium">{t("order.change.addTitle")}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field name="add.line" label={t("order.change.addItem")} id="add-line">
              {(props) => (
                <select {...props} defaultValue="" className={inputClass}>
                  <option value="" />
                  {categories.map((category) => (
                    <optgroup key={category} label={category}>
                      {options
                        .filter((o) => o.category === category)
                        .map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.size ? `${o.name} (${o.size})` : o.name}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </Field>
            <Select name="add.person" label={t("order.change.person")} choices={personChoices} />
          </div>
          <button type="submit" name="intent" value="add" formNoValidate className={secondaryButton}>
            {t("order.change.add")}
          </button>
        </div>
      </fieldset>

      <div>
        <button type="submit" name="intent" value="review" className={secondaryButton}>
          {t("order.change.review")}
        </button>
      </div>

      {preview && (
        <section aria-labelledby="change-price" className="space-y-3 rounded-xl border border-slate-300 p-4">
          <h2 id="change-price" className="text-lg font-semibold">
            {t("order.change.reviewTitle")}
          </h2>
          <PreviewLines preview={preview} />
          <div className="border-t border-slate-300 pt-3">
            <Totals {...preview.totals} />
          </div>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-slate-300 pt-3">
            <dt>{t("order.change.oldTotal")}</dt>
            <dd className="text-right">{money(preview.oldTotalCents)}</dd>
            <dt>{t("order.change.newTotal")}</dt>
            <dd className="text-right font-semibold" data-testid="new-total">
              {money(preview.newTotalCents)}
            </dd>
            {preview.differenceCents !== 0 && (
              <>
                <dt>{preview.differenceCents > 0 ? t("order.change.toPay") : t("order.change.toRefund")}</dt>
                <dd className="text-right font-semibold" data-testid="difference">
                  {money(Math.abs(preview.differenceCents))}
                </dd>
              </>
            )}
          </dl>
          {preview.differenceCents === 0 && <p>{t("order.change.samePrice")}</p>}
          <input type="hidden" name="expectedTotal" value={preview.newTotalCents} />
          {staff && preview.differenceCents > 0 && (
            <fieldset>
              <legend className="font-medium">{t("admin.orders.changeMethod")}</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {(["cash", "card"] as const).map((method) => (
                  <label key={method} className="flex items-center gap-2">
                    <input type="radio" name="method" value={method} defaultChecked={method === "cash"} />
                    {t(`admin.orders.methods.${method}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {staff && preview.differenceCents < 0 && <p>{t("admin.orders.changeRefund", { amount: money(-preview.differenceCents) })}</p>}
          <PrimaryButton name="intent" value="confirm">
            {!staff && preview.differenceCents > 0
              ? t("order.change.pay", { amount: money(preview.differenceCents) })
              : t("order.change.confirm")}
          </PrimaryButton>
        </section>
      )}
    </Form>
  );
}

/** The new order's lines as the order page lists them: by person, each with its package and price. */
function PreviewLines({ preview }: { preview: ChangePreviewView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const persons = [...new Set(preview.lines.flatMap((l) => (l.person === null ? [] : [l.person])))].sort((a, b) => a - b);
  const groups = [
    ...persons.map((person) => {
      const lines = preview.lines.filter((l) => l.person === person);
      return { key: String(person), title: lines[0].personName ?? "", lines };
    }),
    { key: "other", title: t("order.other"), lines: preview.lines.filter((l) => l.person === null) },
  ].filter((g) => g.lines.length > 0);
  return groups.map((group) => (
    <div key={group.key}>
      <h3 className="font-semibold">{group.title}</h3>
      <ul className="divide-y divide-slate-200">
        {group.lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-4 py-1.5" data-preview-line>
            <span className="min-w-0">
              {line.quantity > 1 ? `${line.quantity} × ` : ""}
              {line.name}
              {line.size ? ` (${line.size})` : ""}
              {line.packageName && (
                <span className="block text-sm text-slate-600" data-package-line>
                  {t("booking.package.inBag", { name: line.packageName })}
                </span>
              )}
            </span>
            <span className="whitespace-nowrap">{formatMoney(line.subtotalCents, locale)}</span>
          </li>
        ))}
      </ul>
    </div>
  ));
}
