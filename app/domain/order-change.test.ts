import { describe, expect, it } from "vitest";
import { changeRefusal, parseChangeForm, uncovered } from "./order-change";

const at = (iso: string) => new Date(iso);
const pickupAt = at("2027-01-11T08:00:00Z");
const period = { pickupDate: "2027-01-11", pickupTime: "09:00", returnDate: "2027-01-13", returnTime: "17:00" };

describe("changeRefusal", () => {
  it("lets the customer change a paid order while a cancellation is free, staff until the hand-out", () => {
    const now = at("2027-01-08T08:00:00Z");
    expect(changeRefusal({ status: "paid", pickupAt }, "customer", 48, now)).toBeNull();
    expect(changeRefusal({ status: "paid", pickupAt }, "customer", 96, now)).toBe("order.change.tooLate");
    expect(changeRefusal({ status: "paid", pickupAt }, "staff", 96, now)).toBeNull();
    for (const status of ["pending_payment", "picked_up", "returned", "cancelled", "expired", "refunded"] as const)
      expect(changeRefusal({ status, pickupAt }, "staff", 0, now)).toBe("order.change.notPaid");
  });
});

describe("parseChangeForm", () => {
  it("drops removed lines and persons with their lines, renumbers the persons, and keeps each line's package", () => {
    const parsed = parseChangeForm({
      ...period,
      persons: {
        0: { ref: "7", firstName: "Anna", remove: "yes" },
        1: { ref: "8", firstName: " Ben " },
        2: { ref: "", firstName: "Cleo" },
      },
      lines: {
        0: { itemId: "3", size: "170", quantity: "1", person: "0" },
        1: { itemId: "3", size: "160", quantity: "1", person: "1", package: "12" },
        2: { itemId: "4", size: "", quantity: "2", person: "", remove: "yes" },
        3: { itemId: "5", size: "M", quantity: "1", person: "2", package: "" },
      },
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        ...period,
        persons: [
          { ref: 8, firstName: "Ben" },
          { ref: null, firstName: "Cleo" },
        ],
        lines: [
          { personIndex: 0, itemId: 3, size: "160", quantity: 1, packageId: 12 },
          { personIndex: 1, itemId: 5, size: "M", quantity: 1, packageId: null },
        ],
      },
    });
  });

  it("puts each message beside its field, and refuses a change that leaves nothing", () => {
    const parsed = parseChangeForm({
      ...period,
      returnTime: "25:00",
      persons: { 0: { firstName: "" } },
      lines: { 0: { itemId: "3", size: "", quantity: "0", person: "0" } },
    });
    expect(parsed).toMatchObject({
      ok: false,
      errors: {
        returnTime: "booking.errors.time",
        "persons.0.firstName": "booking.errors.firstName",
        "lines.0.quantity": "order.change.badQuantity",
      },
    });
    expect(parseChangeForm({ ...period, lines: { 0: { itemId: "3", quantity: "1", remove: "yes" } } })).toMatchObject({
      ok: false,
      errors: { form: "order.change.empty" },
    });
  });
});

describe("uncovered", () => {
  const span = (a: string, b: string) => ({ start: at(a), end: at(b) });
  it("is what a new period needs beyond the one held: before, after, both or all", () => {
    const held = span("2027-01-11T08:00:00Z", "2027-01-13T17:00:00Z");
    expect(uncovered(held, span("2027-01-11T08:00:00Z", "2027-01-14T17:00:00Z"))).toEqual([
      span("2027-01-13T17:00:00Z", "2027-01-14T17:00:00Z"),
    ]);
    expect(uncovered(held, span("2027-01-10T08:00:00Z", "2027-01-12T17:00:00Z"))).toEqual([
      span("2027-01-10T08:00:00Z", "2027-01-11T08:00:00Z"),
    ]);
    expect(uncovered(held, span("2027-01-10T08:00:00Z", "2027-01-14T17:00:00Z"))).toHaveLength(2);
    expect(uncovered(held, span("2027-01-12T08:00:00Z", "2027-01-12T17:00:00Z"))).toEqual([]);
    const later = span("2027-01-20T08:00:00Z", "2027-01-21T17:00:00Z");
    expect(uncovered(held, later)).toEqual([later]);
  });
});
