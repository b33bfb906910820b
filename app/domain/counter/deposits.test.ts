import { describe, expect, it } from "vitest";
import { parse } from "../forms";
import {
  AUTHORISATION_DAYS,
  authorisationInTime,
  authoriseAtPayment,
  authoriseFrom,
  captureSchema,
  counterDepositSchema,
  coversReturn,
  depositDue,
  lapsesBeforeReturn,
  mayAuthorise,
  mayTakeAtCounter,
  statusNow,
} from "./deposits";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date("2026-07-01T09:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);

describe("depositDue", () => {
  it("adds the item deposits of rented lines times their quantity, and nothing for sale, service or depot lines", () => {
    expect(
      depositDue([
        { kind: "rental", quantity: 2, depositCents: 30000 },
        { kind: "rental", quantity: 1, depositCents: 0 },
        { kind: "sale", quantity: 3, depositCents: 5000 },
        { kind: "depot", quantity: 1, depositCents: 2000 },
      ]),
    ).toBe(60000);
    expect(depositDue([])).toBe(0);
  });
});

describe("when to authorise", () => {
  it("authorises at payment only when the authorisation still holds a day after the return", () => {
    expect(authoriseAtPayment(now, at((AUTHORISATION_DAYS - 1) * DAY))).toBe(true);
    expect(authoriseAtPayment(now, at((AUTHORISATION_DAYS - 1) * DAY + 1))).toBe(false);
    expect(authoriseAtPayment(now, at(30 * DAY))).toBe(false);
  });

  it("an authorisation covers the return when it lasts the settling day past it", () => {
    expect(coversReturn(at(2 * DAY), at(DAY))).toBe(true);
    expect(coversReturn(at(2 * DAY - 1), at(DAY))).toBe(false);
  });
});

describe("statusNow and the lapse", () => {
  const authorised = { status: "authorised" as const, provider: "stripe", expiresAt: at(DAY) };

  it("an authorised deposit whose end has passed has lapsed, whatever the provider has said so far", () => {
    expect(statusNow(authorised, now)).toBe("authorised");
    expect(statusNow(authorised, at(DAY))).toBe("expired");
    expect(statusNow({ status: "released", expiresAt: at(-DAY) }, now)).toBe("released");
    expect(statusNow({ status: "authorised", expiresAt: null }, at(100 * DAY))).toBe("authorised");
  });

  it("warns when the authorisation ends before it can be settled after the return", () => {
    expect(lapsesBeforeReturn(authorised, at(2 * DAY), now)).toBe(true);
    expect(lapsesBeforeReturn({ ...authorised, expiresAt: at(5 * DAY) }, at(2 * DAY), now)).toBe(false);
    // Taken at the counter: there is nothing to lapse.
    expect(lapsesBeforeReturn({ status: "authorised", expiresAt: null }, at(20 * DAY), now)).toBe(false);
  });
});

describe("mayAuthorise", () => {
  const returnAt = at(10 * DAY);

  it("when none is held: none yet, pending, lapsed or refused", () => {
    expect(mayAuthorise(null, returnAt, now)).toBe(true);
    for (const status of ["pending", "expired", "failed"] as const)
      expect(mayAuthorise({ status, provider: "stripe", expiresAt: null }, returnAt, now)).toBe(true);
    expect(mayAuthorise({ status: "authorised", provider: "stripe", expiresAt: at(-1) }, returnAt, now)).toBe(true);
  });

  it("a lapsing authorisation only in its last day; never a settled one or one taken at the counter", () => {
    expect(mayAuthorise({ status: "authorised", provider: "stripe", expiresAt: at(3 * DAY) }, returnAt, now)).toBe(false);
    expect(mayAuthorise({ status: "authorised", provider: "stripe", expiresAt: at(20 * HOUR) }, returnAt, now)).toBe(true);
    expect(mayAuthorise({ status: "authorised", provider: "stripe", expiresAt: at(20 * HOUR) }, at(-5 * HOUR), now)).toBe(false);
    for (const status of ["released", "captured"] as const)
      expect(mayAuthorise({ status, provider: "stripe", expiresAt: null }, returnAt, now)).toBe(false);
    expect(mayAuthorise({ status: "authorised", provider: "counter", expiresAt: null }, returnAt, now)).toBe(false);
  });
});

describe("the clerk's forms", () => {
  it("keeps at most what was authorised, more than nothing, and only with a reason", () => {
    const schema = captureSchema(15000);
    expect(parse(schema, { amount: "80,50", reason: " Scratched frame " })).toEqual({
      ok: true,
      value: { amount: 8050, reason: "Scratched frame" },
    });
    expect(parse(schema, { amount: "150", reason: "Lost" })).toMatchObject({ ok: true, value: { amount: 15000 } });
    expect(parse(schema, { amount: "150.01", reason: "Lost" })).toMatchObject({
      ok: false,
      errors: { amount: "admin.deposit.errors.amountTooHigh" },
    });
    expect(parse(schema, { amount: "0", reason: "Lost" })).toMatchObject({
      ok: false,
      errors: { amount: "admin.deposit.errors.amountZero" },
    });
    expect(parse(schema, { amount: "20", reason: "  " })).toMatchObject({ ok: false, errors: { reason: "admin.errors.required" } });
    expect(parse(schema, { amount: "twenty", reason: "x" })).toMatchObject({ ok: false, errors: { amount: "admin.errors.money" } });
  });

  it("a deposit taken at the counter has an amount above zero and at most what the order asks", () => {
    const schema = counterDepositSchema(15000);
    expect(parse(schema, { amount: "150" })).toEqual({ ok: true, value: { amount: 15000 } });
    expect(parse(schema, { amount: "100" })).toEqual({ ok: true, value: { amount: 10000 } });
    expect(parse(schema, { amount: "150,01" })).toMatchObject({ ok: false, errors: { amount: "admin.deposit.errors.moreThanDue" } });
    expect(parse(schema, { amount: "99.999" })).toMatchObject({ ok: false, errors: { amount: "admin.deposit.errors.moreThanDue" } });
    expect(parse(schema, { amount: "0" })).toMatchObject({ ok: false, errors: { amount: "admin.deposit.errors.amountZero" } });
    expect(parse(schema, { amount: "" })).toMatchObject({ ok: false, errors: { amount: "admin.errors.required" } });
  });

  it("may be taken at the counter only while none is held or settled", () => {
    expect([null, "pending", "expired", "failed"].every((s) => mayTakeAtCounter(s as never))).toBe(true);
    expect(["authorised", "released", "captured"].some((s) => mayTakeAtCounter(s as never))).toBe(false);
  });
});

describe("when the card may be asked", () => {
  const returnAt = at(10 * DAY);
  it("from the moment an authorisation holds until the day after the return, or at the hand-out", () => {
    const from = authoriseFrom(returnAt);
    expect(from.getTime()).toBe(returnAt.getTime() + DAY - AUTHORISATION_DAYS * DAY);
    expect(authorisationInTime("paid", returnAt, new Date(from.getTime() - 60_000))).toBe(false);
    expect(authorisationInTime("paid", returnAt, from)).toBe(true);
    expect(authorisationInTime("picked_up", returnAt, now)).toBe(true);
  });
});
