import { Lock } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { analyticsItem, euros, useEcommerce } from "../../components/analytics";
import { PeakNote } from "../../components/booking/peak-note";
import { CouponNote, Totals } from "../../components/booking/totals";
import { Field, inputClass, Notice, PageTitle, PrimaryButton, StepNav } from "../../components/booking/ui";
import { FormValues, useFormScope, valueAt } from "../../components/form-values";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { countryChoices, DEFAULT_COUNTRY } from "../../domain/countries";
import { formatDateTime, formatList, formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { checkoutSchema } from "../../domain/invoice";
import { withDamageWaiver } from "../../domain/pricing";
import { fail } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { checkout, loadBagAtBranch } from "../../server/booking/bag.server";
import { bagView } from "../../server/booking/flow.server";
import { depositForLines } from "../../server/counter/deposits.server";
import { readForm } from "../../server/http/forms.server";
import { passRetryAfter, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/checkout";

const FIELDS = ["name", "company", "vatId", "street", "postalCode", "city", "country", "email", "phone", "damageWaiver"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const personName = (person: { firstName: string; lastName: string | null } | undefined) =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(" ") : null;

async function context(request: Request) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const atBranch = await loadBagAtBranch(request);
  if (!atBranch?.period) throw redirect(localizePath("/rental", locale));
  if (atBranch.bag.lines.length === 0) throw redirect(localizePath("/rental/bag", locale));
  return { ...atBranch, period: atBranch.period, locale };
}

/** Step: invoice information, then off to the payment provider. */
export async function loader({ request }: Route.LoaderArgs) {
  const { bag, shop, period, locale } = await context(request);
  const view = await bagView(bag, period, locale, new Date(), bag.invoice?.email);
  if (!view) throw redirect(localizePath("/rental/bag", locale));
  const invoice = bag.invoice;
  const values: Values = {
    name: invoice?.name ?? "",
    company: invoice?.company ?? "",
    vatId: invoice?.vatId ?? "",
    street: invoice?.street ?? "",
    postalCode: invoice?.postalCode ?? "",
    city: invoice?.city ?? "",
    country: invoice?.country ?? "",
    email: invoice?.email ?? "",
    phone: invoice?.phone ?? "",
    // Never ticked in advance: only the customer's own earlier choice (back from the payment page) is kept.
    damageWaiver: bag.damageWaiver ? "on" : "",
  };
  const waiver = view.quote.damageWaiver;
  // The sums with the waiver, shown instead of those without it while its box is ticked.
  const withWaiver = waiver ? withDamageWaiver(view.quote) : null;
  return {
    // Named here, not in the browser: Node's and the browser's ICU name some countries differently
    // ("Türkiye"), and the hydrated select must say what the server wrote.
    countries: countryChoices(locale),
    appId: bag.appId!,
    shop: { slug: shop.slug, name: shop.name, street: shop.street, town: shop.town },
    period: { pickupAt: period.pickupAt.toISOString(), returnAt: period.returnAt.toISOString() },
    totalCents: view.quote.totalCents,
    subtotalCents: view.quote.subtotalCents,
    discounts: view.quote.discounts,
    vat: view.quote.vat,
    waiver:
      waiver && withWaiver
        ? { dayCents: waiver.dayCents, amountCents: waiver.amountCents, totalCents: withWaiver.totalCents, vat: withWaiver.vat }
        : null,
    coupon: view.quote.coupon?.applied ? view.quote.coupon.code : null,
    couponState: view.quote.coupon,
    hotel: view.hotels.find((h) => h.id === bag.hotelId) ?? null,
    lines: view.lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      name: l.name,
      size: l.size,
      quantity: l.quantity,
      subtotalCents: l.subtotalCents,
      /** Whom a rental line is for: two persons may rent the same ski in the same size. */
      person: personName(bag.persons.find((p) => p.id === l.personId)),
      packageName: l.packageName,
      surchargeCents: l.surchargeCents,
      peaks: l.peaks,
    })),
    values,
    depositCents: await depositForLines(view.lines),
  };
}

