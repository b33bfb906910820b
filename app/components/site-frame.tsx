import { Bike, ChevronDown, Globe, LogIn, Mountain, Snowflake, UserRound } from "lucide-react";
import { Form, Link, NavLink, useLocation, useMatches } from "react-router";
import { languageName, languageTag, locales, splitLocale } from "../domain/i18n";
import type { Season } from "../domain/vocabulary";
import { useTranslation } from "../i18n/react";
import { submitConsent, useConsent } from "./consent";
import { useLocalPath, useRootData } from "./use-locale";

/** Header, footer and consent banner around every public page (the default layout of docs/spec.md §2). */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const season = useShownSeason();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("nav.skip")}
      </a>
      <header className="border-b border-slate-200 bg-white">
        {/*
          A phone gets three tidy rows: the brand with the sign-in link, the pages, then season and language.
          From 640 px it is one row that wraps as needed. `contents` lets the tools' wrapper step aside on a
          phone, so its three controls take their own places in the grid.
        */}
        <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex sm:flex-wrap sm:gap-x-6">
          <Link to={href("/")} className="col-start-1 row-start-1 flex items-center gap-2 text-lg font-bold text-brand-900">
            <Mountain aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
            {t("brand.name")}
          </Link>
          <nav
            aria-label={t("nav.main")}
            className="col-span-2 row-start-2 -mx-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium sm:mx-0"
          >
            <NavItem to={href("/rental")}>{t("nav.rental")}</NavItem>
            <NavItem to={href("/stores")}>{t("nav.stores")}</NavItem>
            <NavItem to={href("/about")}>{t("nav.about")}</NavItem>
          </nav>
          <div className="contents sm:ml-auto sm:flex sm:flex-wrap sm:items-center sm:gap-3">
            <SeasonSwitcher />
            <LanguageSwitcher />
            <AccountLink />
          </div>
        </div>
      </header>
      {/* `clip`, not `hidden`: a page entering with its translate transition must not widen the page, and sticky bars keep working. */}
      <main id="main" className="flex-1 overflow-x-clip">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-slate-50 text-sm text-slate-700">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6">
          <span>© {t("brand.name")}</span>
          {/* The ski service, the depot and the sports shop are winter's: a summer visitor is not offered them. */}
          {season === "winter" && (
            <FooterNav
              label={t("nav.offers")}
              links={[
                ["/ski-service", "offer.service.title"],
                ["/ski-depot", "offer.depot.title"],
                ["/sports-shop", "offer.sale.title"],
              ]}
            />
          )}
          <FooterNav
            label={t("nav.legal")}
            links={[
              ["/stores", "nav.stores"],
              ["/cookies", "nav.cookies"],
              ["/privacy", "nav.privacy"],
              ["/impressum", "nav.impressum"],
            ]}
          />
        </div>
      </footer>
      <ConsentBanner />
    </div>
  );
}

/** A labelled row of footer links: [English path, message key] each. */
function FooterNav({ label, links }: { label: string; links: [path: string, key: string][] }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  return (
    <nav aria-label={label} className="flex flex-wrap gap-x-6 gap-y-2">
      {links.map(([path, key]) => (
        <Link key={path} className="underline-offset-4 hover:underline" to={href(path)}>
          {t(key)}
        </Link>
      ))}
    </nav>
  );
}

function NavItem({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `rounded px-1 py-1 underline-offset-4 hover:underline ${isActive ? "text-brand-700 underline" : "text-slate-800"}`
      }
    >
      {children}
    </NavLink>
  );
}

/** Switches language, staying on the same page; the choice goes into the language cookie. */
function LanguageSwitcher() {
  const { t } = useTranslation();
  const { locale, languages } = useRootData();
  const location = useLocation();
  const { path } = splitLocale(location.pathname);
  // The languages the shop offers (settings); the page's own language stays listed even when it is not offered.
  const offered = locales.filter((l) => languages.includes(l) || l === locale);
  return (
    <details className="relative col-start-2 row-start-3 justify-self-end">
      {/*
        On a phone the summary shows the language's tag ("NL-BE"), not its name ("Nederlands (België)" alone
        is wider than a 320 px header row); screen readers hear the full name at every width, and the menu
        lists every name in full.
      */}
      <summary className="flex min-h-8 cursor-pointer list-none items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm">
        <Globe aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">{t("nav.language")}: </span>
        <span lang={languageTag[locale]} className="sr-only sm:not-sr-only">
          {languageName[locale]}
        </span>
        <span aria-hidden="true" className="font-medium sm:hidden">
          {languageTag[locale].toUpperCase()}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </summary>
      <Form
        method="post"
        action="/resources/language"
        className="absolute right-0 z-20 mt-1 w-56 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        <input type="hidden" name="to" value={`${path}${location.search}`} />
        {offered.map((l) => (
          <button
            key={l}
            type="submit"
            name="locale"
            value={l}
            lang={languageTag[l]}
            aria-current={l === locale ? "true" : undefined}
            className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 aria-[current=true]:font-semibold"
          >
            {languageName[l]}
          </button>
        ))}
      </Form>
    </details>
  );
}

