import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

let loadedId: string | null = null;

/** Loads Google Tag Manager once, from our own bundle (no inline script), after consent. */
function loadTagManager(gtmId: string) {
  if (loadedId === gtmId) return;
  loadedId = gtmId;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

/**
 * Tag manager and page views: nothing at all until the visitor accepts analytics cookies and a valid
 * container id is configured. Client-side navigations push a `page_view` to the data layer.
 */
export function Analytics({ gtmId, consent }: { gtmId: string | null; consent: string | null }) {
  const location = useLocation();
  const enabled = Boolean(gtmId) && consent === "all";
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    if (enabled && gtmId) loadTagManager(gtmId);
  }, [enabled, gtmId]);

  useEffect(() => {
    const path = location.pathname + location.search;
    const previous = lastPath.current;
    lastPath.current = path;
    // The document load is GTM's own first page view; consenting on a page is no new view either.
    if (!enabled || previous === null || previous === path) return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: "page_view", page_path: path, page_title: document.title });
  }, [enabled, location.pathname, location.search]);

  return null;
}
