/**
 * The SSRF guard's I/O half (decision 050): an endpoint's host is resolved, and refused when any of its
 * addresses is private (app/domain/webhooks.ts `isPrivateAddress`), at registration and again before every
 * delivery. The delivery then connects to the very address that was checked (a `lookup` that answers with
 * it), so a DNS answer that changes between the check and the connection (rebinding) cannot move it.
 */

import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { fail, ok, type Result } from "../../domain/result";
import { checkWebhookUrl, isPrivateAddress } from "../../domain/webhooks";
import { getConfig } from "../config.server";

export type CheckedTarget = { url: URL; address: LookupAddress };

export type TargetOptions = {
  /** Test only: private addresses allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  allowPrivate?: boolean;
  /** A stand-in for DNS (tests). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
};

const systemResolve = (host: string) => lookup(host, { all: true, verbatim: true });

/**
 * The URL and the one address to connect to, or `invalid` with a message for the `url` field: not a usable
 * URL, a host that does not resolve, or one with a private address among its answers.
 */
export async function checkWebhookTarget(text: string, options: TargetOptions = {}): Promise<Result<CheckedTarget>> {
  const allowPrivate = options.allowPrivate ?? getConfig().WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  const checked = checkWebhookUrl(text, allowPrivate);
  if (!checked.ok) return checked;
  const url = checked.value;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: LookupAddress[];
  const family = isIP(host);
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      return fail.invalid({ url: "admin.webhooks.errors.unresolvable" });
    }
  }
  if (addresses.length === 0) return fail.invalid({ url: "admin.webhooks.errors.unresolvable" });
  // Any private answer refuses the host: which of its addresses a later connection would take is not ours to pick.
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address)))
    return fail.invalid({ url: "admin.webhooks.errors.private" });
  return ok({ url, address: addresses[0] });
}
