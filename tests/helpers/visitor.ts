/**
 * A visitor of the shop over real HTTP, without a browser: keeps its cookies like a browser would, posts
 * forms, and reads pages. Redirects are not followed, so each step's answer can be checked.
 */

import type { rawRequest } from "./raw-request";
import { DESKTOP_UA } from "./user-agent";

export type Visitor = ReturnType<typeof createVisitor>;

let visitors = 0;

/**
 * `headers` go with every request. Each visitor comes from an address of its own (X-Forwarded-For from
 * 198.18.0.0/15, which the test server believes from its loopback proxy), as customers do: the shop limits
 * holds and attempts per address. Give X-Forwarded-For to choose it. `transport: rawRequest` sends the
 * headers as given, a forged Host included.
 */
export function createVisitor(baseUrl: string, given: { headers?: Record<string, string>; transport?: typeof rawRequest } = {}) {
  visitors++;
  const ownAddress = `198.${18 + ((visitors >> 16) & 1)}.${(visitors >> 8) & 255}.${visitors & 255}`;
  const options = { ...given, headers: { "X-Forwarded-For": ownAddress, ...given.headers } as Record<string, string> };
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const [name, ...value] = pair.split("=");
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join("="));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

  async function request(path: string, init: RequestInit = {}) {
    const url = path.startsWith("http") ? path : baseUrl + path;
    const headers = { "User-Agent": DESKTOP_UA, Cookie: cookieHeader(), ...options.headers, ...(init.headers as Record<string, string>) };
    const response = options.transport
      ? await options.transport(url, { method: init.method, headers, body: init.body as URLSearchParams | undefined })
      : await fetch(url, { redirect: "manual", ...init, headers });
    remember(response);
    return response;
  }

  return {
    cookies,
    get: (path: string) => request(path),
    /** Posts a form the way a browser without JavaScript does. */
    post: (path: string, fields: Record<string, string | number>) =>
      request(path, {
        method: "POST",
        body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: options.headers?.Origin ?? new URL(baseUrl).origin },
      }),
    /** Follows a redirect answer to its target and returns the target's answer. */
    async follow(response: Response) {
      const location = response.headers.get("location");
      if (!location) throw new Error(`expected a redirect, got ${response.status}`);
      return request(new URL(location, baseUrl).toString());
    },
    request,
  };
}

/** The location a redirect points to, as a path with its query. */
export function locationOf(response: Response): string {
  const location = response.headers.get("location");
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  const url = new URL(location, "http://x");
  return url.pathname + url.search;
}

/** Text of an HTML page without tags, for "the page says ..." checks. */
export async function pageText(response: Response): Promise<string> {
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Invoice details that pass the checkout's validation. */
export const INVOICE = {
  name: "Anna Jensen",
  company: "",
  vatId: "",
  street: "Vestergade 12",
  postalCode: "8000",
  city: "Aarhus",
  country: "DK",
  email: "anna@example.com",
  phone: "+45 20 12 34 56",
};

/**
 * A bookable winter period at Ciaslin (open every day 08:00–18:00, closed on 25 December): Monday to
 * Wednesday, at least two weeks from now, inside the season (1 December to 15 April). `week` picks a later
 * such Monday (0 = the first), so tests that must not share units book different weeks.
 */
export function winterPeriod(now = new Date(), week = 0) {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 14));
  const bookable = (d: Date) => {
    const md = d.toISOString().slice(5, 10);
    // Three days from here must not touch Christmas Day.
    return d.getUTCDay() === 1 && (md >= "12-01" || md <= "04-13") && !(md >= "12-23" && md <= "12-25");
  };
  for (let found = -1; ; day.setUTCDate(day.getUTCDate() + 1)) {
    if (bookable(day)) found++;
    if (found === week) break;
  }
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const returnDay = new Date(day);
  returnDay.setUTCDate(day.getUTCDate() + 2);
  return { pickupDate: iso(day), returnDate: iso(returnDay), pickupTime: "09:00", returnTime: "17:00" };
}
