/**
 * A local stand-in for the few Stripe API calls the `stripe` payment provider makes, so that the real SDK
 * can be tested without network access or a Stripe account (point it here with STRIPE_API_URL).
 *
 * It keeps Checkout Sessions, PaymentIntents (also manual-capture ones confirmed off-session on a card
 * saved at checkout, with `capture` of part and `cancel`, and their lapse) and refunds in memory, answers with objects shaped like
 * Stripe's, records every request for assertions, replays the successful answer stored for a repeated
 * Idempotency-Key (and refuses a key reused with other parameters, as Stripe does), and answers errors the
 * way Stripe does:
 * `{ error: { type, code?, message, param? } }` with a 4xx status.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormData = { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  /** The path without the query string, e.g. `/v1/checkout/sessions`. */
  path: string;
  query: FormData;
  /** The form-encoded body, nested (`line_items[0][quantity]` → `body.line_items[0].quantity`); values stay strings. */
  body: FormData;
  idempotencyKey: string | null;
  authorization: string | null;
  status: number;
  /** True when the answer was replayed for a repeated Idempotency-Key. */
  replayed: boolean;
};

export type StandInSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  allowed_payment_method_types: string[] | null;
  /** The methods offered: the allowed ones that are enabled (here: all of them), else the account's. */
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  customer: string | null;
  customer_creation: "always" | "if_required" | null;
  /** `payment_intent_data[setup_future_usage]`: the card is saved for later payments. */
  setup_future_usage: string | null;
  success_url: string | null;
  url: string | null;
};

export type StandInRefund = {
  id: string;
  object: "refund";
  amount: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
};

type StandInPaymentIntent = {
  id: string;
  amount: number;
  currency: string;
  succeeded: boolean;
  refunded: number;
  created: number;
  status: "requires_payment_method" | "requires_capture" | "succeeded" | "canceled" | "processing";
  capture_method: "automatic" | "manual";
  amount_capturable: number;
  amount_received: number;
  cancellation_reason: string | null;
  customer: string | null;
  payment_method: string | null;
  /** Whether the card was saved for payments without the customer (`setup_future_usage=off_session`). */
  savedOffSession: boolean;
  metadata: Record<string, string>;
  latest_charge: string | null;
  /** When an authorisation lapses (`payment_method_details.card.capture_before` of its charge). */
  capture_before: number | null;
};

/** A PaymentIntent as Stripe's API shows it, with its charge when `expand[]=latest_charge` asks for it. */
function intentObject(intent: StandInPaymentIntent, expandCharge = false) {
  const charge =
    expandCharge && intent.latest_charge
      ? {
          id: intent.latest_charge,
          object: "charge",
          amount: intent.amount,
          captured: intent.status === "succeeded",
          payment_method_details: {
            type: "card",
            card: { brand: "visa", last4: "4242", capture_before: intent.capture_before ?? undefined },
          },
        }
      : intent.latest_charge;
  return {
    id: intent.id,
    object: "payment_intent",
    amount: intent.amount,
    amount_capturable: intent.amount_capturable,
    amount_received: intent.amount_received,
    cancellation_reason: intent.cancellation_reason,
    capture_method: intent.capture_method,
    created: intent.created,
    currency: intent.currency,
    customer: intent.customer,
    latest_charge: charge,
    livemode: false,
    metadata: intent.metadata,
    payment_method: intent.payment_method,
    status: intent.status,
  };
}

// What POST /v1/payment_intents takes here: the deposit's off-session, manual-capture authorisation.
const intentCreateParams = new Set(
  "amount currency customer payment_method allowed_payment_method_types capture_method confirm off_session description metadata expand".split(
    " ",
  ),
);

type Answer = { status: number; body: unknown };

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function stripeId(prefix: string, length = 24) {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (byte) => base62[byte % base62.length]).join("");
}

// What POST /v1/checkout/sessions takes in the API version the SDK pins (2026-10-28.endive): Stripe refuses
// any other parameter, e.g. `payment_method_types`, which that version removed.
const sessionCreateParams = new Set(
  [
    "adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax",
    "billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency",
    "custom_fields custom_text customer customer_account customer_creation customer_email customer_update discounts",
    "excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items locale",
    "managed_payments metadata mode name_collection optional_items origin_context payment_intent_data",
    "payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions",
    "phone_number_collection redirect_on_completion return_url saved_payment_method_options setup_intent_data",
    "shipping_address_collection shipping_options submit_type subscription_data success_url tax_id_collection",
    "ui_mode wallet_options",
  ]
    .join(" ")
    .split(" "),
);

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays, as Stripe reads it. */
function parseStripeForm(encoded: string): FormData {
  const root: FormData = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1], ...Array.from(match[2].matchAll(/\[([^[\]]*)\]/g), (m) => m[1])] : [key];
    if (path.some((segment) => segment === "__proto__" || segment === "constructor" || segment === "prototype")) continue;
    let node: Record<string, FormValue> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i] === "" ? String(Object.keys(node).length) : path[i];
      const next = node[segment];
      if (typeof next !== "object" || next === null) node[segment] = {};
      node = node[segment] as Record<string, FormValue>;
    }
    const last = path[path.length - 1];
    node[last === "" ? String(Object.keys(node).length) : last] = value;
  }
  return arraysFromIndexes(root) as FormData;
}

