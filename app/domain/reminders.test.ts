import { describe, expect, it } from "vitest";
import { zonedInstant } from "./periods";
import { dueReminders, REMINDER_HORIZON_MS, type ReminderOrder, reminderDue, reminderMoment } from "./reminders";
import type { OrderStatus } from "./vocabulary";

const at = (iso: string) => new Date(iso);
const on = { pickup: true, return: true };
/** 11 to 13 January 2027 (Monday to Wednesday), 09:00 to 17:00 in Rome (CET, UTC+1), booked in December. */
const order = (overrides: Partial<ReminderOrder> = {}): ReminderOrder => ({
  status: "paid",
  pickupAt: at("2027-01-11T08:00:00Z"),
  returnAt: at("2027-01-13T16:00:00Z"),
  bookedAt: at("2026-12-01T10:00:00Z"),
  ...overrides,
});

describe("the reminders' moments, in Rome's calendar days", () => {
  it.each([
    // [pickup, moment of the pickup reminder: 09:00 in Rome the calendar day before]
    ["2027-01-11T08:00:00Z", "2027-01-10T08:00:00Z"], // winter time, UTC+1
    ["2027-07-12T07:00:00Z", "2027-07-11T07:00:00Z"], // summer time, UTC+2
    ["2027-01-10T23:30:00Z", "2027-01-10T08:00:00Z"], // 00:30 on the 11th in Rome, still the 10th in UTC
    ["2027-03-29T06:30:00Z", "2027-03-28T07:00:00Z"], // 08:30 the Monday after the spring change: 09:00 CEST, not 24 h before
    ["2027-03-28T08:00:00Z", "2027-03-27T08:00:00Z"], // pickup on the spring change day (23 h long), reminder still 09:00 CET
    ["2027-10-31T08:00:00Z", "2027-10-30T07:00:00Z"], // pickup on the autumn change day: 25 h after 09:00 CEST
    ["2027-11-01T08:00:00Z", "2027-10-31T08:00:00Z"], // the Monday after: 09:00 CET on the 25-hour Sunday
  ])("pickup at %s: reminded from %s", (pickup, moment) => {
    expect(reminderMoment("pickup-reminder", { pickupAt: at(pickup), returnAt: at("2027-12-31T12:00:00Z") }).toISOString()).toBe(
      new Date(moment).toISOString(),
    );
  });

  it.each([
    // [return, moment of the return reminder: 08:00 in Rome on the return day]
    ["2027-01-13T16:00:00Z", "2027-01-13T07:00:00Z"],
    ["2027-03-28T15:00:00Z", "2027-03-28T06:00:00Z"], // 17:00 on the spring change day: 08:00 CEST
    ["2027-10-31T16:00:00Z", "2027-10-31T07:00:00Z"], // 17:00 on the autumn change day: 08:00 CET
  ])("return at %s: reminded from %s", (returnAt, moment) => {
    expect(reminderMoment("return-reminder", { pickupAt: at("2027-01-01T08:00:00Z"), returnAt: at(returnAt) }).toISOString()).toBe(
      new Date(moment).toISOString(),
    );
  });

  it("always lies within the sweep's horizon before its event: every fifth hour of 2027, every quarter hour around the clock changes", () => {
    const instants: Date[] = [];
    const every = (from: string, to: string, stepMs: number) => {
      for (let t = at(from).getTime(); t < at(to).getTime(); t += stepMs) instants.push(new Date(t));
    };
    every("2027-01-01T00:00:00Z", "2028-01-01T00:00:00Z", 5 * 3_600_000); // 5 and 24 share no factor: every hour of the day comes up
    every("2027-03-27T00:00:00Z", "2027-03-30T00:00:00Z", 900_000);
    every("2027-10-30T00:00:00Z", "2027-11-02T00:00:00Z", 900_000);
    const lead = (kind: "pickup-reminder" | "return-reminder", event: Date) =>
      event.getTime() - reminderMoment(kind, { pickupAt: event, returnAt: event }).getTime();
    const longest = Math.max(...instants.flatMap((event) => [lead("pickup-reminder", event), lead("return-reminder", event)]));
    expect(longest).toBeLessThanOrEqual(REMINDER_HORIZON_MS);
    // 09:00 the day before a pickup at 23:45 on the night the clocks go back: 39 h 45 min.
    expect(longest).toBe(39.75 * 3_600_000);
    // The pickup reminder always comes before the pickup: at least 15 hours (a pickup at midnight).
    expect(Math.min(...instants.map((event) => lead("pickup-reminder", event)))).toBe(15 * 3_600_000);
  });
});

