/** Payments as the back office words them: no code of a provider or method reaches the screen. */

const PROVIDERS = ["counter", "demo", "stripe"];

/**
 * A payment as the order page words it, as message keys: where it was paid (`admin.orders.provider.*`) and how
 * (at the counter cash or the card terminal, online a card or PayPal); a provider's other methods (Stripe has
 * many) as "other method", so no code of a provider reaches the screen.
 */
export function paymentWords(provider: string, method: string | null): { provider: string; method: string | null } {
  const where = `admin.orders.provider.${PROVIDERS.includes(provider) ? provider : "other"}`;
  if (!method) return { provider: where, method: null };
  if (provider === "counter") return { provider: where, method: counterMethodWord(method) };
  return {
    provider: where,
    method: method === "card" || method === "paypal" ? `admin.orders.onlineMethod.${method}` : "admin.orders.onlineMethod.other",
  };
}

/** How money was taken at the counter (cash or the card terminal), as a message key. */
export function counterMethodWord(method: string): string {
  return method === "cash" || method === "card" ? `admin.orders.methods.${method}` : "admin.orders.onlineMethod.other";
}