/** `{ "0": x, "1": y }` → `[x, y]`, all the way down. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(arraysFromIndexes);
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexes(value[key])]));
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => converted[key]) : converted;
}

function asRecord(value: FormValue | undefined, param: string): Record<string, FormValue> {
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) throw invalid(`Invalid object`, param);
  return value;
}

function asStringRecord(value: FormValue | undefined, param: string): Record<string, string> {
  const record = asRecord(value, param);
  for (const [key, item] of Object.entries(record)) {
    if (typeof item !== "string") throw invalid("Invalid string", `${param}[${key}]`);
  }
  return record as Record<string, string>;
}

function asString(value: FormValue | undefined, param: string, required = false): string | null {
  if (value === undefined) {
    if (required) throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
    return null;
  }
  if (typeof value !== "string") throw invalid("Invalid string", param);
  return value;
}

function asInteger(value: FormValue | undefined, param: string, required = false): number | null {
  const text = asString(value, param, required);
  if (text === null) return null;
  if (!/^-?\d+$/.test(text)) throw invalid("Invalid integer", param);
  return Number(text);
}

function customerCreation(value: FormValue | undefined): StandInSession["customer_creation"] {
  const text = asString(value, "customer_creation");
  if (text !== null && text !== "always" && text !== "if_required") throw invalid("Invalid customer_creation", "customer_creation");
  return text;
}

function invalid(message: string, param?: string, code?: string) {
  return new StripeApiError(400, "invalid_request_error", message, code, param);
}

function noSuch(kind: string, id: string, param?: string) {
  // Stripe answers 404 for a missing object in the path and 400 for one named in a parameter.
  return new StripeApiError(param ? 400 : 404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw invalid("Request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * Starts the stand-in on a random port of 127.0.0.1. With `secretKey`, requests must carry
 * `Authorization: Bearer <secretKey>` (the SDK sends the key that way); without it any bearer token will do.
 */
