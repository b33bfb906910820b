/**
 * The built-in `demo` payment provider (docs/architecture.md §6.4). It behaves like a hosted checkout of a real
 * provider: the shop creates a checkout and redirects the customer to the provider's page (served by this
 * app at /pay/demo/{ref}); there the payer picks PayPal or card and pays, cancels or fails; the provider
 * then delivers a signed webhook to the shop (in the process, as /webhooks/demo would receive it) and sends
 * the payer back.
 *
 * The checkout lives in a signed token in the page's URL, as a real provider would keep it on its side:
 * the shop's database knows only the payment row. Webhooks carry `demo-signature: t=<unix>,v1=<hmac>`,
 * an HMAC-SHA256 of `${t}.${body}`, accepted for 5 minutes.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { assumedExpiry } from "../../domain/counter/deposits";
import { type Locale, locales, localizePath } from "../../domain/i18n";
import type { Result } from "../../domain/result";
import { getConfig } from "../config.server";
import { logger } from "../log.server";
import { dataDirSecret } from "../secrets.server";
import {
  type Checkout,
  type CheckoutRequest,
  type DepositEvent,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from "./provider.server";

const DEMO_SIGNATURE_HEADER = "demo-signature";
const TOLERANCE_SECONDS = 300;

function secret() {
  return dataDirSecret("demo-webhook-secret", getConfig().DEMO_WEBHOOK_SECRET);
}

const hmac = (text: string) => createHmac("sha256", secret()).update(text).digest();

function equal(a: Buffer, b: Buffer) {
  return a.length === b.length && timingSafeEqual(a, b);
}

const checkoutSchema = z.object({
  ref: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  amountCents: z.number().int().min(0),
  currency: z.literal("EUR"),
  email: z.string(),
  language: z.enum(locales),
  expiresAt: z.number(),
  successUrl: z.url(),
  cancelUrl: z.url(),
  /** The deposit to be authorised later on the card (decision 045): the page then offers the card only. */
  depositCents: z.number().int().min(0).default(0),
});
export type DemoCheckout = z.infer<typeof checkoutSchema>;

function sealCheckout(checkout: DemoCheckout): string {
  const body = Buffer.from(JSON.stringify(checkout)).toString("base64url");
  return `${body}.${hmac(body).toString("base64url")}`;
}