export async function action({ request, context: load }: Route.ActionArgs) {
  const { bag, locale } = await context(request);
  const form = await readForm(request);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.values[f] ?? "").slice(0, 300)])) as Values;
  const input = parse(checkoutSchema, values);
  if (!input.ok)
    return refuse(input.reason === "invalid" ? fail.invalid({ ...input.errors, form: "booking.errors.invoiceFirst" }) : input, {
      values,
    });
  const { damageWaiver, ...invoice } = input.value;
  // What the customer was shown: the total, plus the waiver's amount when its box is ticked.
  const expectedTotalCents = Number(form.values.total) + (damageWaiver ? Number(form.values.waiver) : 0);
  const result = await checkout({
    bag,
    invoice,
    damageWaiver,
    locale,
    expectedTotalCents,
    request,
    clientAddress: load.clientAddress,
  });
  if (!result.ok) return refuse(result, { values });
  // Lines that cannot be had or a changed price are shown in the bag.
  if ("backToBag" in result.value) return redirectTo(request, `/rental/bag?changed=${result.value.backToBag}`);
  return redirect(result.value.redirectUrl);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "checkout", {}, { noindex: true });

export const headers: Route.HeadersFunction = passRetryAfter;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormValues reply={actionData} initial={loaderData.values}>
      <CheckoutPage loaderData={loaderData} />
    </FormValues>
  );
}

