import { Plus, RefreshCw, Trash2 } from "lucide-react";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { adminInputClass, FormStatus, SelectField, TextField } from "../../components/admin/form";
import { AdminPage, Section } from "../../components/admin/ui";
import { Totals } from "../../components/booking/totals";
import { formatMoney } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { clockTime, isoDate } from "../../domain/admin/fields";
import { counterOrderSchema, counterPersonSchema } from "../../domain/admin/order";
import { fieldErrors } from "../../domain/forms";
import { languageName, locales, localizePath, splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { zonedDate } from "../../domain/periods";
import { useTranslation } from "../../i18n/react";
import { type CounterPerson, counterCatalog, counterQuote, createCounterOrder } from "../../server/admin/counter.server";
import { branchesOf } from "../../server/admin/orders.server";
import { requireBackOffice } from "../../server/auth/guards.server";
import { publicOrigin } from "../../server/config.server";
import { readForm } from "../../server/http/forms.server";
import type { Route } from "./+types/order-create";

/** The period part of the form lives in the URL: changing branch, season or dates reloads what is available. */
const periodQuery = z.object({
  shopId: rowId.optional().catch(undefined),
  appId: z.enum(["winter", "summer"]).optional().catch(undefined),
  pickupDate: isoDate.optional().catch(undefined),
  pickupTime: clockTime.optional().catch(undefined),
  returnDate: isoDate.optional().catch(undefined),
  returnTime: clockTime.optional().catch(undefined),
});

/** Now, in the shop's time zone, rounded up to the next quarter hour: a walk-in takes the equipment right away. */
function nextQuarterHour(now: Date): { date: string; time: string } {
  const rounded = new Date(Math.ceil(now.getTime() / 900_000) * 900_000);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    rounded,
  );
  return { date: zonedDate(rounded), time };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const query = periodQuery.parse(Object.fromEntries(url.searchParams));
  const branches = await branchesOf(user);
  const start = nextQuarterHour(new Date());
  const month = Number(start.date.slice(5, 7));
  const period = {
    shopId: query.shopId ?? branches[0]?.id ?? 0,
    appId: query.appId ?? (month >= 5 && month <= 10 ? "summer" : "winter"),
    pickupDate: query.pickupDate ?? start.date,
    pickupTime: query.pickupTime ?? start.time,
    returnDate: query.returnDate ?? start.date,
    returnTime: query.returnTime ?? "17:00",
  } as const;
  const catalog = branches.length > 0 ? await counterCatalog(user, period, [], locale) : null;
  return { branches, period, catalog };
}

const blankPerson = { firstName: "", lastName: "", heightCm: "", weightKg: "", skill: "", shoeSize: "" };
const blankLine = { person: "", item: "", quantity: "1" };

type Values = Record<string, unknown> & { persons?: Record<string, string>[]; lines?: Record<string, string>[] };