/**
 * Winter or summer storefront, kept for the visit. A page of one season (a booking step under
 * /rental/{season}, an item of that season) shows its own season, so the switch never disagrees with it.
 */
function SeasonSwitcher() {
  const { t } = useTranslation();
  const page = usePageSeason();
  const season = useShownSeason();
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/resources/season"
      className="col-start-1 row-start-3 flex justify-self-start rounded-md border border-slate-300 text-sm"
      aria-label={t("nav.season")}
    >
      <input type="hidden" name="to" value={`${location.pathname}${location.search}`} />
      {page && <input type="hidden" name="page" value={page} />}
      <button
        type="submit"
        name="season"
        value="winter"
        aria-pressed={season === "winter"}
        className="flex min-h-8 items-center gap-1 rounded-l-md px-2 py-1 aria-pressed:bg-brand-600 aria-pressed:text-white"
      >
        <Snowflake aria-hidden="true" className="size-4" />
        {t("season.winter")}
      </button>
      <button
        type="submit"
        name="season"
        value="summer"
        aria-pressed={season === "summer"}
        className="flex min-h-8 items-center gap-1 rounded-r-md px-2 py-1 aria-pressed:bg-summer-700 aria-pressed:text-white"
      >
        <Bike aria-hidden="true" className="size-4" />
        {t("season.summer")}
      </button>
    </Form>
  );
}

/** The season the frame shows: the page's own (a booking step, an item), else the visit's. */
function useShownSeason(): Season {
  const visit = useRootData().season;
  return usePageSeason() ?? visit;
}

/**
 * The season of the page shown, when it has one: the `:app` of a booking step (its loader has checked it),
 * or the `pageSeason` its loader names (an item's page).
 */
function usePageSeason(): Season | null {
  const page = useMatches().at(-1);
  const named = (page?.data as { pageSeason?: Season } | undefined)?.pageSeason;
  return named ?? (page?.params.app as Season | undefined) ?? null;
}

function AccountLink() {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { user } = useRootData();
  if (!user) {
    return (
      <Link
        to={href("/login")}
        className="col-start-2 row-start-1 flex min-h-8 items-center gap-1 justify-self-end text-sm font-medium whitespace-nowrap text-slate-800 hover:underline"
      >
        <LogIn aria-hidden="true" className="size-4" />
        {t("nav.login")}
      </Link>
    );
  }
  return (
    <div className="col-start-2 row-start-1 flex flex-wrap items-center justify-end gap-x-3 gap-y-1 justify-self-end text-sm">
      {user.role !== "customer" && (
        <Link to={href("/admin")} className="font-medium text-brand-700 hover:underline">
          {t("nav.admin")}
        </Link>
      )}
      <Link to={href("/account")} className="flex items-center gap-1 font-medium text-slate-800 hover:underline">
        <UserRound aria-hidden="true" className="size-4" />
        {t("account.title")}
      </Link>
      <Form method="post" action={href("/logout")}>
        <button type="submit" className="font-medium text-slate-800 hover:underline">
          {t("nav.logout")}
        </button>
      </Form>
    </div>
  );
}

/**
 * Asks before any analytics cookie; works as a plain form without JavaScript. It sticks to the bottom of the
 * window but keeps its own place after the footer, so a page's last button (a booking step's Continue on a
 * phone) can always be scrolled clear of it.
 */
function ConsentBanner() {
  const { t } = useTranslation();
  const href = useLocalPath();
  const consent = useConsent();
  const location = useLocation();
  if (consent) return null;
  return (
    <section
      data-consent-banner
      aria-labelledby="consent-title"
      className="sticky bottom-0 z-30 border-t border-slate-300 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <form
        method="post"
        action="/resources/consent"
        onSubmit={submitConsent}
        className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-3 sm:py-4"
      >
        <input type="hidden" name="to" value={`${location.pathname}${location.search}`} />
        <div className="flex-1 text-sm">
          <h2 id="consent-title" className="font-semibold">
            {t("consent.title")}
          </h2>
          <p className="text-slate-700">
            {t("consent.text")}{" "}
            <Link to={href("/cookies")} className="underline">
              {t("consent.more")}
            </Link>
          </p>
        </div>
        {/* Side by side while both fit ("Alleen noodzakelijke" and "Alles accepteren" do not at 320 px), else one above the other. */}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="consent"
            value="necessary"
            className="grow rounded-md border border-slate-400 px-4 py-2 text-sm font-medium sm:grow-0"
          >
            {t("consent.necessary")}
          </button>
          <button
            type="submit"
            name="consent"
            value="all"
            className="grow rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 sm:grow-0"
          >
            {t("consent.accept")}
          </button>
        </div>
      </form>
    </section>
  );
}
