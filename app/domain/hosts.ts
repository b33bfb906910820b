/**
 * Which Host names the shop answers to, and the one origin its absolute links are made of (decision 025).
 *
 * A link in an e-mail, a sitemap or a payment return must never carry a Host an outsider typed: with
 * `PUBLIC_URL` every absolute URL uses it; without it the shop answers only to the loopback names (so
 * `npm start` works on the machine it runs on) and to `ALLOWED_HOSTS`, and a link is made from the request's
 * own origin only after its Host passed that list.
 */
import { isIP } from "node:net";
import { z } from "zod";

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** A host name as it appears in a URL: lower case, an IPv6 address in brackets, no port. */
const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .refine((name) => {
    if (name.startsWith("[") && name.endsWith("]")) return isIP(name.slice(1, -1)) === 6;
    return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(name);
  }, "must be host names separated by commas, such as shop.example,www.shop.example");

/** `ALLOWED_HOSTS`: a comma-separated list of host names (no scheme, no port). */
export const allowedHostsSchema = z
  .string()
  .transform((text) => text.split(",").filter((part) => part.trim() !== ""))
  .pipe(z.array(hostname).min(1, "must name at least one host"));

const proxyEntry = z
  .string()
  .trim()
  .refine((entry) => {
    if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
    const [address, prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (!family || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  }, "must be loopback, linklocal, uniquelocal, addresses or CIDR ranges, separated by commas");

/**
 * `TRUST_PROXY`: the proxies whose X-Forwarded-For, -Host and -Proto are believed, as Express reads them:
 * `loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges, comma-separated. Never "everyone".
 */
export const trustProxySchema = z
  .string()
  .transform((text) => text.split(",").filter((part) => part.trim() !== ""))
  .pipe(z.array(proxyEntry).min(1, "must name at least one proxy"));

export type HostPolicy = {
  /** The configured public origin (`PUBLIC_URL`), without a trailing slash. */
  publicOrigin: string | null;
  /** Host names served; the loopback names when nothing is configured. */
  hosts: ReadonlySet<string>;
};

export function hostPolicy(config: { PUBLIC_URL?: string; ALLOWED_HOSTS?: string[] }): HostPolicy {
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  const configured = [...(publicOrigin ? [new URL(publicOrigin).hostname] : []), ...(config.ALLOWED_HOSTS ?? [])];
  return { publicOrigin, hosts: new Set(configured.length > 0 ? configured : LOOPBACK_HOSTS) };
}

export function hostAllowed(policy: HostPolicy, name: string): boolean {
  return policy.hosts.has(name.toLowerCase());
}

export class UntrustedHostError extends Error {
  constructor(host: string) {
    super(`Host ${JSON.stringify(host.slice(0, 100))} is not one the shop serves`);
  }
}

/**
 * The origin of absolute links for a request whose URL is `requestUrl`: `PUBLIC_URL` when set, else the
 * request's own origin once its host is one the shop serves. Throws for any other host, so a forged Host
 * that got past the HTTP guard can still never end up in a link.
 */
export function linkOrigin(policy: HostPolicy, requestUrl: string): string {
  if (policy.publicOrigin) return policy.publicOrigin;
  const url = new URL(requestUrl);
  if (!hostAllowed(policy, url.hostname)) throw new UntrustedHostError(url.hostname);
  return url.origin;
}

/**
 * Whether a state-changing request comes from the shop's own pages (cross-site request forgery): its
 * `Origin`, else the origin of its `Referer`, must be the shop's; with neither, only a browser's
 * `Sec-Fetch-Site: same-origin` lets it through. `ownOrigin` is the request's own origin (its Host already
 * checked); `PUBLIC_URL`'s origin is always the shop's.
 */
export function sameOrigin(
  policy: HostPolicy,
  ownOrigin: string,
  headers: { origin?: string; referer?: string; secFetchSite?: string },
): boolean {
  const own = (candidate: string) =>
    candidate === policy.publicOrigin || (candidate === ownOrigin && hostAllowed(policy, new URL(ownOrigin).hostname));
  if (headers.origin !== undefined) return headers.origin !== "null" && own(headers.origin);
  if (headers.referer !== undefined) {
    try {
      return own(new URL(headers.referer).origin);
    } catch {
      return false;
    }
  }
  return headers.secFetchSite === "same-origin";
}