/** The checkout behind a hosted-page URL, or null when the token was not made here or does not match the ref. */
export function openDemoCheckout(ref: string, token: string | null): DemoCheckout | null {
  if (!token) return null;
  const [body, signature] = token.split(".");
  if (!body || !signature || !equal(Buffer.from(signature, "base64url"), hmac(body))) return null;
  try {
    const parsed = checkoutSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success && parsed.data.ref === ref ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `demo-signature` header value for a body, as the provider sends it (and as tests forge it). */
export function signDemoWebhook(body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(`${timestamp}.${body}`).toString("hex")}`;
}

const eventSchema = z.object({
  id: z.string().regex(/^evt_demo_[A-Za-z0-9_-]+$/),
  type: z.enum(["succeeded", "pending", "failed", "expired"]),
  ref: z.string().min(1),
  orderId: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  method: z.enum(["paypal", "card"]).nullable(),
  created: z.number().int(),
});

/** A deposit's event, as the demo provider would send it about one of its authorisations (tests forge the lapse this way). */
const depositEventSchema = z.object({
  id: z.string().regex(/^evt_demo_[A-Za-z0-9_-]+$/),
  kind: z.literal("deposit"),
  type: z.enum(["authorised", "captured", "released", "expired", "failed"]),
  ref: z.string().regex(/^dep_demo_[A-Za-z0-9_-]+$/),
  orderId: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  created: z.number().int(),
});

export type DemoOutcome = "paid" | "cancelled" | "failed";

/** Hands a signed webhook to the shop: the body and the headers a provider's POST would carry. */
export type DemoDelivery = (rawBody: string, headers: Headers) => Promise<Result<unknown>>;

/**
 * What the hosted page does when the payer decides: delivers the signed webhook to the shop, then returns
 * where to send the payer. A real provider posts it to the shop's webhook URL; the demo provider lives in
 * the shop, so `deliver` hands it over in the process (decision 025: no URL taken from a request). A
 * webhook the shop does not take is logged (a real provider would retry).
 */
export async function completeDemoCheckout(
  checkout: DemoCheckout,
  outcome: DemoOutcome,
  method: "paypal" | "card",
  deliver: DemoDelivery,
): Promise<string> {
  const type = outcome === "paid" ? "succeeded" : outcome === "failed" ? "failed" : "expired";
  const body = JSON.stringify({
    id: `evt_demo_${randomBytes(12).toString("base64url")}`,
    type,
    ref: checkout.ref,
    orderId: checkout.orderId,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    method,
    created: Math.floor(Date.now() / 1000),
  });
  try {
    const headers = new Headers({ "content-type": "application/json", [DEMO_SIGNATURE_HEADER]: signDemoWebhook(body) });
    const delivered = await deliver(body, headers);
    if (!delivered.ok) logger.warn({ reason: delivered.reason, ref: checkout.ref }, "demo provider: webhook not accepted");
  } catch (error) {
    logger.warn({ err: error, ref: checkout.ref }, "demo provider: webhook not delivered");
  }
  if (outcome === "paid") return checkout.successUrl;
  const back = new URL(checkout.cancelUrl);
  back.searchParams.set("payment", outcome);
  return back.toString();
}

export function createDemoProvider(): PaymentProvider {
  return {
    id: "demo",
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      // The same idempotency key gives the same checkout, as with a real provider.
      const ref = `demo_${hmac(`checkout:${request.idempotencyKey}`).toString("base64url").slice(0, 24)}`;
      const token = sealCheckout({
        ref,
        orderId: request.orderId,
        orderNumber: request.orderNumber,
        amountCents: request.amountCents,
        currency: request.currency,
        email: request.email,
        language: request.language,
        expiresAt: request.expiresAt.getTime(),
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        depositCents: request.depositCents,
      });
      const page = new URL(localizePath(`/pay/demo/${ref}`, request.language as Locale), request.successUrl);
      page.searchParams.set("c", token);
      return { ref, redirectUrl: page.toString() };
    },
    async verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent | DepositEvent | null> {
      const header = headers.get(DEMO_SIGNATURE_HEADER) ?? "";
      const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
      const timestamp = Number(parts.t);
      if (!Number.isInteger(timestamp) || !parts.v1) throw new WebhookSignatureError("missing or malformed signature");
      if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError("timestamp outside the tolerance");
      if (!equal(Buffer.from(parts.v1, "hex"), hmac(`${timestamp}.${rawBody}`)))
        throw new WebhookSignatureError("signature does not match");
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError("body is not JSON");
      }
      const deposit = depositEventSchema.safeParse(json);
      if (deposit.success) {
        const { created, ...d } = deposit.data;
        return { ...d, provider: "demo", createdAt: new Date(created * 1000) } satisfies DepositEvent;
      }
      const event = eventSchema.safeParse(json);
      if (!event.success) return null;
      const e = event.data;
      return {
        provider: "demo",
        id: e.id,
        type: e.type,
        ref: e.ref,
        orderId: e.orderId,
        amountCents: e.amountCents,
        currency: e.currency,
        paymentRef: e.type === "succeeded" ? `pay_${e.ref}` : null,
        method: e.method,
        createdAt: new Date(e.created * 1000),
      };
    },
    async refund(request) {
      logger.info({ ref: request.ref, amountCents: request.amountCents }, "demo provider: refund");
      return { refundRef: `re_demo_${hmac(`refund:${request.idempotencyKey}`).toString("base64url").slice(0, 20)}` };
    },
    async expireCheckout() {
      // The demo checkout expires with its token; a payment after that is a late payment the shop handles.
    },
    // Deposits: the demo card always authorises, for the assumed validity; the shop knows when it lapses.
    async authoriseDeposit(request) {
      const now = new Date();
      const ref = `dep_demo_${hmac(`deposit:${request.idempotencyKey}`).toString("base64url").slice(0, 24)}`;
      logger.info({ ref, amountCents: request.amountCents }, "demo provider: deposit authorised");
      return { status: "authorised", ref, authorisedAt: now, expiresAt: assumedExpiry(now) };
    },
    async captureDeposit(request) {
      logger.info({ ref: request.ref, amountCents: request.amountCents }, "demo provider: deposit captured");
    },
    async releaseDeposit(request) {
      logger.info({ ref: request.ref }, "demo provider: deposit released");
    },
  };
}
