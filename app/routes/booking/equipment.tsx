import { Check, ShoppingBag, Trash2 } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { euros, useEcommerce } from "../../components/analytics";
import { PackagePicker } from "../../components/booking/package-picker";
import { BookingSummaryBox } from "../../components/booking/summary";
import { FormNotice, inputClass, PageTitle, StepNav } from "../../components/booking/ui";
import { FormValues } from "../../components/form-values";
import { pageMeta } from "../../components/meta";
import { Picture } from "../../components/site/picture";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { splitLocale } from "../../domain/i18n";
import { rowId, slugSchema } from "../../domain/ids";
import { itemImages } from "../../domain/pictures";
import { fail } from "../../domain/result";
import { seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { addToBag, allowBagChange } from "../../server/booking/bag.server";
import { loadBag, removeLine } from "../../server/booking/bag-store.server";
import { bagPeriod, bookingSummary, categoriesOf, equipmentFor, getBranch, missingStep } from "../../server/booking/flow.server";
import { addPackage, packagesFor, removePackage } from "../../server/catalog/packages.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { found, param, passRetryAfter, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/equipment";

const query = z.object({
  person: z
    .union([z.literal("all"), rowId])
    .optional()
    .catch(undefined),
  category: slugSchema().optional().catch(undefined),
});

async function context(request: Request, params: Route.LoaderArgs["params"]) {
  const appId = param(seasonSchema, params.app);
  const slug = param(slugSchema(), params.shop);
  const branch = found(await getBranch(appId, slug));
  const bag = await loadBag(request);
  const now = new Date();
  const { period } = bagPeriod(bag, branch.calendar, now);
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const missing = missingStep(bag, "equipment", { appId, shopId: branch.shop.id, slug, period }, locale);
  if (missing) throw redirect(missing);
  const categories = await categoriesOf(appId, locale);
  const { person, category } = readQuery(request, query);
  const personId = person === "all" ? null : (bag!.persons.find((p) => p.id === person) ?? bag!.persons[0]).id;
  // Rental equipment is chosen per person; shop articles, service and depot belong to the whole bag.
  const offered = categories.filter((c) => (personId === null ? c.kind !== "rental" : c.kind === "rental"));
  const selected = offered.find((c) => c.id === category) ?? offered[0];
  return { appId, slug, branch, bag: bag!, period: period!, locale, now, categories: offered, category: selected, personId };
}

/** Step: equipment per person, and the shop's articles, service and depot for everyone. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { appId, slug, branch, bag, period, locale, now, categories, category, personId } = await context(request, params);
  const list = { bag, appId, shopId: branch.shop.id, period, personId, categoryId: category?.id ?? "", locale, now };
  const [entries, packages] = await Promise.all([category ? equipmentFor(list) : [], packagesFor(list)]);
  return {
    appId,
    slug,
    summary: await bookingSummary(bag, branch.shop.name, period, now),
    persons: bag.persons.map((p) => ({ id: p.id, name: p.firstName, items: bag.lines.filter((l) => l.personId === p.id).length })),
    sharedItems: bag.lines.filter((l) => l.personId === null).length,
    bagCount: bag.lines.length,
    personId,
    categories,
    category: category?.id ?? null,
    entries,
    packages,
  };
}

const changes = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    itemId: rowId,
    size: z.string().max(20).optional(),
    quantity: z.coerce.number().int().min(1).max(20).default(1),
    /** Ticked on an item that does not suit the person: the customer is sure. */
    anyway: z.literal("1").optional().transform(Boolean),
  }),
  z.object({ intent: z.literal("remove"), lineId: rowId }),
  z.object({ intent: z.literal("addPackage"), packageId: rowId }),
  z.object({ intent: z.literal("removePackage"), packageId: rowId }),
]);

