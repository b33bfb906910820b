import { Plus, RefreshCw, Trash2 } from "lucide-react";
import { Form, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { adminInputClass, CheckboxField, FormStatus, SelectField, TextField } from "../../components/admin/form";
import { AdminPage, Section } from "../../components/admin/ui";
import { Totals } from "../../components/booking/totals";
import { FormValues } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { clockTime, isoDate } from "../../domain/admin/fields";
import { type CounterDraftValues, counterSeason, newCounterDraft, readCounterForm } from "../../domain/counter/counter-order";
import { formatMoney } from "../../domain/format";
import { languageName, locales, splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { zonedDate } from "../../domain/periods";
import { SHOE_SYSTEM_LABEL, SHOE_SYSTEMS, shoeSizeHint, shoeSizeToEu, shoeSystemOf } from "../../domain/shoe-size";
import { SEASONS, SKILLS, seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { branchesOf } from "../../server/admin/orders.server";
import { publicOrigin } from "../../server/config.server";
import { counterCatalog, counterDraft, counterStartPeriod } from "../../server/counter/counter-order.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { echo, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/order-create";

/** The period part of the form lives in the URL: changing branch, season or dates reloads what is available. */
const periodQuery = z.object({
  shopId: rowId.optional().catch(undefined),
  appId: seasonSchema.optional().catch(undefined),
  pickupDate: isoDate.optional().catch(undefined),
  pickupTime: clockTime.optional().catch(undefined),
  returnDate: isoDate.optional().catch(undefined),
  returnTime: clockTime.optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const query = readQuery(request, periodQuery);
  const branches = await branchesOf(user);
  const now = new Date();
  const shopId = query.shopId ?? branches[0]?.id ?? 0;
  const appId = query.appId ?? counterSeason(now);
  // A blank form starts on a period the branch takes, so it opens with what is available, not a message.
  const start = (await counterStartPeriod(shopId, appId, now)) ?? {
    pickupDate: zonedDate(now),
    pickupTime: "09:00",
    returnDate: zonedDate(now),
    returnTime: "17:00",
  };
  const period = {
    shopId,
    appId,
    pickupDate: query.pickupDate ?? start.pickupDate,
    pickupTime: query.pickupTime ?? start.pickupTime,
    returnDate: query.returnDate ?? start.returnDate,
    returnTime: query.returnTime ?? start.returnTime,
  };
  const catalog = branches.length > 0 ? await counterCatalog(user, period, [], locale) : null;
  return { branches, period, catalog, values: newCounterDraft(period, locale) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const form = await readForm(request);
  const counterForm = readCounterForm(form.values, form.intent);
  const draft = await counterDraft(user, counterForm, form.intent === "create", locale, publicOrigin(request));
  if (draft.created !== undefined) return redirectTo(request, `/admin/order/${draft.created}?done=create`);
  const extra = { catalog: draft.catalog, quote: draft.quote };
  return draft.refusal ? refuse(draft.refusal, draft, undefined, extra) : echo(draft, undefined, extra);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.orders.new");

export default function CreateCounterOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const { branches, period } = loaderData;
  const catalog = actionData?.catalog ?? loaderData.catalog;
  const values = (actionData?.values ?? loaderData.values) as CounterDraftValues;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const { persons, lines } = values;
  // The size in every system, as the server read it (after a refresh); a UK or US number for a child is a children's size.
  const shoeHint = (person: Record<string, string> | undefined) => {
    const eu = person?.shoeSize ? shoeSizeToEu(shoeSystemOf(person.shoeSystem), person.shoeSize, Number(person.heightCm) || null) : null;
    return eu === null ? undefined : shoeSizeHint(eu);
  };
  const quote = actionData?.quote ?? null;
  if (branches.length === 0) {
    return (
      <AdminPage title={t("admin.orders.new")} back="/admin/orders">
        <p>{t("admin.orders.noBranch")}</p>
      </AdminPage>
    );
  }
  const options = catalog?.ok ? catalog.value.options : [];
  const optionLabel = (o: (typeof options)[number], recommended: boolean) =>
    `${recommended ? "★ " : ""}${o.name}${o.size ? ` – ${o.size}` : ""} · ${t("admin.orders.free", { count: o.free })} · ${formatMoney(o.priceCents, locale)}`;
  const categories = [...new Set(options.map((o) => o.category))];
  // With JavaScript, every change asks the server for fresh availability and prices.
  /**
   * Every post of the form goes through here: a newer one (the next change, or Create) takes over one still
   * on its way, and React Router rejects the older one's promise with an AbortError; nothing is lost.
   */
  const send = (target: HTMLFormElement | HTMLButtonElement) => {
    submit(target, { method: "post", preventScrollReset: true }).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
    });
  };
  // Only what changes availability or prices asks again: a person's skill or shoe size system, a line's
  // person, item or quantity. The payment method and the language do not.
  const refresh = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const affectsPrices = target.name.startsWith("persons.") || target.name.startsWith("lines.");
    if (affectsPrices && (target.tagName === "SELECT" || target.getAttribute("type") === "number")) send(event.currentTarget);
    else if (target.name === "damageWaiver") send(event.currentTarget);
  };
  const post = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null) ?? event.currentTarget);
  };
  return (
    <AdminPage title={t("admin.orders.new")} back="/admin/orders">
      <p className="mb-4 max-w-3xl text-slate-700">{t("admin.orders.counterLead")}</p>
      <FormValues initial={period}>
        <Form method="get" className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 lg:grid-cols-6">
          <SelectField
            name="shopId"
            label={t("admin.field.shop")}
            options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
          />
          <SelectField name="appId" label={t("admin.field.season")} options={SEASONS.map((a) => ({ value: a, label: t(`season.${a}`) }))} />
          <TextField name="pickupDate" label={t("booking.period.pickupDate")} type="date" required />
          <TextField name="pickupTime" label={t("booking.period.pickupTime")} type="time" required />
          <TextField name="returnDate" label={t("booking.period.returnDate")} type="date" required />
          <TextField name="returnTime" label={t("booking.period.returnTime")} type="time" required />
          <div className="sm:col-span-3 lg:col-span-6">
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t("admin.orders.showAvailability")}
            </button>
          </div>
        </Form>
      </FormValues>
      {catalog && !catalog.ok && (
        <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {Object.values(catalog.errors ?? {}).map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
      )}

      <FormValues reply={actionData} initial={loaderData.values}>
        <Form method="post" noValidate onChange={refresh} onSubmit={post} className="mt-6 space-y-6">
          {(["shopId", "appId", "pickupDate", "pickupTime", "returnDate", "returnTime"] as const).map((name) => (
            <input key={name} type="hidden" name={name} value={String(period[name])} />
          ))}
          <FormStatus />
          {actionData?.params?.item && <p className="-mt-2 font-medium">{actionData.params.item}</p>}
          <Section title={t("admin.orders.persons")}>
            <div className="space-y-3">
              {persons.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: persons are posted by position; a removed one re-renders the form from the server
                <fieldset key={i} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-4 lg:grid-cols-9">
                  <legend className="px-1 text-sm font-semibold">{t("booking.persons.person", { n: i + 1 })}</legend>
                  <TextField name={`persons.${i}.firstName`} label={t("booking.persons.firstName")} required />
                  <TextField name={`persons.${i}.lastName`} label={t("admin.orders.lastName")} />
                  <TextField name={`persons.${i}.heightCm`} label={t("admin.orders.heightCm")} inputMode="numeric" />
                  <TextField name={`persons.${i}.weightKg`} label={t("admin.orders.weightKg")} inputMode="numeric" />
                  <TextField name={`persons.${i}.age`} label={t("admin.orders.age")} inputMode="numeric" />
                  <SelectField
                    name={`persons.${i}.skill`}
                    label={t("admin.orders.skill")}
                    required={false}
                    placeholder="—"
                    options={SKILLS.map((s) => ({ value: s, label: t(`booking.skill.${s}`) }))}
                  />
                  <TextField
                    name={`persons.${i}.shoeSize`}
                    label={t("admin.orders.shoeSize")}
                    inputMode="decimal"
                    hint={shoeHint(persons[i])}
                  />
                  <SelectField
                    name={`persons.${i}.shoeSystem`}
                    label={t("booking.persons.shoeSystem")}
                    options={SHOE_SYSTEMS.map((system) => ({ value: system, label: SHOE_SYSTEM_LABEL[system] }))}
                  />
                  <div className="flex items-end">
                    <button
                      type="submit"
                      name="intent"
                      value={`removePerson-${i}`}
                      className="inline-flex items-center gap-1 text-sm text-red-700 hover:underline"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t("booking.persons.remove", { n: i + 1 })}
                    </button>
                  </div>
                </fieldset>
              ))}
              <button
                type="submit"
                name="intent"
                value="addPerson"
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
              >
                <Plus aria-hidden="true" className="size-4" />
                {t("booking.persons.add")}
              </button>
            </div>
          </Section>

          <Section title={t("admin.orders.equipment")}>
            <div className="space-y-2">
              {lines.map((line, i) => {
                const personIndex = line.person === "" || line.person === undefined ? null : Number(line.person);
                const forPerson = catalog?.ok && personIndex !== null ? catalog.value.forPerson[personIndex] : undefined;
                const recommended = new Set(Object.values(forPerson?.recommended ?? {}));
                const allowed =
                  personIndex === null
                    ? options
                    : options.filter((o) => (forPerson ? forPerson.fits.includes(o.value) : o.kind === "rental"));
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines are posted by position; a removed one re-renders the form from the server
                  <div key={i} className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[12rem_1fr_6rem_auto]">
                    <SelectField
                      name={`lines.${i}.person`}
                      label={t("admin.orders.lineFor")}
                      options={[
                        ...persons.map((p, n) => ({ value: String(n), label: p.firstName || t("booking.persons.person", { n: n + 1 }) })),
                        { value: "", label: t("booking.equipment.shared") },
                      ]}
                    />
                    <div>
                      <label htmlFor={`line-item-${i}`} className="text-sm font-medium">
                        {t("admin.orders.item")}
                      </label>
                      <select
                        id={`line-item-${i}`}
                        name={`lines.${i}.item`}
                        defaultValue={line.item ?? ""}
                        aria-invalid={errors[`lines.${i}.item`] ? true : undefined}
                        className={adminInputClass}
                      >
                        <option value="">{t("admin.orders.chooseItem")}</option>
                        {categories.map((category) => (
                          <optgroup key={category} label={category}>
                            {allowed
                              .filter((o) => o.category === category)
                              .map((o) => (
                                <option key={o.value} value={o.value} disabled={o.free === 0 && o.value !== line.item}>
                                  {optionLabel(o, recommended.has(o.value))}
                                </option>
                              ))}
                          </optgroup>
                        ))}
                      </select>
                      {errors[`lines.${i}.item`] && <p className="mt-1 text-sm text-red-700">{t(errors[`lines.${i}.item`])}</p>}
                    </div>
                    <TextField name={`lines.${i}.quantity`} label={t("booking.equipment.quantity")} type="number" required />
                    <button
                      type="submit"
                      name="intent"
                      value={`removeLine-${i}`}
                      className="mb-2 inline-flex items-center gap-1 text-sm text-red-700 hover:underline"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="sr-only sm:not-sr-only">{t("admin.orders.removeLine")}</span>
                    </button>
                  </div>
                );
              })}
              <div className="flex flex-wrap gap-4">
                <button
                  type="submit"
                  name="intent"
                  value="addLine"
                  className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
                >
                  <Plus aria-hidden="true" className="size-4" />
                  {t("admin.orders.addLine")}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="refresh"
                  className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  {t("admin.orders.refresh")}
                </button>
              </div>
            </div>
            <div className="mt-4 max-w-md rounded-lg bg-slate-50 p-4" aria-live="polite">
              {quote ? (
                <Totals
                  subtotalCents={quote.subtotalCents}
                  discounts={quote.discounts}
                  totalCents={quote.totalCents}
                  vat={quote.vat}
                  damageWaiver={quote.damageWaiver?.chosen ? quote.damageWaiver : null}
                />
              ) : (
                <p className="text-sm text-slate-600">{t("admin.orders.noQuote")}</p>
              )}
            </div>
            {quote?.damageWaiver && (
              <div className="mt-4 max-w-md">
                <CheckboxField
                  name="damageWaiver"
                  label={t("admin.orders.waiver", {
                    day: formatMoney(quote.damageWaiver.dayCents, locale),
                    total: formatMoney(quote.damageWaiver.amountCents, locale),
                  })}
                  hint={t("booking.waiver.covers")}
                />
              </div>
            )}
          </Section>

          <Section title={t("admin.orders.customerTitle")}>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="name" label={t("booking.invoice.name")} required autoComplete="off" />
              <TextField name="email" label={t("admin.orders.emailForConfirmation")} type="email" autoComplete="off" />
              <TextField name="phone" label={t("admin.field.phone")} type="tel" autoComplete="off" />
              <SelectField
                name="language"
                label={t("admin.field.language")}
                options={locales.map((l) => ({ value: l, label: languageName[l] }))}
              />
              <SelectField
                name="method"
                label={t("admin.orders.method")}
                options={["card", "cash"].map((m) => ({ value: m, label: t(`admin.orders.methods.${m}`) }))}
              />
              <TextField name="note" label={t("admin.orders.note")} />
            </div>
          </Section>
          <button
            type="submit"
            name="intent"
            value="create"
            aria-disabled={busy || undefined}
            className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {quote ? t("admin.orders.createPaid", { total: formatMoney(quote.totalCents, locale) }) : t("admin.orders.create")}
          </button>
        </Form>
      </FormValues>
    </AdminPage>
  );
}