/** The posted form's lists (persons.0.firstName …) in order, without gaps. */
function listOf(value: unknown): Record<string, string>[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value as Record<string, Record<string, string>>)
    .filter(([key]) => /^\d+$/.test(key))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, row]) => row);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const { locale } = splitLocale(new URL(request.url).pathname);
  const form = await readForm(request, z.record(z.string(), z.unknown()));
  const values: Values = { ...form.values, persons: listOf(form.values.persons), lines: listOf(form.values.lines) };
  const persons = values.persons as Record<string, string>[];
  const lines = values.lines as Record<string, string>[];
  // Adding and removing rows round-trips the form, so it works without JavaScript.
  if (form.intent === "addPerson" && persons.length < 12) persons.push({ ...blankPerson });
  if (form.intent === "addLine" && lines.length < 40)
    lines.push({ ...blankLine, person: persons.length > 0 ? String(persons.length - 1) : "" });
  const remove = /^remove(Person|Line)-(\d+)$/.exec(form.intent);
  if (remove?.[1] === "Line") lines.splice(Number(remove[2]), 1);
  if (remove?.[1] === "Person") {
    const index = Number(remove[2]);
    persons.splice(index, 1);
    // Lines of the removed person go; the others follow their person's new position.
    values.lines = lines
      .filter((line) => line.person !== String(index))
      .map((line) => (line.person !== "" && Number(line.person) > index ? { ...line, person: String(Number(line.person) - 1) } : line));
  }

  const parsed = counterOrderSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (form.intent === "create" && parsed.success) {
    const created = await createCounterOrder(user, parsed.data, publicOrigin(request));
    if (created.ok) return redirect(`${localizePath(`/admin/order/${created.orderId}`, locale)}?done=create`);
    Object.assign(errors, created.errors);
  }
  // Every other answer shows the form again with fresh availability and prices for what is chosen so far.
  const period = counterOrderSchema
    .pick({ shopId: true, appId: true, pickupDate: true, pickupTime: true, returnDate: true, returnTime: true })
    .safeParse(values);
  // Every row counts, so indexes match the form's; measures not (yet) valid are left out of the sizing.
  const measures = counterPersonSchema.omit({ firstName: true, lastName: true });
  const validPersons: CounterPerson[] = persons.map((p) => {
    const parsed = measures.safeParse(p);
    const none = { heightCm: null, weightKg: null, skill: null, shoeSize: null };
    return { firstName: p.firstName ?? "", lastName: null, ...(parsed.success ? parsed.data : none) };
  });
  const catalog = period.success ? await counterCatalog(user, period.data, validPersons, locale) : null;
  // The price needs only the period and the chosen items, not a finished form.
  const chosen = counterOrderSchema.pick({ appId: true, pickupDate: true, returnDate: true, lines: true }).safeParse({
    ...values,
    lines: (values.lines as Record<string, string>[]).filter((line) => line.item),
  });
  const quote = chosen.success ? await counterQuote({ ...chosen.data, persons: validPersons }) : null;
  // Messages only when the clerk tries to create the order, not while the form is still being filled in.
  const refused = form.intent === "create" && Object.keys(errors).length > 0;
  return data({ values, errors: refused ? errors : {}, catalog, quote }, { status: refused ? 400 : 200 });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.orders.new");