export async function startStripeStandIn(options: { secretKey?: string } = {}) {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const paymentIntents = new Map<string, StandInPaymentIntent>();
  const refunds = new Map<string, StandInRefund>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  let failures = { count: 0, status: 500, type: "api_error" };
  let hangs = 0;
  let declines: string[] = [];
  let captureWindowSeconds = 7 * 24 * 60 * 60;

  function intentById(id: string, param?: string) {
    const intent = paymentIntents.get(id);
    if (!intent) throw noSuch("payment_intent", id, param);
    return intent;
  }

  function unexpectedState(intent: StandInPaymentIntent, action: string) {
    return new StripeApiError(
      400,
      "invalid_request_error",
      `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      "payment_intent_unexpected_state",
    );
  }

  function createIntent(body: FormData): Answer {
    const unknown = Object.keys(body).find((key) => !intentCreateParams.has(key));
    if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, "parameter_unknown");
    const amount = asInteger(body.amount, "amount", true) ?? 0;
    if (amount < 50) throw invalid("Amount must be at least €0.50 eur", "amount", "amount_too_small");
    const currency = asString(body.currency, "currency", true) ?? "eur";
    const customer = asString(body.customer, "customer");
    const paymentMethod = asString(body.payment_method, "payment_method");
    const captureMethod = asString(body.capture_method, "capture_method") ?? "automatic";
    if (captureMethod !== "manual" && captureMethod !== "automatic") throw invalid("Invalid capture_method", "capture_method");
    if (asString(body.confirm, "confirm") !== "true" || asString(body.off_session, "off_session") !== "true")
      throw invalid("The stand-in supports only confirm=true with off_session=true", "confirm");
    if (!paymentMethod) throw invalid("Missing required param: payment_method.", "payment_method", "parameter_missing");
    // Stripe charges a saved card without the customer only when it was saved for that, to that customer.
    const saved = [...paymentIntents.values()].find((intent) => intent.payment_method === paymentMethod && intent.savedOffSession);
    if (!saved || saved.customer !== customer) {
      throw invalid(
        `The provided PaymentMethod ${paymentMethod} was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
        "payment_method",
      );
    }
    const created = nowSeconds();
    const intent: StandInPaymentIntent = {
      id: stripeId("pi_"),
      amount,
      currency,
      succeeded: false,
      refunded: 0,
      created,
      status: "requires_payment_method",
      capture_method: captureMethod,
      amount_capturable: 0,
      amount_received: 0,
      cancellation_reason: null,
      customer,
      payment_method: paymentMethod,
      savedOffSession: false,
      metadata: asStringRecord(body.metadata, "metadata"),
      latest_charge: null,
      capture_before: null,
    };
    paymentIntents.set(intent.id, intent);
    const decline = declines.shift();
    if (decline) {
      return {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code: decline,
            message: decline === "authentication_required" ? "This payment requires authentication." : "Your card was declined.",
            payment_intent: intentObject(intent),
          },
        },
      };
    }
    intent.latest_charge = stripeId("ch_");
    if (captureMethod === "manual") {
      Object.assign(intent, { status: "requires_capture", amount_capturable: amount, capture_before: created + captureWindowSeconds });
    } else {
      Object.assign(intent, { status: "succeeded", succeeded: true, amount_received: amount });
    }
    const expand = body.expand;
    return { status: 200, body: intentObject(intent, Array.isArray(expand) && expand.includes("latest_charge")) };
  }

  function captureIntent(id: string, body: FormData) {
    const intent = intentById(id);
    if (intent.status !== "requires_capture") throw unexpectedState(intent, "captured");
    const amount = asInteger(body.amount_to_capture, "amount_to_capture") ?? intent.amount_capturable;
    if (amount < 1 || amount > intent.amount_capturable) {
      throw invalid("The amount_to_capture must be at most the amount_capturable.", "amount_to_capture", "amount_too_large");
    }
    // The rest of the authorisation goes back to the card at once.
    Object.assign(intent, { status: "succeeded", succeeded: true, amount_received: amount, amount_capturable: 0 });
    return intentObject(intent);
  }

  function cancelIntent(id: string, body: FormData) {
    const intent = intentById(id);
    if (intent.status !== "requires_capture" && intent.status !== "requires_payment_method") throw unexpectedState(intent, "canceled");
    Object.assign(intent, {
      status: "canceled",
      amount_capturable: 0,
      cancellation_reason: asString(body.cancellation_reason, "cancellation_reason") ?? null,
    });
    return intentObject(intent);
  }

  function createSession(body: FormData): StandInSession {
    const unknown = Object.keys(body).find((key) => !sessionCreateParams.has(key));
    if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, "parameter_unknown");
    const mode = asString(body.mode, "mode", true);
    if (mode !== "payment") throw invalid(`The stand-in supports only mode=payment, not ${mode}`, "mode");
    const lineItems = body.line_items;
    if (!Array.isArray(lineItems) || lineItems.length === 0)
      throw invalid("Missing required param: line_items.", "line_items", "parameter_missing");
    let total = 0;
    let currency: string | null = null;
    for (const [index, raw] of lineItems.entries()) {
      const param = `line_items[${index}]`;
      const item = asRecord(raw, param);
      const quantity = asInteger(item.quantity, `${param}[quantity]`, true) ?? 0;
      const price = asRecord(item.price_data, `${param}[price_data]`);
      const itemCurrency = asString(price.currency, `${param}[price_data][currency]`, true);
      const unitAmount = asInteger(price.unit_amount, `${param}[price_data][unit_amount]`, true) ?? 0;
      asString(asRecord(price.product_data, `${param}[price_data][product_data]`).name, `${param}[price_data][product_data][name]`, true);
      if (quantity < 1) throw invalid("This value must be greater than or equal to 1.", `${param}[quantity]`);
      if (unitAmount < 0) throw invalid("This value must be greater than or equal to 0.", `${param}[price_data][unit_amount]`);
      if (currency && itemCurrency !== currency)
        throw invalid("All line items must have the same currency.", `${param}[price_data][currency]`);
      currency = itemCurrency;
      total += quantity * unitAmount;
    }

    const created = nowSeconds();
    const expiresAt = asInteger(body.expires_at, "expires_at") ?? created + 24 * 60 * 60;
    if (expiresAt < created + 30 * 60) {
      throw invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
    }
    if (expiresAt > created + 24 * 60 * 60) {
      throw invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
    }
    const allowed = body.allowed_payment_method_types;
    if (allowed !== undefined && (!Array.isArray(allowed) || allowed.some((method) => typeof method !== "string"))) {
      throw invalid("Invalid array", "allowed_payment_method_types");
    }

    const id = stripeId("cs_test_a1", 56);
    const session: StandInSession = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: asString(body.cancel_url, "cancel_url"),
      client_reference_id: asString(body.client_reference_id, "client_reference_id"),
      created,
      currency: currency ?? "eur",
      customer_email: asString(body.customer_email, "customer_email"),
      expires_at: expiresAt,
      livemode: false,
      locale: asString(body.locale, "locale"),
      metadata: asStringRecord(body.metadata, "metadata"),
      mode: "payment",
      payment_intent: null,
      allowed_payment_method_types: (allowed as string[] | undefined) ?? null,
      payment_method_types: (allowed as string[] | undefined) ?? ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: asString(body.success_url, "success_url", true),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      customer: null,
      customer_creation: customerCreation(body.customer_creation),
      setup_future_usage: asString(
        asRecord(body.payment_intent_data, "payment_intent_data").setup_future_usage,
        "payment_intent_data[setup_future_usage]",
      ),
    };
    sessions.set(id, session);
    return session;
  }

  function sessionById(id: string) {
    const session = sessions.get(id);
    if (!session) throw noSuch("checkout.session", id);
    return session;
  }

  function expireSession(id: string) {
    const session = sessionById(id);
    if (session.status !== "open") {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
      );
    }
    session.status = "expired";
    session.url = null;
    return session;
  }

  function createRefund(body: FormData): StandInRefund {
    const intentId = asString(body.payment_intent, "payment_intent");
    if (!intentId) throw invalid("One of `charge` or `payment_intent` is required.", "payment_intent", "parameter_missing");
    const intent = paymentIntents.get(intentId);
    if (!intent) throw noSuch("payment_intent", intentId, "payment_intent");
    if (!intent.succeeded) throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, "payment_intent");
    const remaining = intent.amount - intent.refunded;
    if (remaining === 0)
      throw invalid(`Charge for PaymentIntent ${intentId} has already been refunded.`, undefined, "charge_already_refunded");
    const amount = asInteger(body.amount, "amount") ?? remaining;
    if (amount < 1) throw invalid("This value must be greater than or equal to 1.", "amount");
    if (amount > remaining) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, "amount", "amount_too_large");
    }
    intent.refunded += amount;
    const refund: StandInRefund = {
      id: stripeId("re_"),
      object: "refund",
      amount,
      created: nowSeconds(),
      currency: intent.currency,
      metadata: asStringRecord(body.metadata, "metadata"),
      payment_intent: intentId,
      reason: asString(body.reason, "reason"),
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function route(method: string, path: string, body: FormData, query: FormData): Answer {
    if (method === "POST" && path === "/v1/checkout/sessions") return { status: 200, body: createSession(body) };
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath && method === "GET" && !sessionPath[2]) return { status: 200, body: sessionById(decodeURIComponent(sessionPath[1])) };
    if (sessionPath && method === "POST" && sessionPath[2]) return { status: 200, body: expireSession(decodeURIComponent(sessionPath[1])) };
    if (method === "POST" && path === "/v1/refunds") return { status: 200, body: createRefund(body) };
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(body);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path);
    if (intentPath && method === "GET" && !intentPath[2]) {
      const expand = query.expand;
      return {
        status: 200,
        body: intentObject(intentById(decodeURIComponent(intentPath[1])), Array.isArray(expand) && expand.includes("latest_charge")),
      };
    }
    if (intentPath && method === "POST" && intentPath[2] === "/capture")
      return { status: 200, body: captureIntent(decodeURIComponent(intentPath[1]), body) };
    if (intentPath && method === "POST" && intentPath[2] === "/cancel")
      return { status: 200, body: cancelIntent(decodeURIComponent(intentPath[1]), body) };
    throw new StripeApiError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  function errorAnswer(error: StripeApiError): Answer {
    const detail: Record<string, string> = { type: error.type, message: error.message };
    if (error.code) detail.code = error.code;
    if (error.param) detail.param = error.param;
    return { status: error.status, body: { error: detail } };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const idempotencyKey = request.headers["idempotency-key"]?.toString() ?? null;
    const authorization = request.headers.authorization ?? null;
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: {},
      idempotencyKey,
      authorization,
      status: 0,
      replayed: false,
    };
    requests.push(record);

    let answer: Answer;
    try {
      const raw = await readBody(request);
      record.body = parseStripeForm(raw);
      const bearer = authorization?.startsWith("Bearer ") ? authorization.slice(7) : null;
      if (!bearer || (options.secretKey && bearer !== options.secretKey)) {
        throw new StripeApiError(401, "invalid_request_error", `Invalid API Key provided: ${bearer ?? "(none)"}`);
      }
      if (failures.count > 0) {
        failures.count--;
        throw new StripeApiError(failures.status, failures.type, "The stand-in was told to fail this request.");
      }
      const fingerprint = JSON.stringify([method, url.pathname, raw]);
      const stored = method === "POST" && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (stored && stored.fingerprint !== fingerprint) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      }
      if (stored) {
        record.replayed = true;
        answer = stored.answer;
      } else {
        answer = route(method, url.pathname, record.body, record.query);
        // Answers are copied when stored: a replay returns the object as it was then, like Stripe's.
        answer = { status: answer.status, body: structuredClone(answer.body) };
        if (method === "POST" && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, answer });
      }
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer = errorAnswer(error);
    }
    // Stripe did the work, but its answer never arrives: the caller's timeout has to end the wait.
    if (hangs > 0) {
      hangs--;
      return;
    }
    record.status = answer.status;
    response.writeHead(answer.status, {
      "Content-Type": "application/json",
      "Request-Id": stripeId("req_", 14),
      ...(record.replayed ? { "Idempotent-Replayed": "true" } : {}),
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    /** Requests to one method and path, e.g. `requestsTo("POST", "/v1/refunds")`. */
    requestsTo(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
    /**
     * The customer finished the hosted page: the session is `complete` with a PaymentIntent. `unpaid` is a
     * payment method that confirms later.
     */
    completeSession(id: string, paymentStatus: "paid" | "unpaid" = "paid") {
      const session = sessionById(id);
      if (session.status !== "open") throw new Error(`stand-in: session ${id} is ${session.status}`);
      const customer = session.customer_creation === "always" ? stripeId("cus_", 14) : null;
      const intent: StandInPaymentIntent = {
        id: stripeId("pi_"),
        amount: session.amount_total,
        currency: session.currency,
        succeeded: paymentStatus === "paid",
        refunded: 0,
        created: nowSeconds(),
        status: paymentStatus === "paid" ? "succeeded" : "processing",
        capture_method: "automatic",
        amount_capturable: 0,
        amount_received: paymentStatus === "paid" ? session.amount_total : 0,
        cancellation_reason: null,
        customer,
        payment_method: stripeId("pm_"),
        savedOffSession: customer !== null && session.setup_future_usage === "off_session",
        metadata: {},
        latest_charge: stripeId("ch_"),
        capture_before: null,
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", payment_status: paymentStatus, payment_intent: intent.id, url: null, customer });
      return session;
    },
    /** The session ran out on Stripe's side. */
    expireSession(id: string) {
      return expireSession(id);
    },
    paymentIntents,
    /** The next off-session confirmations are refused by the card with these codes (`card_declined`, `authentication_required`). */
    declineNext(...codes: string[]) {
      declines = codes;
    },
    /** How long a new manual-capture authorisation lasts (its charge's `capture_before`). */
    setCaptureWindow(seconds: number) {
      captureWindowSeconds = seconds;
    },
    /** The authorisation lapsed at Stripe: Stripe cancels it itself, with the reason `automatic`. */
    lapseAuthorisation(id: string) {
      const intent = intentById(id);
      if (intent.status !== "requires_capture") throw new Error(`stand-in: ${id} is ${intent.status}`);
      Object.assign(intent, { status: "canceled", amount_capturable: 0, cancellation_reason: "automatic" });
      return intentObject(intent);
    },
    /** A Stripe event about a PaymentIntent as it is now, e.g. `intentEvent("payment_intent.canceled", id)`. */
    intentEvent(type: string, intentId: string, created = nowSeconds()) {
      return {
        id: stripeId("evt_"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created,
        data: { object: intentObject(intentById(intentId)) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    /** The next `count` API requests fail with `status` and error `type` (the SDK retries a 5xx). */
    failNext(count: number, status = 500, type = "api_error") {
      failures = { count, status, type };
    },
    /** The next `count` API requests are carried out but never answered, like a network that drops the reply. */
    hangNext(count: number) {
      hangs = count;
    },
    /** A Stripe event about a session as it is now, e.g. `event("checkout.session.completed", id)`. */
    event(type: string, sessionId: string, created = nowSeconds()) {
      return {
        id: stripeId("evt_"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created,
        data: { object: structuredClone(sessionById(sessionId)) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The `Stripe-Signature` header Stripe would send with `payload`, made by the SDK's test helper. */
export function signStripePayload(payload: string, secret: string, timestamp = nowSeconds()) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
