import { Plus, Trash2, UserRound } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Field, inputClass, Notice, PageTitle, PrimaryButton, StepNav } from "../../components/booking/ui";
import { pageMeta } from "../../components/meta";
import { appIdSchema, MAX_PERSONS, type PersonInput, personSchema, SKILLS, shopSlugSchema, wantedCategory } from "../../domain/checkout";
import { fieldErrors } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { loadCart, savePersons } from "../../server/booking/cart.server";
import { cartPeriod, getBranch, missingStep } from "../../server/booking/flow.server";
import { notFound, param } from "../../server/http/errors.server";
import { readFormData } from "../../server/http/forms.server";
import type { Route } from "./+types/persons";

type PersonValues = Record<"key" | "id" | "firstName" | "lastName" | "heightCm" | "weightKg" | "skill" | "shoeSize", string>;
const FIELDS = ["key", "id", "firstName", "lastName", "heightCm", "weightKg", "skill", "shoeSize"] as const;
/**
 * `key` names a person's fieldset across round trips (add, remove), so React never reuses the inputs of a
 * removed person for the one that moved up.
 */
const newKey = () => `n${crypto.randomUUID().slice(0, 8)}`;
const blank = (): PersonValues => ({
  key: newKey(),
  id: "",
  firstName: "",
  lastName: "",
  heightCm: "",
  weightKg: "",
  skill: "",
  shoeSize: "",
});

async function context(request: Request, params: Route.LoaderArgs["params"]) {
  const appId = param(appIdSchema, params.app);
  const slug = param(shopSlugSchema, params.shop);
  const branch = await getBranch(appId, slug);
  if (!branch) notFound();
  const cart = await loadCart(request);
  const { period } = cartPeriod(cart, branch.calendar, new Date());
  const { locale } = splitLocale(new URL(request.url).pathname);
  const missing = missingStep(cart, "persons", { appId, shopId: branch.shop.id, slug, period }, locale);
  if (missing) throw missing;
  return { appId, slug, shop: branch.shop, cart: cart!, locale };
}

/** Step: who rents. The first name is required; the rest helps us pick sizes. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { appId, slug, shop, cart } = await context(request, params);
  const persons: PersonValues[] = cart.persons.map((p) => ({
    key: `p${p.id}`,
    id: String(p.id),
    firstName: p.firstName,
    lastName: p.lastName ?? "",
    heightCm: p.heightCm?.toString() ?? "",
    weightKg: p.weightKg?.toString() ?? "",
    skill: p.skill ?? "",
    shoeSize: p.shoeSize?.toString() ?? "",
  }));
  return { appId, slug, shopName: shop.name, persons: persons.length > 0 ? persons : [blank()] };
}

function readPersons(form: FormData): PersonValues[] {
  const persons: PersonValues[] = [];
  for (let i = 0; i < MAX_PERSONS && form.has(`firstName-${i}`); i++) {
    const person = blank();
    for (const field of FIELDS) person[field] = String(form.get(`${field}-${i}`) ?? "").slice(0, 200);
    if (!/^[a-z0-9]{1,20}$/.test(person.key)) person.key = newKey();
    persons.push(person);
  }
  return persons;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { appId, slug, cart, locale } = await context(request, params);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "save");
  let persons = readPersons(form);
  // Adding and removing a person round-trips the form (it works without JavaScript); nothing is saved yet.
  if (intent === "add") {
    if (persons.length < MAX_PERSONS) persons = [...persons, blank()];
    return data({ persons, errors: {} as Record<string, string>, focus: `firstName-${persons.length - 1}` });
  }
  if (intent.startsWith("remove-")) {
    const index = Number(intent.slice("remove-".length));
    persons = persons.filter((_, i) => i !== index);
    if (persons.length === 0) persons = [blank()];
    return data({ persons, errors: {} as Record<string, string>, focus: null });
  }
  const errors: Record<string, string> = {};
  const valid: (PersonInput & { id: number | null })[] = [];
  persons.forEach((person, i) => {
    const parsed = personSchema.safeParse(person);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) errors[`${field}-${i}`] = message;
    } else {
      valid.push({ ...parsed.data, id: /^\d+$/.test(person.id) ? Number(person.id) : null });
    }
  });
  if (persons.length === 0 || Object.keys(errors).length > 0) {
    if (Object.keys(errors).some((key) => key.startsWith("firstName-")) || persons.length === 0) errors.form = "booking.errors.firstName";
    else errors.form = "booking.persons.fix";
    return data({ persons: persons.length > 0 ? persons : [blank()], errors, focus: null }, { status: 400 });
  }
  await savePersons(cart, valid);
  const category = wantedCategory(new URL(request.url));
  const equipment = localizePath(`/rental/${appId}/${slug}/equipment`, locale);
  return redirect(category ? `${equipment}?person=all&category=${category}` : equipment);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "persons", {}, { noindex: true });

export default function Persons({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const persons = actionData?.persons ?? loaderData.persons;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const { appId, slug } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <PageTitle>{t("booking.persons.title")}</PageTitle>
      <StepNav current="persons" links={{ branch: `/rental/${appId}`, period: `/rental/${appId}/${slug}` }} />
      <p className="mt-4 text-slate-700">{t("booking.persons.lead")}</p>
      {errors.form && <Notice>{t(errors.form)}</Notice>}
      <Form method="post" noValidate className="mt-6 space-y-6">
        {/* Enter in a field submits the first submit button: make that "continue", not "remove". */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />
        {persons.map((person, i) => (
          <fieldset key={person.key} className="rounded-2xl border border-slate-200 p-4 sm:p-5">
            <legend className="flex items-center gap-2 px-1 text-lg font-semibold">
              <UserRound aria-hidden="true" className="size-5 text-brand-700" />
              {t("booking.persons.person", { n: i + 1 })}
            </legend>
            <input type="hidden" name={`id-${i}`} value={person.id} />
            <input type="hidden" name={`key-${i}`} value={person.key} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field name={`firstName-${i}`} label={t("booking.persons.firstName")} error={errors[`firstName-${i}`]}>
                {(props) => (
                  <input
                    {...props}
                    defaultValue={person.firstName}
                    autoComplete={i === 0 ? "given-name" : "off"}
                    required
                    // biome-ignore lint/a11y/noAutofocus: the person just added is where the visitor continues
                    autoFocus={actionData?.focus === props.id}
                    className={inputClass}
                  />
                )}
              </Field>
              <Field name={`lastName-${i}`} label={t("booking.persons.lastName")} error={errors[`lastName-${i}`]}>
                {(props) => (
                  <input {...props} defaultValue={person.lastName} autoComplete={i === 0 ? "family-name" : "off"} className={inputClass} />
                )}
              </Field>
              <Field name={`heightCm-${i}`} label={t("booking.persons.height")} error={errors[`heightCm-${i}`]}>
                {(props) => <input {...props} defaultValue={person.heightCm} inputMode="numeric" className={inputClass} />}
              </Field>
              <Field name={`weightKg-${i}`} label={t("booking.persons.weight")} error={errors[`weightKg-${i}`]}>
                {(props) => <input {...props} defaultValue={person.weightKg} inputMode="numeric" className={inputClass} />}
              </Field>
              <Field name={`skill-${i}`} label={t("booking.persons.skill")} error={errors[`skill-${i}`]}>
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
              <Field name={`shoeSize-${i}`} label={t("booking.persons.shoeSize")} error={errors[`shoeSize-${i}`]}>
                {(props) => <input {...props} defaultValue={person.shoeSize} inputMode="numeric" className={inputClass} />}
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
      </Form>
    </div>
  );
}