export default function CreateCounterOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const { branches, period } = loaderData;
  const catalog = actionData?.catalog ?? loaderData.catalog;
  const values: Values = actionData?.values ?? {
    ...period,
    persons: [{ ...blankPerson }],
    lines: [{ ...blankLine, person: "0" }],
    language: locale,
    method: "card",
  };
  const errors: Record<string, string> = actionData?.errors ?? {};
  const persons = (values.persons ?? []) as Record<string, string>[];
  const lines = (values.lines ?? []) as Record<string, string>[];
  const quote = actionData?.quote ?? null;
  if (branches.length === 0) {
    return (
      <AdminPage title={t("admin.orders.new")} back="/admin/orders">
        <p>{t("admin.orders.noBranch")}</p>
      </AdminPage>
    );
  }
  const options = catalog?.ok ? catalog.options : [];
  const optionLabel = (o: (typeof options)[number], recommended: boolean) =>
    `${recommended ? "★ " : ""}${o.name}${o.size ? ` – ${o.size}` : ""} · ${t("admin.orders.free", { count: o.free })} · ${formatMoney(o.priceCents, locale)}`;
  const categories = [...new Set(options.map((o) => o.category))];
  // With JavaScript, every change asks the server for fresh availability and prices.
  const refresh = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (target.tagName === "SELECT" || target.getAttribute("type") === "number")
      submit(event.currentTarget, { method: "post", preventScrollReset: true });
  };
  return (
    <AdminPage title={t("admin.orders.new")} back="/admin/orders">
      <p className="mb-4 max-w-3xl text-slate-700">{t("admin.orders.counterLead")}</p>
      <Form method="get" className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 lg:grid-cols-6">
        <SelectField
          name="shopId"
          label={t("admin.field.shop")}
          values={period}
          options={branches.map((b) => ({ value: String(b.id), label: b.name }))}
        />
        <SelectField
          name="appId"
          label={t("admin.field.season")}
          values={period}
          options={["winter", "summer"].map((a) => ({ value: a, label: t(`season.${a}`) }))}
        />
        <TextField name="pickupDate" label={t("booking.period.pickupDate")} type="date" values={period} required />
        <TextField name="pickupTime" label={t("booking.period.pickupTime")} type="time" values={period} required />
        <TextField name="returnDate" label={t("booking.period.returnDate")} type="date" values={period} required />
        <TextField name="returnTime" label={t("booking.period.returnTime")} type="time" values={period} required />
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
      {catalog && !catalog.ok && (
        <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {Object.values(catalog.errors).map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
      )}

      <Form method="post" noValidate onChange={refresh} className="mt-6 space-y-6">
        {(["shopId", "appId", "pickupDate", "pickupTime", "returnDate", "returnTime"] as const).map((name) => (
          <input key={name} type="hidden" name={name} value={String(period[name])} />
        ))}
        <FormStatus errors={errors.item ? { form: errors.form } : errors} />
        {errors.item && <p className="-mt-2 font-medium">{errors.item}</p>}
        <Section title={t("admin.orders.persons")}>
          <div className="space-y-3">
            {persons.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: persons are posted by position; a removed one re-renders the form from the server
              <fieldset key={i} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3 lg:grid-cols-7">
                <legend className="px-1 text-sm font-semibold">{t("booking.persons.person", { n: i + 1 })}</legend>
                <TextField
                  name={`persons.${i}.firstName`}
                  label={t("booking.persons.firstName")}
                  values={values}
                  errors={errors}
                  required
                />
                <TextField name={`persons.${i}.lastName`} label={t("admin.orders.lastName")} values={values} errors={errors} />
                <TextField
                  name={`persons.${i}.heightCm`}
                  label={t("admin.orders.heightCm")}
                  inputMode="numeric"
                  values={values}
                  errors={errors}
                />
                <TextField
                  name={`persons.${i}.weightKg`}
                  label={t("admin.orders.weightKg")}
                  inputMode="numeric"
                  values={values}
                  errors={errors}
                />
                <SelectField
                  name={`persons.${i}.skill`}
                  label={t("admin.orders.skill")}
                  values={values}
                  errors={errors}
                  required={false}
                  placeholder="—"
                  options={["beginner", "intermediate", "expert"].map((s) => ({ value: s, label: t(`booking.skill.${s}`) }))}
                />
                <TextField
                  name={`persons.${i}.shoeSize`}
                  label={t("admin.orders.shoeSize")}
                  inputMode="numeric"
                  values={values}
                  errors={errors}
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
              const forPerson = catalog?.ok && personIndex !== null ? catalog.forPerson[personIndex] : undefined;
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
                    values={values}
                    errors={errors}
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
                  <TextField
                    name={`lines.${i}.quantity`}
                    label={t("booking.equipment.quantity")}
                    type="number"
                    values={values}
                    errors={errors}
                    required
                  />
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
              <Totals subtotalCents={quote.subtotalCents} discounts={quote.discounts} totalCents={quote.totalCents} vat={quote.vat} />
            ) : (
              <p className="text-sm text-slate-600">{t("admin.orders.noQuote")}</p>
            )}
          </div>
        </Section>

        <Section title={t("admin.orders.customerTitle")}>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField name="name" label={t("booking.invoice.name")} values={values} errors={errors} required autoComplete="off" />
            <TextField
              name="email"
              label={t("admin.orders.emailForConfirmation")}
              type="email"
              values={values}
              errors={errors}
              autoComplete="off"
            />
            <TextField name="phone" label={t("admin.field.phone")} type="tel" values={values} errors={errors} autoComplete="off" />
            <SelectField
              name="language"
              label={t("admin.field.language")}
              values={values}
              errors={errors}
              options={locales.map((l) => ({ value: l, label: languageName[l] }))}
            />
            <SelectField
              name="method"
              label={t("admin.orders.method")}
              values={values}
              errors={errors}
              options={["card", "cash"].map((m) => ({ value: m, label: t(`admin.orders.methods.${m}`) }))}
            />
            <TextField name="note" label={t("admin.orders.note")} values={values} errors={errors} />
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
    </AdminPage>
  );
}
