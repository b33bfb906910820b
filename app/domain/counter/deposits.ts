/**
 * Deposits (decision 045): how much an order's deposit is, when its card authorisation can be made so that
 * it still holds at the return, and the clerk's forms at the return. Pure: the server decides with these.
 */
import { z } from "zod";
import { euros, requiredText } from "../admin/fields";
import type { DepositStatus } from "../vocabulary";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long a card authorisation is assumed to last when the provider does not say. The deposit is
 * authorised off-session (the customer is not there), which Visa treats as merchant-initiated: 5 days,
 * the shortest of the card brands; Stripe tells the real end (`capture_before`) and that is used instead.
 */
export const AUTHORISATION_DAYS = 5;

/** After the return the clerk needs time to look at the equipment and decide: the authorisation must last this long past it. */
const SETTLE_HOURS = 24;

/** A lapsing authorisation may be made again this long before it ends (a new one lasts a few days from then). */
const RENEW_HOURS = 24;

/** The deposit an order asks: each rented line's item deposit times its quantity (sale, service and depot lines ask none). */
export function depositDue(lines: { kind: string; quantity: number; depositCents: number }[]): number {
  return lines.filter((line) => line.kind === "rental").reduce((sum, line) => sum + line.depositCents * line.quantity, 0);
}

/** Whether an authorisation lasting until `expiresAt` still holds when the clerk settles it after the return. */
export function coversReturn(expiresAt: Date, returnAt: Date): boolean {
  return expiresAt.getTime() >= returnAt.getTime() + SETTLE_HOURS * HOUR;
}

/** When an authorisation made at `now` is assumed to lapse. */
export function assumedExpiry(now: Date): Date {
  return new Date(now.getTime() + AUTHORISATION_DAYS * DAY);
}

/**
 * Whether to authorise when the rental is paid, rather than at the hand-out: only when an authorisation
 * made now still covers the return. An earlier one would lapse while the customer still has the equipment.
 */
export function authoriseAtPayment(now: Date, returnAt: Date): boolean {
  return coversReturn(assumedExpiry(now), returnAt);
}

/** The first moment an authorisation made then still holds until the deposit is settled after the return. */
export function authoriseFrom(returnAt: Date): Date {
  return new Date(returnAt.getTime() + SETTLE_HOURS * HOUR - AUTHORISATION_DAYS * DAY);
}

/**
 * Whether the card may be asked now: once an authorisation lasts past the return, or at the hand-out at the
 * latest (a long rental's authorisation then lapses before the return and is renewed in its last day).
 * Earlier, days before the pickup, it would only lapse while the customer still has the equipment.
 */
export function authorisationInTime(orderStatus: string, returnAt: Date, now: Date): boolean {
  return orderStatus === "picked_up" || authoriseAtPayment(now, returnAt);
}

export type DepositRow = {
  status: DepositStatus;
  provider: string;
  amountCents: number;
  capturedCents: number;
  expiresAt: Date | null;
};

/**
 * The status as it is now: an authorisation whose end has passed has lapsed even when the provider's
 * event about it has not arrived (yet).
 */
export function statusNow(deposit: Pick<DepositRow, "status" | "expiresAt">, now: Date): DepositStatus {
  if (deposit.status === "authorised" && deposit.expiresAt && deposit.expiresAt.getTime() <= now.getTime()) return "expired";
  return deposit.status;
}

/** An authorised deposit that will lapse before it can be settled after the return: the clerk is warned. */
export function lapsesBeforeReturn(deposit: Pick<DepositRow, "status" | "expiresAt">, returnAt: Date, now: Date): boolean {
  return statusNow(deposit, now) === "authorised" && deposit.expiresAt !== null && !coversReturn(deposit.expiresAt, returnAt);
}

/**
 * Whether a new authorisation may be made: none is live (still pending, lapsed, refused, or there is
 * none), or the live one lapses before the return and ends within RENEW_HOURS. Never when the deposit is
 * already settled (released or captured) or taken at the counter.
 */
export function mayAuthorise(deposit: Pick<DepositRow, "status" | "expiresAt" | "provider"> | null, returnAt: Date, now: Date): boolean {
  if (!deposit) return true;
  if (deposit.provider === "counter" && deposit.status !== "expired" && deposit.status !== "failed") return false;
  const status = statusNow(deposit, now);
  if (status === "pending" || status === "expired" || status === "failed") return true;
  if (status !== "authorised" || !deposit.expiresAt) return false;
  return lapsesBeforeReturn(deposit, returnAt, now) && deposit.expiresAt.getTime() - now.getTime() <= RENEW_HOURS * HOUR;
}

/** Keeping part (or all) of the deposit for damage at the return: how much, and the damage line's reason. */
export function captureSchema(authorisedCents: number) {
  return z
    .object({
      amount: euros(),
      reason: requiredText(300),
    })
    .superRefine((input, ctx) => {
      if (input.amount < 1) ctx.addIssue({ code: "custom", path: ["amount"], message: "admin.deposit.errors.amountZero" });
      else if (input.amount > authorisedCents)
        ctx.addIssue({ code: "custom", path: ["amount"], message: "admin.deposit.errors.amountTooHigh" });
    });
}

/**
 * A deposit the clerk took at the counter (cash or card terminal): above zero and at most what the order
 * asks. Less is the shop's goodwill; more is a typing slip (99,999 for 150), and the shop may not hold more.
 */
export function counterDepositSchema(dueCents: number) {
  return z.object({ amount: euros() }).superRefine((input, ctx) => {
    if (input.amount < 1) ctx.addIssue({ code: "custom", path: ["amount"], message: "admin.deposit.errors.amountZero" });
    else if (input.amount > dueCents) ctx.addIssue({ code: "custom", path: ["amount"], message: "admin.deposit.errors.moreThanDue" });
  });
}

/** Whether a deposit may still be taken at the counter: none yet, or the card's was never made, lapsed or refused. */
export const mayTakeAtCounter = (status: DepositStatus | null) =>
  status === null || status === "pending" || status === "expired" || status === "failed";

/** The clerk's deposit buttons on the order page. */
const DEPOSIT_INTENTS = ["deposit-authorise", "deposit-release", "deposit-capture", "deposit-counter"] as const;
export type DepositIntent = (typeof DEPOSIT_INTENTS)[number];
export const isDepositIntent = (intent: string): intent is DepositIntent => (DEPOSIT_INTENTS as readonly string[]).includes(intent);