describe("when the pickup reminder is due", () => {
  const moment = at("2027-01-10T08:00:00Z"); // Sunday 10 January, 09:00 in Rome

  it("from 09:00 the day before until the pickup, not a moment earlier or at the pickup", () => {
    expect(reminderDue("pickup-reminder", order(), at("2027-01-10T07:59:59.999Z"), on)).toBe(false);
    expect(reminderDue("pickup-reminder", order(), moment, on)).toBe(true);
    expect(reminderDue("pickup-reminder", order(), at("2027-01-10T22:00:00Z"), on)).toBe(true); // late evening
    expect(reminderDue("pickup-reminder", order(), at("2027-01-11T07:59:59.999Z"), on)).toBe(true); // the server was down all day
    expect(reminderDue("pickup-reminder", order(), at("2027-01-11T08:00:00Z"), on)).toBe(false); // too late: dropped
  });

  it("not for an order booked at or after that moment: the confirmation just said the same", () => {
    const now = at("2027-01-10T12:00:00Z");
    expect(reminderDue("pickup-reminder", order({ bookedAt: at("2027-01-10T07:59:00Z") }), now, on)).toBe(true); // 08:59 the day before
    expect(reminderDue("pickup-reminder", order({ bookedAt: moment }), now, on)).toBe(false);
    expect(reminderDue("pickup-reminder", order({ bookedAt: at("2027-01-10T08:01:00Z") }), now, on)).toBe(false);
  });

  it("not for a pickup today booked today, nor for a walk-in handed out at once", () => {
    const today = { pickupAt: at("2027-01-11T14:00:00Z"), returnAt: at("2027-01-12T16:00:00Z"), bookedAt: at("2027-01-11T09:30:00Z") };
    expect(reminderDue("pickup-reminder", order(today), at("2027-01-11T10:00:00Z"), on)).toBe(false);
    expect(reminderDue("pickup-reminder", order({ ...today, status: "picked_up" }), at("2027-01-11T10:00:00Z"), on)).toBe(false);
  });

  it.each<OrderStatus>(["pending_payment", "picked_up", "returned", "cancelled", "expired", "refunded"])(
    "not for an order that is %s",
    (status) => {
      expect(reminderDue("pickup-reminder", order({ status }), at("2027-01-10T12:00:00Z"), on)).toBe(false);
    },
  );

  it("not when switched off", () => {
    expect(reminderDue("pickup-reminder", order(), at("2027-01-10T12:00:00Z"), { pickup: false, return: true })).toBe(false);
  });
});

describe("when the return reminder is due", () => {
  const moment = at("2027-01-13T07:00:00Z"); // Wednesday 13 January, 08:00 in Rome

  it("from 08:00 on the return day until the return time", () => {
    expect(reminderDue("return-reminder", order(), at("2027-01-13T06:59:59.999Z"), on)).toBe(false);
    expect(reminderDue("return-reminder", order(), moment, on)).toBe(true);
    expect(reminderDue("return-reminder", order(), at("2027-01-13T15:59:59.999Z"), on)).toBe(true);
    expect(reminderDue("return-reminder", order(), at("2027-01-13T16:00:00Z"), on)).toBe(false);
  });

  it("for a paid or picked-up order only", () => {
    for (const status of ["paid", "picked_up"] as const) expect(reminderDue("return-reminder", order({ status }), moment, on)).toBe(true);
    for (const status of ["pending_payment", "returned", "cancelled", "expired", "refunded"] as const)
      expect(reminderDue("return-reminder", order({ status }), moment, on)).toBe(false);
  });

  it("not for a one-day rental, nor one booked on the return day, nor a return before 08:00", () => {
    const oneDay = { pickupAt: at("2027-01-13T08:00:00Z"), returnAt: at("2027-01-13T16:00:00Z") };
    expect(reminderDue("return-reminder", order({ ...oneDay, status: "picked_up" }), at("2027-01-13T10:00:00Z"), on)).toBe(false);
    expect(reminderDue("return-reminder", order({ bookedAt: at("2027-01-13T07:30:00Z") }), at("2027-01-13T10:00:00Z"), on)).toBe(false);
    const early = order({ returnAt: zonedInstant("2027-01-13", "07:30") });
    expect(reminderDue("return-reminder", early, at("2027-01-13T06:45:00Z"), on)).toBe(false);
    expect(reminderDue("return-reminder", early, at("2027-01-13T07:15:00Z"), on)).toBe(false);
  });

  it("not when switched off, while the pickup reminder stays on", () => {
    const off = { pickup: true, return: false };
    expect(reminderDue("return-reminder", order(), moment, off)).toBe(false);
    expect(dueReminders(order(), at("2027-01-10T12:00:00Z"), off)).toEqual(["pickup-reminder"]);
  });
});

describe("the reminders due at a moment", () => {
  it("are none between the pickup and the return day, and each in its own window", () => {
    expect(dueReminders(order(), at("2027-01-09T12:00:00Z"), on)).toEqual([]);
    expect(dueReminders(order(), at("2027-01-10T12:00:00Z"), on)).toEqual(["pickup-reminder"]);
    expect(dueReminders(order({ status: "picked_up" }), at("2027-01-12T12:00:00Z"), on)).toEqual([]);
    expect(dueReminders(order({ status: "picked_up" }), at("2027-01-13T12:00:00Z"), on)).toEqual(["return-reminder"]);
  });

  it("can be both when the return day is the day after the pickup: each in its own window, never overlapping", () => {
    const short = order({ pickupAt: at("2027-01-11T08:00:00Z"), returnAt: at("2027-01-12T16:00:00Z") });
    expect(dueReminders(short, at("2027-01-11T07:00:00Z"), on)).toEqual(["pickup-reminder"]);
    expect(dueReminders({ ...short, status: "picked_up" }, at("2027-01-12T07:00:00Z"), on)).toEqual(["return-reminder"]);
  });
});
