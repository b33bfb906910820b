import { useEffect, useMemo, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheetHref from "./app.css?url";
import { Analytics } from "./components/analytics";
import { CHUNK_ERROR_EVENT, checkForNewBuild, isNewBuildKnown } from "./components/client-resilience";
import { DeferredHydration, RenderAfterParsing } from "./components/deferred-hydration";
import { ErrorPage } from "./components/error-page";
import { useNonce } from "./components/nonce";
import { hydrationDone } from "./components/static";
import { isBackOfficePath, languageTag, locales, localizePath, splitLocale } from "./domain/i18n";
import { isChunkLoadError } from "./domain/reload-guard";
import { bundleAt, loadBundle, MESSAGES_META } from "./i18n/bundles";
import { getT } from "./i18n/i18n";
import { TranslationProvider } from "./i18n/react";
import type { PageHandle } from "./routes/site/layout";
import { type RootData, rootData } from "./server/http/root-data.server";

export function loader({ request }: Route.LoaderArgs) {
  return rootData(request);
}

/** Another language or area (the root revalidates then): its messages are loaded before the page renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadBundle(data.messagesUrl);
  return data;
}

/** The root's data depends on the language prefix, the session and the cookies: reload it when those can change. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return true;
  const [from, to] = [splitLocale(currentUrl.pathname), splitLocale(nextUrl.pathname)];
  // Another language, or into or out of the back office: other messages.
  if (from.locale !== to.locale || isBackOfficePath(from.path) !== isBackOfficePath(to.path)) return true;
  return defaultShouldRevalidate;
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  // The chunk error page names itself, translated (<title> in ChunkErrorPage).
  if (isChunkLoadError(error)) return [{ name: "robots", content: "noindex" }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? "Page Not Found" : "Internal Server Error" }, { name: "robots", content: "noindex" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const nonce = useNonce();
  const { locale, path } = data ?? splitLocale(location.pathname);
  // A page that works as HTML (decisions 032 and 034) waits for the visitor's first move; the tag manager, once
  // consented to, counts the view at load, so a page that loads it hydrates at the first paint (decision 033).
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  const firstUse = handle?.static === true || handle?.runsOnFirstUse === true;
  const until = firstUse && !(data?.gtmId && data.consent === "all") ? "interaction" : "paint";
  return (
    <html lang={languageTag[locale]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* A file of its own, cached for a year: the next page needs none of it again (decision 036). */}
        <link rel="stylesheet" href={stylesheetHref} />
        <RenderAfterParsing />
        <Meta />
        <Links />
        {data && (
          <>
            <link rel="canonical" href={`${data.origin}${localizePath(path, locale)}`} />
            {locales.map((l) => (
              <link key={l} rel="alternate" hrefLang={languageTag[l]} href={`${data.origin}${localizePath(path, l)}`} />
            ))}
            <link rel="alternate" hrefLang="x-default" href={`${data.origin}${localizePath(path, "en")}`} />
            <meta name={MESSAGES_META} content={data.messagesUrl} />
          </>
        )}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <DeferredHydration nonce={nonce} until={until} />
      </body>
    </html>
  );
}

/** Provides the active language's messages to every component below. */
function Translations({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const messages = data && bundleAt(data.messagesUrl);
  const t = useMemo(() => (data && messages ? getT(data.locale, messages) : null), [data, messages]);
  if (!t) return <>{children}</>;
  return <TranslationProvider t={t}>{children}</TranslationProvider>;
}

/** A new build on the server: the next navigation loads the whole document (with the new chunks). */
function useNewBuildDetection() {
  const location = useLocation();
  const navigation = useNavigation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation is the moment to ask
  useEffect(() => {
    void checkForNewBuild(window.__reactRouterManifest?.version);
  }, [location.pathname]);
  useEffect(() => {
    if (navigation.state === "loading" && navigation.location && isNewBuildKnown()) {
      const { pathname, search, hash } = navigation.location;
      window.location.assign(`${pathname}${search}${hash}`);
    }
  }, [navigation.state, navigation.location]);
}

/**
 * A page whose code could not load while the reload guard holds: its error, shown instead of the page
 * until the visitor goes elsewhere.
 */
function useBlockedChunkError() {
  const location = useLocation();
  const [blocked, setBlocked] = useState<{ error: Error; pathname: string | null } | null>(null);
  useEffect(() => {
    const onError = (event: Event) => setBlocked({ error: (event as CustomEvent<Error>).detail, pathname: null });
    window.addEventListener(CHUNK_ERROR_EVENT, onError);
    return () => window.removeEventListener(CHUNK_ERROR_EVENT, onError);
  }, []);
  useEffect(() => {
    setBlocked((current) => {
      if (!current) return current;
      if (current.pathname === null) return { ...current, pathname: location.pathname };
      return current.pathname === location.pathname ? current : null;
    });
  }, [location.pathname]);
  return blocked?.error ?? null;
}

export default function App() {
  useNewBuildDetection();
  useEffect(hydrationDone, []);
  const chunkError = useBlockedChunkError();
  return (
    <Translations>
      {chunkError ? <ErrorPage error={chunkError} /> : <Outlet />}
      <Analytics />
    </Translations>
  );
}

/** Errors the language layout cannot show: the root's own loader failed (the database is down, say). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Translations>
      <ErrorPage error={error} />
    </Translations>
  );
}

declare global {
  interface Window {
    __reactRouterManifest?: { version: string };
  }
}