/** The step inside its form's values: a refused form shows what was typed, each message beside its field. */
function CheckoutPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // A double tap sends the form once; the server also takes a second copy of it as the first (issue 33).
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") sent.current = false;
  }, [navigation.state]);
  const { values, errors, params } = useFormScope();
  // The spec's sentence alone does not say what is missing: the banner names the fields.
  const invalidFields = FIELDS.filter((name) => errors[name]).map((name) => t(`booking.invoice.${name}`));
  const missing =
    errors.form === "booking.errors.invoiceFirst" && invalidFields.length > 0
      ? `. ${t("booking.checkout.fillIn", { fields: formatList(invalidFields, locale) })}`
      : "";
  const { appId, shop, period } = loaderData;
  const track = useEcommerce();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the step, not on every revalidation
  useEffect(() => {
    track("begin_checkout", {
      value: euros(loaderData.totalCents),
      ...(loaderData.coupon ? { coupon: loaderData.coupon } : {}),
      items: loaderData.lines.map(analyticsItem),
    });
  }, [track]);
  const base = `/rental/${appId}/${shop.slug}`;
  const { waiver } = loaderData;
  // While the waiver's box is ticked the sums with it show, else those without: by CSS, so it works before
  // (and without) JavaScript, and the pay button always names what will be charged.
  const whenTicked = "hidden group-has-[#damage-waiver:checked]:block";
  const whenNotTicked = "group-has-[#damage-waiver:checked]:hidden";
  const { countries } = loaderData;
  const text = (name: (typeof FIELDS)[number], autoComplete: string, type = "text", required = true) => (
    <Field name={name} label={t(`booking.invoice.${name}`) + (required ? "" : ` (${t("booking.optional")})`)}>
      {(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          required={required}
          defaultValue={valueAt(values, name)}
          className={inputClass}
        />
      )}
    </Field>
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <PageTitle>{t("pages.checkout.title")}</PageTitle>
      <StepNav
        current="invoice"
        links={{ branch: `/rental/${appId}`, period: base, persons: `${base}/persons`, equipment: `${base}/equipment`, bag: "/rental/bag" }}
      />
      {errors.form && (
        <Notice>
          {t(errors.form, {
            item: params?.item ?? "",
            count: params?.count === undefined ? undefined : Number(params.count),
          }) + missing}
          {errors.form !== "booking.errors.invoiceFirst" && (
            <>
              {" "}
              <Link to={href("/rental/bag")} className="font-medium underline">
                {t("booking.checkout.backToBag")}
              </Link>
            </>
          )}
        </Notice>
      )}
      <div className="group mt-6 grid gap-8 md:grid-cols-[1fr_18rem]">
        <Form
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            if (sent.current) event.preventDefault();
            sent.current = true;
          }}
        >
          <input type="hidden" name="total" value={loaderData.totalCents} />
          {waiver && <input type="hidden" name="waiver" value={waiver.amountCents} />}
          <h2 className="text-lg font-semibold">{t("booking.invoice.title")}</h2>
          {text("name", "name")}
          {text("company", "organization", "text", false)}
          {text("vatId", "off", "text", false)}
          {text("street", "street-address")}
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            {text("postalCode", "postal-code")}
            {text("city", "address-level2")}
          </div>
          <Field name="country" label={t("booking.invoice.country")}>
            {(props) => (
              <select
                {...props}
                autoComplete="country"
                required
                defaultValue={valueAt(values, "country") || DEFAULT_COUNTRY[locale]}
                className={inputClass}
              >
                <optgroup label={t("booking.invoice.countriesLikely")}>
                  {countries.likely.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("booking.invoice.countriesAll")}>
                  {countries.others.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </optgroup>
              </select>
            )}
          </Field>
          {text("email", "email", "email")}
          {text("phone", "tel", "tel")}
          {waiver && (
            <div className="rounded-lg border border-slate-200 p-4" data-damage-waiver>
              <div className="flex items-start gap-3">
                <input
                  id="damage-waiver"
                  type="checkbox"
                  name="damageWaiver"
                  value="on"
                  defaultChecked={values.damageWaiver === "on"}
                  aria-describedby={`damage-waiver-hint${errors.damageWaiver ? " damage-waiver-error" : ""}`}
                  aria-invalid={errors.damageWaiver ? true : undefined}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <div className="min-w-0">
                  <label htmlFor="damage-waiver" className="font-medium">
                    {t("booking.waiver.add", { day: formatMoney(waiver.dayCents, locale), total: formatMoney(waiver.amountCents, locale) })}
                  </label>
                  <p id="damage-waiver-hint" className="mt-1 text-sm text-slate-600">
                    {t("booking.waiver.covers")}
                  </p>
                  {errors.damageWaiver && (
                    <p id="damage-waiver-error" className="mt-1 text-sm text-red-700">
                      {t(errors.damageWaiver)}
                    </p>
                  )}
                </div>
              </div>
            </div>
          )}
          <PrimaryButton busy={busy} className="w-full sm:w-auto">
            <Lock aria-hidden="true" className="size-4" />
            {waiver ? (
              <>
                <span className={whenNotTicked}>{t("booking.checkout.pay", { total: formatMoney(loaderData.totalCents, locale) })}</span>
                <span className={whenTicked}>{t("booking.checkout.pay", { total: formatMoney(waiver.totalCents, locale) })}</span>
              </>
            ) : (
              t("booking.checkout.pay", { total: formatMoney(loaderData.totalCents, locale) })
            )}
          </PrimaryButton>
          <p className="text-sm text-slate-600" data-pay-hint>
            {t(loaderData.depositCents > 0 ? "booking.checkout.payHintCard" : "booking.checkout.payHint")}
          </p>
        </Form>
        <aside className="h-fit rounded-xl bg-slate-50 p-4 text-sm" aria-label={t("booking.checkout.summary")}>
          <p className="font-semibold">{shop.name}</p>
          <p>
            {shop.street}, {shop.town}
          </p>
          <p className="mt-2">
            {t("order.pickup")}: {formatDateTime(period.pickupAt, locale, "medium")}
          </p>
          <p>
            {t("order.return")}: {formatDateTime(period.returnAt, locale, "medium")}
          </p>
          <ul className="mt-3 space-y-1 border-t border-slate-200 pt-3">
            {loaderData.lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-3">
                <span>
                  {line.quantity > 1 ? `${line.quantity} × ` : ""}
                  {line.name}
                  {line.size ? ` (${line.size})` : ""}
                  {line.person ? ` – ${line.person}` : ""}
                  {line.packageName && (
                    <span className="block text-sm text-slate-600" data-package-line>
                      {t("booking.package.inBag", { name: line.packageName })}
                    </span>
                  )}
                  <PeakNote line={line} />
                </span>
                <span className="whitespace-nowrap">{formatMoney(line.subtotalCents, locale)}</span>
              </li>
            ))}
          </ul>
          <div className={`mt-3 border-t border-slate-200 pt-3 ${waiver ? whenNotTicked : ""}`}>
            <Totals
              subtotalCents={loaderData.subtotalCents}
              discounts={loaderData.discounts}
              totalCents={loaderData.totalCents}
              vat={loaderData.vat}
              hotel={loaderData.hotel}
            />
            {loaderData.couponState && <CouponNote coupon={loaderData.couponState} className="mt-2" />}
          </div>
          {waiver && (
            <div className={`mt-3 border-t border-slate-200 pt-3 ${whenTicked}`} data-with-waiver>
              <Totals
                subtotalCents={loaderData.subtotalCents}
                discounts={loaderData.discounts}
                totalCents={waiver.totalCents}
                vat={waiver.vat}
                hotel={loaderData.hotel}
                damageWaiver={waiver}
              />
            </div>
          )}
          {loaderData.depositCents > 0 && (
            <p className="mt-3 border-t border-slate-200 pt-3" data-deposit>
              {t("booking.checkout.deposit", { amount: formatMoney(loaderData.depositCents, locale) })}
            </p>
          )}
          <Link to={href("/rental/bag")} className="mt-3 inline-block text-brand-700 hover:underline">
            {t("booking.checkout.editBag")}
          </Link>
        </aside>
      </div>
    </div>
  );
}
