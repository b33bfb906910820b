import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useConsent } from "./consent";
import { useRootData } from "./use-locale";

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
export function Analytics() {
  const location = useLocation();
  const enabled = useAnalyticsEnabled();
  const { gtmId } = useRootData();
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

/** One product in a GA4 e-commerce event; prices in euros, as GA4 expects. */
export type AnalyticsItem = {
  item_id: string;
  item_name: string;
  item_category?: string;
  item_variant?: string;
  price: number;
  quantity: number;
};

export type EcommerceEvent = "view_item_list" | "add_to_cart" | "remove_from_cart" | "begin_checkout" | "purchase";

export const euros = (cents: number) => Math.round(cents) / 100;

/** A bag or order line as a GA4 item: the price is per piece, before discounts. */
export function analyticsItem(line: {
  itemId: number;
  name: string;
  size?: string | null;
  quantity: number;
  subtotalCents: number;
}): AnalyticsItem {
  return {
    item_id: String(line.itemId),
    item_name: line.name,
    ...(line.size ? { item_variant: line.size } : {}),
    price: euros(line.subtotalCents / line.quantity),
    quantity: line.quantity,
  };
}

/**
 * GA4 e-commerce events into the tag manager's data layer, only with a container configured and the
 * visitor's consent to analytics (like the tag manager itself). Each event clears the previous
 * `ecommerce` object first, as Google asks, so values of one event never leak into the next.
 */
function useAnalyticsEnabled() {
  const { gtmId } = useRootData();
  const consent = useConsent();
  return Boolean(gtmId) && consent === "all";
}

export function useEcommerce() {
  const enabled = useAnalyticsEnabled();
  return useCallback(
    (event: EcommerceEvent, ecommerce: Record<string, unknown> & { items: AnalyticsItem[] }) => {
      if (!enabled) return;
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({ ecommerce: null });
      window.dataLayer.push({ event, ecommerce: { currency: "EUR", ...ecommerce } });
    },
    [enabled],
  );
}

/** The purchase of an order is reported once per browser, however often the thank-you page is shown. */
export function usePurchaseOnce(order: { number: string; paid: boolean }, report: () => void) {
  const enabled = useAnalyticsEnabled();
  useEffect(() => {
    if (!enabled || !order.paid) return;
    const key = `purchase-reported:${order.number}`;
    try {
      if (window.localStorage.getItem(key)) return;
      report();
      window.localStorage.setItem(key, "1");
    } catch {
      // Storage blocked (private mode): report anyway; GA4 also drops repeats of a transaction id.
      report();
    }
  }, [enabled, order.paid, order.number, report]);
}
