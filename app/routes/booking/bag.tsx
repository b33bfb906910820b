import { ShoppingBag, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import { analyticsItem, euros, useEcommerce } from "../../components/analytics";
import { PeakNote } from "../../components/booking/peak-note";
import { CouponNote, Totals } from "../../components/booking/totals";
import { FormNotice, inputClass, Notice, PageTitle, PrimaryButton, StepNav } from "../../components/booking/ui";
import { FormValues, useField } from "../../components/form-values";
import { pageMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDateTime, formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { rowId } from "../../domain/ids";
import { hotelChoiceLabel } from "../../domain/partner-hotel";
import { fail, ok, type Result } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { allowBagChange, loadBagAtBranch, readyForCheckout, releasePaymentHold, returnFromPayment } from "../../server/booking/bag.server";
import { changeLine, chooseHotel, enterCoupon, removeLine, updateBag } from "../../server/booking/bag-store.server";
import { bagView } from "../../server/booking/flow.server";
import { depositForLines } from "../../server/counter/deposits.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { passRetryAfter, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/bag";

const query = z.object({
  payment: z.enum(["cancelled", "failed"]).optional().catch(undefined),
  /** Sent back from the invoice step: the price or the availability changed since the bag was shown. */
  changed: z.enum(["price", "unavailable"]).optional().catch(undefined),
});

/** Step: the bag, grouped by person, with coupon, partner hotel, discounts, VAT and total. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const atBranch = await loadBagAtBranch(request);
  if (!atBranch) return { empty: true as const };
  const { payment, changed } = readQuery(request, query);
  const returned = payment ? await returnFromPayment(atBranch.bag, payment) : null;
  const { bag, shop, period } = atBranch;
  if (!period) throw redirect(localizePath(`/rental/${bag.appId}/${shop.slug}`, locale));
  const view = await bagView(bag, period, locale, new Date(), bag.invoice?.email);
  if (!view) return { empty: true as const };
  return {
    empty: false as const,
    returned,
    changed: changed === "price" ? "booking.checkout.priceChanged" : changed === "unavailable" ? "booking.bag.unavailable" : null,
    appId: bag.appId!,
    shop: { slug: shop.slug, name: shop.name },
    period: { pickupAt: period.pickupAt.toISOString(), returnAt: period.returnAt.toISOString(), days: period.days },
    persons: bag.persons.map((p) => ({ id: p.id, name: [p.firstName, p.lastName].filter(Boolean).join(" ") })),
    couponCode: bag.couponCode,
    hotelId: bag.hotelId,
    ...view,
    // Named before the invoice step, so the deposit is no surprise there (issue 33).
    depositCents: await depositForLines(view.lines),
  };
}

const changes = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), lineId: rowId }),
  z.object({ intent: z.literal("size"), lineId: rowId, size: z.string().min(1).max(20) }),
  z.object({ intent: z.literal("quantity"), lineId: rowId, quantity: z.coerce.number().int().min(1).max(20) }),
  z.object({ intent: z.literal("coupon"), code: z.string().max(40) }),
  z.object({ intent: z.literal("removeCoupon") }),
  z.object({ intent: z.literal("hotel"), hotelId: z.union([z.literal(""), rowId]) }),
  z.object({ intent: z.literal("continue") }),
  z.object({ intent: z.literal("releaseHold") }),
]);

export async function action({ request, context: load }: Route.ActionArgs) {
  const atBranch = await loadBagAtBranch(request);
  if (!atBranch?.period) return redirectTo(request, "/rental");
  const form = await readForm(request);
  // The coupon field keeps what was typed when the bag comes back with a message.
  const typed = { values: { code: typeof form.values.code === "string" ? form.values.code.slice(0, 40) : "" } };
  const change = parse(changes, { ...form.values, intent: form.intent });
  if (!change.ok) return refuse(fail.invalid({ form: "booking.equipment.invalid" }), null);
  const { bag, period } = atBranch;
  const { locale } = splitLocale(new URL(request.url).pathname);
  const posted = change.value;
  // Changes to the bag are counted per address; going on and giving a hold back never are.
  if (posted.intent !== "continue" && posted.intent !== "releaseHold") {
    const allowed = await allowBagChange(load.clientAddress);
    if (!allowed.ok) return refuse(allowed, typed);
  }
  const done = await (async (): Promise<Result> => {
    switch (posted.intent) {
      case "remove":
        await removeLine(bag, posted.lineId);
        return ok();
      case "size":
        return changeLine(bag, posted.lineId, { size: posted.size });
      case "quantity":
        return changeLine(bag, posted.lineId, { quantity: posted.quantity });
      case "coupon":
        return enterCoupon(bag, posted.code);
      case "removeCoupon":
        await updateBag(bag.id, { couponCode: null });
        return ok();
      case "hotel":
        return chooseHotel(bag, posted.hotelId === "" ? null : posted.hotelId);
      case "releaseHold":
        await releasePaymentHold(bag);
        return ok();
      case "continue":
        return readyForCheckout(bag, period, locale);
    }
  })();
  if (!done.ok) return refuse(done, posted.intent === "coupon" ? typed : null);
  // Giving the hold back is a fetcher's post from the page that stays; everything else shows the bag again.
  if (posted.intent === "releaseHold") return null;
  return redirectTo(request, posted.intent === "continue" ? "/rental/checkout" : "/rental/bag");
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "bag", {}, { noindex: true });

export const headers: Route.HeadersFunction = passRetryAfter;

/** The coupon field: the code as typed when a form came back with one, else the bag's coupon. */
function CouponInput({ held, describedBy }: { held: string | null | undefined; describedBy?: string }) {
  const typed = useField("code").value;
  return (
    <input
      id="coupon"
      name="code"
      defaultValue={typed || held || ""}
      autoCapitalize="characters"
      aria-describedby={describedBy}
      className={`${inputClass} mt-0`}
    />
  );
}

export default function Bag({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const busy = useNavigation().state !== "idle";
  const track = useEcommerce();
  if (loaderData.empty) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <PageTitle>{t("pages.bag.title")}</PageTitle>
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
          <ShoppingBag aria-hidden="true" className="mx-auto size-10 text-slate-400" />
          <p className="mt-3 text-slate-700">{t("booking.bag.emptyStart")}</p>
          <Link
            to={href("/rental")}
            className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {t("booking.bag.start")}
          </Link>
        </div>
      </div>
    );
  }
  const { appId, shop, period, persons, lines, quote, hotels } = loaderData;
  const base = `/rental/${appId}/${shop.slug}`;
  const when = (iso: string) => formatDateTime(iso, locale, "medium");
  const groups = [
    ...persons.map((p) => ({
      key: String(p.id),
      title: p.name,
      personId: p.id as number | null,
      lines: lines.filter((l) => l.personId === p.id),
    })),
    { key: "shared", title: t("booking.equipment.shared"), personId: null, lines: lines.filter((l) => l.personId === null) },
  ].filter((g) => g.lines.length > 0);
  const couponState = quote.coupon;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <PageTitle>{t("pages.bag.title")}</PageTitle>
      <StepNav
        current="bag"
        links={{ branch: `/rental/${appId}`, period: base, persons: `${base}/persons`, equipment: `${base}/equipment` }}
      />
      {loaderData.returned && <Notice tone="info">{t(`booking.bag.returned.${loaderData.returned.outcome}`)}</Notice>}
      {loaderData.returned?.holdOpen && <ReleaseHold />}
      {loaderData.changed && <Notice>{t(loaderData.changed)}</Notice>}
      <FormValues reply={actionData}>
        <FormNotice />
      </FormValues>
      <p className="mt-4 text-slate-700">
        {t("booking.bag.summary", { shop: shop.name, from: when(period.pickupAt), to: when(period.returnAt), count: period.days })}{" "}
        <Link to={href(base)} className="text-brand-700 underline hover:text-brand-900">
          {t("booking.bag.changeDates")}
        </Link>
      </p>
      {lines.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t("booking.bag.empty")}</p>
          <Link to={href(`${base}/equipment`)} className="mt-2 inline-block font-medium text-brand-700 hover:underline">
            {t("booking.bag.chooseEquipment")}
          </Link>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.key} className="mt-6" aria-labelledby={`group-${group.key}`}>
            <h2 id={`group-${group.key}`} className="text-lg font-semibold">
              {group.title}
            </h2>
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {group.lines.map((line) => (
                <li key={line.id} className="flex flex-wrap items-center gap-3 p-3" data-line={line.id}>
                  <div className="min-w-40 flex-1">
                    <p className="font-medium">{line.name}</p>
                    {line.packageName && (
                      <p className="text-sm text-slate-600" data-package-line>
                        {t("booking.package.inBag", { name: line.packageName })}
                      </p>
                    )}
                    <PeakNote line={line} />
                    {!line.available && <p className="text-sm font-semibold text-red-700">{t("booking.state.notAvailable")}</p>}
                  </div>
                  {line.sizes.length > 0 && (
                    <Form method="post" preventScrollReset className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="size" />
                      <input type="hidden" name="lineId" value={line.id} />
                      <label className="text-sm">
                        <span className="sr-only">{t("booking.bag.sizeOf", { item: line.name })}</span>
                        <select
                          name="size"
                          defaultValue={line.size ?? undefined}
                          // With JavaScript a new size applies at once; without it, "Update" sends the form.
                          onChange={(event) => event.currentTarget.form?.requestSubmit()}
                          className={`${inputClass} mt-0 py-1.5`}
                        >
                          {line.sizes.map((s) => (
                            <option key={s.size} value={s.size} disabled={s.free === 0 && s.size !== line.size}>
                              {s.size}
                              {s.free === 0 ? ` – ${t("booking.state.notAvailable")}` : ""}
                            </option>
                          ))}
                        </select>
                      </label>
                      <button type="submit" className="rounded-md border border-slate-300 px-2 py-1.5 text-sm hover:bg-slate-50">
                        {t("booking.bag.update")}
                      </button>
                    </Form>
                  )}
                  {group.personId === null && (
                    <Form method="post" preventScrollReset className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="quantity" />
                      <input type="hidden" name="lineId" value={line.id} />
                      <label className="text-sm">
                        <span className="sr-only">{t("booking.bag.quantityOf", { item: line.name })}</span>
                        <input
                          name="quantity"
                          type="number"
                          min={1}
                          max={20}
                          defaultValue={line.quantity}
                          className={`${inputClass} mt-0 w-20 py-1.5`}
                        />
                      </label>
                      <button type="submit" className="rounded-md border border-slate-300 px-2 py-1.5 text-sm hover:bg-slate-50">
                        {t("booking.bag.update")}
                      </button>
                    </Form>
                  )}
                  <span className="ml-auto min-w-24 text-right font-semibold">{formatMoney(line.subtotalCents, locale)}</span>
                  <Form
                    method="post"
                    preventScrollReset
                    onSubmit={() =>
                      track("remove_from_cart", {
                        value: euros(line.subtotalCents),
                        items: [analyticsItem(line)],
                      })
                    }
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="lineId" value={line.id} />
                    <button
                      type="submit"
                      aria-label={t("booking.bag.remove", { item: line.name })}
                      className="rounded-md p-2 text-red-700 hover:bg-red-50"
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <div className="space-y-6">
          <Form method="post" className="rounded-xl border border-slate-200 p-4">
            <input type="hidden" name="intent" value="coupon" />
            <label htmlFor="coupon" className="block font-medium">
              {t("booking.bag.coupon")}
            </label>
            <div className="mt-1 flex gap-2">
              <FormValues reply={actionData}>
                <CouponInput held={loaderData.couponCode} describedBy={couponState ? "coupon-state" : undefined} />
              </FormValues>
              <button type="submit" className="rounded-md border border-brand-700 px-3 font-medium text-brand-800 hover:bg-brand-50">
                {t("booking.bag.apply")}
              </button>
            </div>
            {couponState && <CouponNote id="coupon-state" coupon={couponState} className="mt-2" />}
          </Form>
          {loaderData.couponCode && (
            <Form method="post" className="-mt-4">
              <input type="hidden" name="intent" value="removeCoupon" />
              <button type="submit" className="text-sm text-slate-700 hover:underline">
                {t("booking.bag.removeCoupon")}
              </button>
            </Form>
          )}
          {hotels.length > 0 && (
            <Form method="post" className="rounded-xl border border-slate-200 p-4">
              <input type="hidden" name="intent" value="hotel" />
              {/* A choice of a few hotels, each name in full: in a select box the longer names were cut on a phone. */}
              <fieldset id="hotel">
                <legend className="font-medium">{t("booking.bag.hotel")}</legend>
                <p className="text-sm text-slate-600">{t("booking.bag.hotelHint")}</p>
                <div className="mt-2 space-y-1">
                  {[
                    { id: "", label: t("booking.bag.noHotel") },
                    ...hotels.map((h) => ({ id: String(h.id), label: hotelChoiceLabel(h) })),
                  ].map((choice) => (
                    <label
                      key={choice.id}
                      className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 has-[:checked]:bg-brand-50"
                      data-hotel-choice
                    >
                      <input
                        type="radio"
                        name="hotelId"
                        value={choice.id}
                        defaultChecked={String(loaderData.hotelId ?? "") === choice.id}
                        className="mt-1 size-4 shrink-0"
                      />
                      <span className="min-w-0">{choice.label}</span>
                    </label>
                  ))}
                </div>
                <button
                  type="submit"
                  className="mt-2 rounded-md border border-brand-700 px-3 py-2 font-medium text-brand-800 hover:bg-brand-50"
                >
                  {t("booking.bag.chooseHotel")}
                </button>
              </fieldset>
            </Form>
          )}
        </div>
        <div className="rounded-xl bg-slate-50 p-4">
          <Totals
            subtotalCents={quote.subtotalCents}
            discounts={quote.discounts}
            totalCents={quote.totalCents}
            vat={quote.vat}
            hotel={hotels.find((h) => h.id === loaderData.hotelId)}
          />
          {loaderData.depositCents > 0 && (
            <p className="mt-3 border-t border-slate-200 pt-3 text-sm" data-deposit>
              {t("booking.checkout.deposit", { amount: formatMoney(loaderData.depositCents, locale) })}
            </p>
          )}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="continue" />
            <PrimaryButton busy={busy} className="w-full">
              {t("booking.bag.continue")}
            </PrimaryButton>
          </Form>
        </div>
      </div>
    </div>
  );
}

/**
 * Back from the provider with the order still waiting for payment: give the hold back now, with a POST
 * (the page's GET changes nothing). Without JavaScript the hold goes at the next checkout or when it expires.
 */
function ReleaseHold() {
  const fetcher = useFetcher();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void fetcher.submit({ intent: "releaseHold" }, { method: "post" });
  }, [fetcher]);
  return null;
}
