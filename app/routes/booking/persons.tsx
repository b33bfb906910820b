import { Plus, Trash2, UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { BookingSummaryBox } from "../../components/booking/summary";
import { Field, FormNotice, inputClass, PageTitle, PrimaryButton, StepNav } from "../../components/booking/ui";
import { FormValues, useFormScope } from "../../components/form-values";
import { pageMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { rowField } from "../../domain/forms";
import { splitLocale } from "../../domain/i18n";
import { slugSchema, wantedCategoryQuery } from "../../domain/ids";
import { blankPersonRow, editPersonRows, MAX_PERSONS, type PersonRow, personRows } from "../../domain/person-rows";
import { checkPersons, personsQuestions, type ShoeSizeQuestion } from "../../domain/persons";
import {
  DEFAULT_SHOE_SYSTEM,
  SHOE_SYSTEM_LABEL,
  SHOE_SYSTEMS,
  type ShoeSystem,
  shoeSizeHint,
  shoeSizeToEu,
  shoeSystemOf,
} from "../../domain/shoe-size";
import { SKILLS, seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { loadBag, savePersons } from "../../server/booking/bag-store.server";
import { bagPeriod, bookingSummary, getBranch, missingStep } from "../../server/booking/flow.server";
import { allItems } from "../../server/catalog/catalog.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { echo, found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/persons";

async function context(request: Request, params: Route.LoaderArgs["params"]) {
  const appId = param(seasonSchema, params.app);
  const slug = param(slugSchema(), params.shop);
  const branch = found(await getBranch(appId, slug));
  const bag = await loadBag(request);
  const { period } = bagPeriod(bag, branch.calendar, new Date());
  const { locale } = splitLocale(new URL(request.url).pathname);
  const missing = missingStep(bag, "persons", { appId, shopId: branch.shop.id, slug, period }, locale);
  if (missing) throw redirect(missing);
  return { appId, slug, shop: branch.shop, bag: bag!, period: period!, locale };
}

/** Step: who rents. The first name is required; the rest helps us pick sizes. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { appId, slug, shop, bag, period } = await context(request, params);
  const persons: PersonRow[] = bag.persons.map((p) => ({
    key: `p${p.id}`,
    id: String(p.id),
    firstName: p.firstName,
    lastName: p.lastName ?? "",
    heightCm: p.heightCm?.toString() ?? "",
    weightKg: p.weightKg?.toString() ?? "",
    skill: p.skill ?? "",
    shoeSize: p.shoeSize?.toString() ?? "",
    // Kept as EU: shown as EU, whatever system the size was given in.
    shoeSystem: p.shoeSize == null ? "" : "eu",
    age: p.age?.toString() ?? "",
  }));
  return {
    appId,
    slug,
    summary: await bookingSummary(bag, shop.name, period),
    values: { persons: persons.length > 0 ? persons : [blankPersonRow()] },
    asks: personsQuestions(appId, await allItems()),
    // A bigger group than the step takes asks the branch instead (issue 33).
    contact: { name: shop.name, email: shop.email, phone: shop.phone },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { appId, slug, bag } = await context(request, params);
  const form = await readForm(request);
  const persons = editPersonRows(personRows(form.values), form.intent);
  if (form.intent !== "save") {
    // The person just added is where the visitor goes on typing.
    const focus = form.intent === "add" ? rowField("persons", persons.length - 1, "firstName") : null;
    return echo({ values: { persons } }, undefined, { focus });
  }
  const checked = checkPersons(persons);
  if (!checked.ok) return refuse(checked, { values: { persons } }, undefined, { focus: null });
  await savePersons(bag, checked.value);
  const { category } = readQuery(request, wantedCategoryQuery);
  return redirectTo(request, `/rental/${appId}/${slug}/equipment${category ? `?person=all&category=${category}` : ""}`);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "persons", {}, { noindex: true });

export default function Persons({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { appId, slug, asks } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <PageTitle>{t("booking.persons.title")}</PageTitle>
      <StepNav current="persons" links={{ branch: `/rental/${appId}`, period: `/rental/${appId}/${slug}` }} />
      <BookingSummaryBox summary={loaderData.summary} periodLink={`/rental/${appId}/${slug}`} />
      <p className="mt-4 text-slate-700">{t(asks.shoeSize === "none" ? "booking.persons.leadNoShoes" : "booking.persons.lead")}</p>
      <FormValues reply={actionData} initial={loaderData.values}>
        <FormNotice />
        <PersonsForm loaderData={loaderData} focus={actionData?.focus} />
      </FormValues>
    </div>
  );
}

/** The persons as typed when the form came back, else as the bag holds them; one fieldset each. */
function PersonsForm({ loaderData, focus }: Pick<Route.ComponentProps, "loaderData"> & { focus?: string | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const persons = (useFormScope().values.persons ?? []) as PersonRow[];
  const { asks, contact } = loaderData;
  return (
    <Form method="post" noValidate className="mt-6 space-y-6">
      {/* Enter in a field submits the first submit button: make that "continue", not "remove". */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />
      {persons.map((person, i) => (
        <fieldset key={person.key} className="rounded-2xl border border-slate-200 p-4 sm:p-5">
          <legend className="flex items-center gap-2 px-1 text-lg font-semibold">
            <UserRound aria-hidden="true" className="size-5 text-brand-700" />
            {t("booking.persons.person", { n: i + 1 })}
          </legend>
          <input type="hidden" name={rowField("persons", i, "id")} value={person.id} />
          <input type="hidden" name={rowField("persons", i, "key")} value={person.key} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name={rowField("persons", i, "firstName")} label={t("booking.persons.firstName")}>
              {(props) => (
                <input
                  {...props}
                  defaultValue={person.firstName}
                  autoComplete={i === 0 ? "given-name" : "off"}
                  required
                  // biome-ignore lint/a11y/noAutofocus: the person just added is where the visitor continues
                  autoFocus={focus === props.id}
                  className={inputClass}
                />
              )}
            </Field>
            <Field name={rowField("persons", i, "lastName")} label={t("booking.persons.lastName")}>
              {(props) => (
                <input {...props} defaultValue={person.lastName} autoComplete={i === 0 ? "family-name" : "off"} className={inputClass} />
              )}
            </Field>
            <Field name={rowField("persons", i, "heightCm")} label={t("booking.persons.height")}>
              {(props) => <input {...props} defaultValue={person.heightCm} inputMode="decimal" className={inputClass} />}
            </Field>
            <Field name={rowField("persons", i, "weightKg")} label={t("booking.persons.weight")}>
              {(props) => <input {...props} defaultValue={person.weightKg} inputMode="decimal" className={inputClass} />}
            </Field>
            <Field name={rowField("persons", i, "skill")} label={t("booking.persons.skill")}>
              {(props) => (
                <select {...props} defaultValue={person.skill} className={inputClass}>
                  <option value="">{t("booking.persons.skillUnknown")}</option>
                  {SKILLS.map((skill) => (
                    <option key={skill} value={skill}>
                      {t(`booking.skill.${skill}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {asks.shoeSize !== "none" && <ShoeSizeField index={i} person={person} systems={asks.shoeSize} />}
            <Field
              name={rowField("persons", i, "age")}
              label={t("booking.persons.age")}
              hint={t(asks.bindings ? "booking.persons.ageHint" : "booking.persons.ageHintPrices")}
            >
              {(props) => (
                <input {...props} type="text" inputMode="numeric" autoComplete="off" defaultValue={person.age} className={inputClass} />
              )}
            </Field>
          </div>
          {persons.length > 1 && (
            <button
              type="submit"
              name="intent"
              value={`remove-${i}`}
              formNoValidate
              className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t("booking.persons.remove", { n: i + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-4">
        {persons.length < MAX_PERSONS && (
          <button
            type="submit"
            name="intent"
            value="add"
            formNoValidate
            className="inline-flex items-center gap-1 rounded-lg border border-brand-700 px-4 py-2.5 font-medium text-brand-800 hover:bg-brand-50"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("booking.persons.add")}
          </button>
        )}
        <PrimaryButton name="intent" value="save" busy={busy}>
          {t("booking.continue")}
        </PrimaryButton>
      </div>
      {persons.length >= MAX_PERSONS && (
        <p data-group-limit className="rounded-lg bg-brand-50 p-4 text-sm text-slate-800">
          {t("booking.persons.groupLimit", { count: MAX_PERSONS })}{" "}
          <a
            className="font-medium break-all text-brand-800 underline"
            href={`mailto:${contact.email}?subject=${encodeURIComponent(t("booking.persons.groupSubject", { shop: contact.name }))}`}
          >
            {contact.email}
          </a>
          {" · "}
          <a className="font-medium whitespace-nowrap text-brand-800 underline" href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
            {contact.phone}
          </a>
        </p>
      )}
    </Form>
  );
}

/**
 * The shoe size with its system beside it (EU, UK, US, Mondo; the language's default first) and, below, the
 * size in every system as typed. The server converts it to EU the same way (domain/shoe-size.ts), also
 * reading the height: a UK or US number for a child is on the children's scale.
 */
function ShoeSizeField({ index, person, systems }: { index: number; person: PersonRow; systems: Exclude<ShoeSizeQuestion, "none"> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = rowField("persons", index, "shoeSize");
  const systemName = rowField("persons", index, "shoeSystem");
  const heightName = rowField("persons", index, "heightCm");
  const box = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState({
    size: person.shoeSize,
    system: systems === "eu" ? "eu" : person.shoeSystem ? shoeSystemOf(person.shoeSystem) : DEFAULT_SHOE_SYSTEM[locale],
    height: person.heightCm,
  });
  // The height field sits elsewhere in the person's fieldset; follow it for the children's scales.
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    const read = () => {
      const field = form.elements.namedItem(name);
      const system = form.elements.namedItem(systemName);
      const height = form.elements.namedItem(heightName);
      const value = (element: unknown, fallback: string) =>
        element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.value : fallback;
      setTyped((was) => ({
        size: value(field, was.size),
        system: shoeSystemOf(value(system, was.system)),
        height: value(height, was.height),
      }));
    };
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [name, systemName, heightName]);
  const eu = typed.size.trim() === "" ? null : shoeSizeToEu(typed.system, typed.size, Number(typed.height) || null);
  const decimal = locale === "en" ? "." : ",";
  const hint = eu === null ? "" : shoeSizeHint(eu).replace(/\./g, decimal);
  return (
    <div ref={box}>
      <Field name={name} label={t(systems === "eu" ? "booking.persons.shoeSizeEu" : "booking.persons.shoeSize")}>
        {(props) => (
          <>
            <div className="flex gap-2">
              <input
                {...props}
                aria-describedby={[props["aria-describedby"], `${props.id}-sizes`].filter(Boolean).join(" ")}
                defaultValue={person.shoeSize}
                inputMode="decimal"
                className={inputClass}
              />
              {systems === "every" ? (
                <select
                  name={systemName}
                  aria-label={t("booking.persons.shoeSystem")}
                  defaultValue={typed.system}
                  className={inputClass.replace("w-full", "w-28 shrink-0")}
                >
                  {SHOE_SYSTEMS.map((system: ShoeSystem) => (
                    <option key={system} value={system}>
                      {SHOE_SYSTEM_LABEL[system]}
                    </option>
                  ))}
                </select>
              ) : (
                <input type="hidden" name={systemName} value="eu" />
              )}
            </div>
            <p id={`${props.id}-sizes`} aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-600">
              {systems === "eu" ? "" : hint || (typed.system === "uk" || typed.system === "us" ? t("booking.persons.shoeChildHint") : "")}
            </p>
          </>
        )}
      </Field>
    </div>
  );
}