export async function action({ request, params, context: load }: Route.ActionArgs) {
  const { appId, branch, bag, period, locale, now, category, personId } = await context(request, params);
  const form = await readForm(request);
  const allowed = await allowBagChange(load.clientAddress);
  if (!allowed.ok) return refuse(allowed, null);
  const change = parse(changes, { ...form.values, intent: form.intent });
  if (!change.ok || (change.value.intent === "add" && !category)) return refuse(fail.invalid({ form: "booking.equipment.invalid" }), null);
  const list = { bag, appId, shopId: branch.shop.id, period, personId, categoryId: category?.id ?? "", locale, now };
  if (change.value.intent === "remove") await removeLine(bag, change.value.lineId);
  else if (change.value.intent === "addPackage") {
    const added = await addPackage(list, change.value.packageId);
    if (!added.ok) return refuse(added, null);
  } else if (change.value.intent === "removePackage") {
    if (personId !== null) await removePackage(bag, personId, change.value.packageId);
  } else if (category) {
    const added = await addToBag(list, change.value);
    if (!added.ok) return refuse(added, null);
  }
  const back = new URL(request.url);
  return redirect(back.pathname + back.search);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "equipment", {}, { noindex: true });

export const headers: Route.HeadersFunction = passRetryAfter;

export default function Equipment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const busy = useNavigation().state !== "idle";
  const { appId, slug, persons, personId, categories, category, entries } = loaderData;
  const base = `/rental/${appId}/${slug}/equipment`;
  const who = personId === null ? "all" : String(personId);
  const link = (person: string, categoryId?: string | null) =>
    href(`${base}?person=${person}${categoryId ? `&category=${categoryId}` : ""}`);
  const current = persons.find((p) => p.id === personId);
  const track = useEcommerce();
  // The bag bar sticks to the bottom; while the cookie banner is open (it sticks there too), it sits above it.
  const bagBar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const banner = document.querySelector<HTMLElement>("[data-consent-banner]");
    if (!banner) return;
    // Answered, the banner leaves the page and its height becomes 0.
    const observer = new ResizeObserver(() => {
      if (bagBar.current) bagBar.current.style.bottom = `${banner.offsetHeight}px`;
    });
    observer.observe(banner);
    return () => observer.disconnect();
  }, []);
  const categoryName = categories.find((c) => c.id === category)?.name ?? "";
  const asItem = (entry: (typeof entries)[number], size?: string, quantity = 1) => ({
    item_id: String(entry.id),
    item_name: entry.name,
    item_category: categoryName,
    ...(size ? { item_variant: size } : {}),
    price: euros(entry.priceCents),
    quantity,
  });
  // One view of a list per person and category shown (not again when the bag changes on the same list).
  const listKey = `${who}:${category}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is reported when the person or category changes, not on every revalidation
  useEffect(() => {
    if (entries.length === 0) return;
    track("view_item_list", {
      item_list_id: category ?? "",
      item_list_name: categoryName,
      items: entries.map((entry) => asItem(entry, entry.recommendedSize ?? undefined)),
    });
  }, [listKey, track]);
  const onAdd = (entry: (typeof entries)[number]) => (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const quantity = Number(form.get("quantity") ?? 1) || 1;
    track("add_to_cart", {
      value: euros(entry.priceCents * quantity),
      items: [asItem(entry, String(form.get("size") ?? "") || undefined, quantity)],
    });
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageTitle>{current ? t("booking.equipment.titleFor", { name: current.name }) : t("booking.equipment.titleShared")}</PageTitle>
      <StepNav
        current="equipment"
        links={{ branch: `/rental/${appId}`, period: `/rental/${appId}/${slug}`, persons: `/rental/${appId}/${slug}/persons` }}
      />
      <BookingSummaryBox summary={loaderData.summary} periodLink={`/rental/${appId}/${slug}`} />
      <FormValues reply={actionData}>
        <FormNotice />
      </FormValues>
      <nav aria-label={t("booking.equipment.whom")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {persons.map((p) => (
            <li key={p.id}>
              <Link
                to={link(String(p.id))}
                aria-current={who === String(p.id) ? "page" : undefined}
                className="block rounded-full border border-slate-300 px-4 py-2 font-medium aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {p.name}
                {p.items > 0 ? ` (${p.items})` : ""}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={link("all")}
              aria-current={who === "all" ? "page" : undefined}
              className="block rounded-full border border-slate-300 px-4 py-2 font-medium aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {t("booking.equipment.shared")}
              {loaderData.sharedItems > 0 ? ` (${loaderData.sharedItems})` : ""}
            </Link>
          </li>
        </ul>
      </nav>
      {personId !== null && <PackagePicker packages={loaderData.packages} busy={busy} />}
      {/* The categories wrap onto a second row on a phone rather than scroll: none is hidden off the screen. */}
      <nav aria-label={t("booking.equipment.categories")} className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={link(who, c.id)}
                aria-current={c.id === category ? "page" : undefined}
                className="block rounded-lg bg-slate-100 px-3 py-1.5 aria-[current=page]:bg-brand-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-900"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {entries.length === 0 ? (
        <p className="mt-8 rounded-lg bg-slate-50 p-6 text-slate-700">{t("booking.equipment.empty")}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((entry) => (
            <li
              // A card per person and item: the inputs of one person's card never carry over to the next
              // person's tab (a size chosen for an adult must not stay preselected for a child).
              key={`${who}:${entry.id}:${entry.recommendedSize ?? ""}`}
              className="flex flex-col rounded-2xl border border-slate-200 p-4 shadow-sm"
              data-item={entry.slug}
              data-state={entry.state}
            >
              <div className="flex items-center gap-3">
                <EquipmentPicture item={entry} />
                {/* min-w-0 and breaking words: a long German name stays in its column on a 320 px phone. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-2 gap-y-1">
                  <h2 className="min-w-0 hyphens-auto font-semibold [overflow-wrap:anywhere]">{entry.name}</h2>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${entry.state === "added" ? "bg-emerald-100 text-emerald-900" : entry.state === "available" ? "bg-brand-50 text-brand-900" : "bg-slate-200 text-slate-800"}`}
                  >
                    {entry.state === "added" && <Check aria-hidden="true" className="mr-0.5 inline size-3" />}
                    {t(`booking.state.${entry.state === "not available" ? "notAvailable" : entry.state}`)}
                  </span>
                </div>
              </div>
              <p className="mt-2 text-sm text-slate-700">{entry.description}</p>
              {entry.fit.reason && (
                <p
                  data-fit={entry.fit.verdict}
                  className={`mt-2 text-sm ${entry.fit.verdict === "suits" ? "text-emerald-800" : entry.fit.verdict === "above" ? "text-amber-800" : "font-medium text-red-800"}`}
                >
                  {entry.fit.verdict === "suits" && <Check aria-hidden="true" className="mr-1 inline size-4" />}
                  {t(
                    entry.fit.reason,
                    entry.fit.verdict === "unsuitable" ? { size: entry.fit.size ?? "", ideal: entry.fit.ideal ?? "" } : {},
                  )}
                </p>
              )}
              {entry.missingSize && (
                <p data-size-missing className="mt-2 text-sm font-medium text-amber-900">
                  {t("booking.equipment.sizeMissing", { size: entry.missingSize })}
                </p>
              )}
              {(entry.maxHeightCm || entry.maxShoeSize) && (
                <p className="mt-1 text-xs text-slate-600">
                  {[
                    entry.maxHeightCm ? t("booking.equipment.maxHeight", { cm: entry.maxHeightCm }) : null,
                    entry.maxShoeSize ? t("booking.equipment.maxShoe", { size: entry.maxShoeSize }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              )}
              <p className="mt-3 text-lg font-bold">
                {formatMoney(entry.priceCents, locale)}
                <span className="ml-1 text-sm font-normal text-slate-600">
                  {entry.kind === "rental" || (entry.kind === "depot" && entry.sizes.length === 0) ? t("booking.equipment.forPeriod") : ""}
                </span>
              </p>
              <Form method="post" preventScrollReset onSubmit={onAdd(entry)} className="mt-auto space-y-2 pt-3">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="itemId" value={entry.id} />
                <div className="flex gap-2 empty:hidden">
                  {entry.sizes.length > 0 && entry.state !== "not available" && (
                    <div className="flex-1">
                      <label htmlFor={`size-${entry.id}`} className="text-sm font-medium">
                        {t("booking.equipment.size")}
                      </label>
                      {/* A screen reader lists every size box of the page: each names its item and person. */}
                      <select
                        id={`size-${entry.id}`}
                        name="size"
                        aria-label={
                          current
                            ? t("booking.equipment.sizeFor", { item: entry.name, name: current.name })
                            : t("booking.bag.sizeOf", { item: entry.name })
                        }
                        defaultValue={entry.recommendedSize ?? undefined}
                        className={inputClass}
                      >
                        {entry.sizes.map((s) => (
                          <option key={s.size} value={s.size} disabled={s.free === 0}>
                            {s.size}
                            {s.size === entry.recommendedSize && entry.state !== "added" ? ` – ${t("booking.equipment.recommended")}` : ""}
                            {s.free === 0 ? ` – ${t("booking.state.notAvailable")}` : ""}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  {personId === null && entry.state !== "not available" && (
                    <div className="w-24">
                      <label htmlFor={`quantity-${entry.id}`} className="text-sm font-medium">
                        {t("booking.equipment.quantity")}
                      </label>
                      <input
                        id={`quantity-${entry.id}`}
                        name="quantity"
                        type="number"
                        min={1}
                        max={20}
                        defaultValue={1}
                        className={inputClass}
                      />
                    </div>
                  )}
                </div>
                {entry.fit.verdict === "unsuitable" && entry.state !== "not available" && (
                  <label className="flex items-start gap-2 text-sm">
                    <input type="checkbox" name="anyway" value="1" required className="mt-0.5 size-4" />
                    {t("booking.fit.anyway")}
                  </label>
                )}
                {entry.state === "not available" ? (
                  <p className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800" data-sold-out>
                    {/* Goods for sale are out of stock, not booked out for the dates. */}
                    {t(entry.kind === "sale" ? "booking.equipment.soldOutSaleHint" : "booking.equipment.soldOutHint")}
                  </p>
                ) : (
                  <button
                    type="submit"
                    aria-disabled={busy || undefined}
                    className="w-full rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
                  >
                    {entry.state === "added" && personId !== null
                      ? t("booking.equipment.changeSize", { item: entry.name })
                      : t("booking.equipment.add", { item: entry.name })}
                  </button>
                )}
              </Form>
              {entry.addedLineId !== null && (
                <Form
                  method="post"
                  preventScrollReset
                  onSubmit={() =>
                    track("remove_from_cart", {
                      value: euros(entry.priceCents),
                      items: [asItem(entry, entry.recommendedSize ?? undefined)],
                    })
                  }
                  className="mt-2"
                >
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="lineId" value={entry.addedLineId} />
                  <button type="submit" className="inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline">
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t("booking.equipment.remove", { item: entry.name })}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <div
        ref={bagBar}
        className="sticky bottom-0 z-20 mt-8 flex items-center justify-between gap-3 border-t border-slate-200 bg-white py-4 sm:gap-4"
      >
        {/* Small type on a phone and the total on a line of its own: beside "Zum Warenkorb" the count and the
            total ran under the button at 320 px. */}
        <span
          className="flex min-w-0 items-center gap-2 text-sm text-slate-700 sm:text-base"
          aria-live="polite"
          data-bag-count={loaderData.bagCount}
        >
          <ShoppingBag aria-hidden="true" className="size-5 shrink-0" />
          <span className="min-w-0">
            {t("booking.equipment.inBag", { count: loaderData.bagCount })}
            {loaderData.bagCount > 0 && loaderData.summary.totalCents !== null && (
              <strong className="block whitespace-nowrap">{formatMoney(loaderData.summary.totalCents, locale)}</strong>
            )}
          </span>
        </span>
        <Link
          to={href("/rental/bag")}
          className="shrink-0 rounded-lg bg-brand-700 px-3 py-3 text-center font-semibold text-white hover:bg-brand-800 sm:px-5"
        >
          {t("booking.equipment.toBag")}
        </Link>
      </div>
    </div>
  );
}

/** The item's first picture beside its name; decorative, the name says what it is (decision 031). */
function EquipmentPicture({ item }: { item: { id: number; pictures: string[] } }) {
  const image = itemImages(item, "(min-width: 640px) 5rem, 4rem")[0];
  if (!image) return null;
  return (
    <div className="w-16 shrink-0 sm:w-20">
      <Picture image={image} alt="" className="h-auto w-full rounded-lg bg-slate-50" />
    </div>
  );
}
