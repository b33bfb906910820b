import { ShoppingBag } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../domain/format";
import { ownerImages } from "../../domain/pictures";
import { type ShopCard, type ShopFilter, type ShopView, shopFilterSearch } from "../../domain/shop-filter";
import { useTranslation } from "../../i18n/react";
import { useLocale, useLocalPath } from "../use-locale";
import { Picture } from "./picture";

/** Two columns on a phone, three on a tablet, four in the 72rem column: the width a card's picture gets. */
const CARD_SIZES = "(min-width: 1152px) 268px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 45vw";
/** The first row can be on screen before anything is scrolled: the rest loads as it comes near. */
const EAGER = 2;

/**
 * The sports shop (issue 17): filter chips for category and branch that are plain links (they work
 * without JavaScript; with it the router swaps the list without moving the page), then either one tile
 * per category or the chosen category's articles as compact cards.
 */
export function SportsShopPage({ view }: { view: ShopView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const to = (filter: ShopFilter) => `${href("/sports-shop")}${shopFilterSearch(filter)}`;
  const { filter } = view;
  const branch = view.branches.find((b) => b.slug === filter.branch) ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{t("offer.sale.title")}</h1>
      <p className="mt-2 max-w-3xl text-slate-700 sm:mt-3 sm:text-lg">{t("offer.sale.lead")}</p>
      {view.refused.map((key) => (
        <p key={key} role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {t(key === "category" ? "sportsShop.unknownCategory" : "sportsShop.unknownBranch")}
        </p>
      ))}
      {view.empty ? (
        <p className="mt-8 rounded-lg bg-slate-50 p-6 text-slate-700">{t("offer.empty")}</p>
      ) : (
        <>
          <nav aria-label={t("sportsShop.filters")} className="mt-5 space-y-3">
            <ChipRow id="shop-categories" label={t("sportsShop.category")} scroll>
              <Chip to={to({ ...filter, category: null })} current={filter.category === null} count={view.allCategories}>
                {t("sportsShop.allCategories")}
              </Chip>
              {view.categories.map((c) => (
                <Chip key={c.id} to={to({ ...filter, category: c.id })} current={filter.category === c.id} count={c.count}>
                  {c.name}
                </Chip>
              ))}
            </ChipRow>
            <ChipRow id="shop-branches" label={t("sportsShop.branch")}>
              <Chip to={to({ ...filter, branch: null })} current={filter.branch === null} count={view.allBranches}>
                {t("sportsShop.allBranches")}
              </Chip>
              {view.branches.map((b) => (
                <Chip key={b.slug} to={to({ ...filter, branch: b.slug })} current={filter.branch === b.slug} count={b.count}>
                  {b.label}
                </Chip>
              ))}
            </ChipRow>
          </nav>
          {view.tiles &&
            (view.tiles.length > 0 ? (
              <ul aria-label={t("sportsShop.category")} className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
                {view.tiles.map((tile, index) => (
                  <li key={tile.id} data-tile={tile.id}>
                    <Link
                      to={to({ ...filter, category: tile.id })}
                      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-600 hover:shadow-md"
                    >
                      <CardPicture item={tile.picture} alt="" priority={index < EAGER} />
                      <span className="flex flex-1 flex-col gap-0.5 p-3">
                        <span className="hyphens-auto font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere] group-hover:underline">
                          {tile.name}
                        </span>
                        <span className="text-xs text-slate-600">
                          {t("sportsShop.articles", { count: tile.count })}
                          {tile.fromCents !== null && <> · {t("sportsShop.from", { price: formatMoney(tile.fromCents, locale) })}</>}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              branch && (
                <Empty
                  text={t("sportsShop.nothingAt", { branch: branch.name })}
                  links={[[to({ ...filter, branch: null }), t("sportsShop.showAllBranches")]]}
                />
              )
            ))}
          {view.category && (
            <section aria-labelledby="shop-category" className="mt-6">
              <h2 id="shop-category" className="text-xl font-semibold text-slate-900">
                {view.category.name}
              </h2>
              {/* An empty view says so below, with the ways out, instead of "0 articles". */}
              {view.category.cards.length > 0 && (
                <p className="text-sm text-slate-600">
                  {branch
                    ? t("sportsShop.atBranch", { count: view.category.cards.length, branch: branch.name })
                    : t("sportsShop.articles", { count: view.category.cards.length })}
                </p>
              )}
              {view.category.cards.length > 0 ? (
                <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
                  {view.category.cards.map((card, index) => (
                    <Card
                      key={card.id}
                      card={card}
                      priority={index < EAGER}
                      booking={
                        branch && view.category
                          ? {
                              to: `${href(`/rental/${view.category.appId}/${branch.slug}`)}?category=${view.category.id}`,
                              shop: branch.name,
                            }
                          : null
                      }
                    />
                  ))}
                </ul>
              ) : (
                branch && (
                  <Empty
                    text={t("sportsShop.noneHere", { category: view.category.name, branch: branch.name })}
                    links={[
                      [to({ ...filter, branch: null }), t("sportsShop.showAllBranches")],
                      [to({ ...filter, category: null }), t("sportsShop.showAllCategories")],
                    ]}
                  />
                )
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}

/**
 * A labelled row of filter links. On a phone the category row scrolls sideways (one line instead of
 * five); with JavaScript the chosen chip is scrolled into that row's view, never moving the page.
 */
function ChipRow({ id, label, scroll = false, children }: { id: string; label: string; scroll?: boolean; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current;
    const chip = row?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!scroll || !row || !chip) return;
    // The row is the chip's offset parent (relative), so these are positions in its scrolled content.
    const [left, right] = [chip.offsetLeft, chip.offsetLeft + chip.offsetWidth];
    // Only when the chosen chip is hidden in the row: a chip the visitor can see stays where it is.
    if (left < row.scrollLeft || right > row.scrollLeft + row.clientWidth) row.scrollLeft = left - 16;
  });
  return (
    <div>
      <p id={id} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {label}
      </p>
      <ul
        ref={list}
        aria-labelledby={id}
        className={`relative mt-1.5 flex gap-2 ${
          scroll ? "-mx-4 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0" : "flex-wrap"
        }`}
      >
        {children}
      </ul>
    </div>
  );
}

function Chip({ to, current, count, children }: { to: string; current: boolean; count: number; children: ReactNode }) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        preventScrollReset
        data-keep-scroll
        aria-current={current ? "true" : undefined}
        className={`inline-flex min-h-10 items-center gap-2 whitespace-nowrap rounded-full border px-3.5 text-sm font-medium ${
          current
            ? "border-brand-700 bg-brand-700 text-white"
            : "border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700"
        }`}
      >
        {children}
        <span className={`rounded-full px-1.5 text-xs tabular-nums ${current ? "bg-white/20 text-white" : "bg-slate-100 text-slate-700"}`}>
          {count}
        </span>
      </Link>
    </li>
  );
}

/** The item's first picture filling a 4:3 box, or a quiet placeholder of the same box: nothing shifts. */
function CardPicture({ item, alt, priority }: { item: { id: number; pictures: string[] } | null; alt: string; priority: boolean }) {
  const image = item ? ownerImages("items", item, CARD_SIZES)[0] : undefined;
  return (
    <span className="block aspect-[4/3] overflow-hidden bg-slate-100 [&_img]:h-full [&_img]:rounded-none">
      {image ? (
        <Picture image={image} alt={alt} priority={priority} className="h-full w-full bg-slate-100 object-cover" />
      ) : (
        <span className="flex h-full items-center justify-center bg-gradient-to-br from-slate-50 to-slate-200 text-slate-400">
          <ShoppingBag aria-hidden="true" className="size-10" strokeWidth={1.5} />
        </span>
      )}
    </span>
  );
}

/** An article: the whole card links to its page; with a branch chosen, a button books it there. */
function Card({ card, priority, booking }: { card: ShopCard; priority: boolean; booking: { to: string; shop: string } | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const here = card.atBranch;
  return (
    <li
      data-item={card.slug}
      className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-600 hover:shadow-md"
    >
      <CardPicture item={card} alt="" priority={priority} />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="hyphens-auto text-sm font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
          <Link
            to={href(`/item/${card.slug}`)}
            className="after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600"
          >
            {card.name}
          </Link>
        </h3>
        {card.fromCents !== null && <p className="font-bold text-brand-900">{formatMoney(card.fromCents, locale)}</p>}
        <p className="text-xs text-slate-600">
          {here
            ? `${t("offer.sale.some", { count: here.count })}${here.sizes.length > 0 ? ` · ${here.sizes.join(", ")}` : ""}`
            : card.branchesInStock > 0
              ? t("sportsShop.inStockAt", { count: card.branchesInStock })
              : t("sportsShop.soldOut")}
        </p>
        {booking && here && here.count > 0 && (
          <Link
            to={booking.to}
            className="relative z-10 mt-auto inline-flex min-h-9 items-center justify-center rounded-lg bg-brand-600 px-3 py-1.5 text-center leading-tight text-sm font-medium text-white hover:bg-brand-700"
          >
            {t("offer.sale.action")}
            <span className="sr-only"> {t("offer.itemAt", { name: card.name, shop: booking.shop })}</span>
          </Link>
        )}
      </div>
    </li>
  );
}

function Empty({ text, links }: { text: string; links: [string, string][] }) {
  return (
    <div className="mt-6 rounded-xl bg-slate-50 p-6 text-slate-700">
      <p>{text}</p>
      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
        {links.map(([to, label]) => (
          <Link
            key={to}
            to={to}
            preventScrollReset
            data-keep-scroll
            className="inline-flex min-h-6 items-center font-medium text-brand-700 underline"
          >
            {label}
          </Link>
        ))}
      </p>
    </div>
  );
}
