import { describe, expect, it } from "vitest";
import { fieldErrors, formToObject } from "../forms";
import { hoursSchema, newShopSchema, parseSlots, shopDeleteBlock, weekText } from "./shop";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return formToObject(data);
};

describe("opening hours as typed", () => {
  it.each([
    ["", []],
    ["08:00-18:00", [{ opens: "08:00", closes: "18:00" }]],
    [
      "8-12, 14:30 – 18.30",
      [
        { opens: "08:00", closes: "12:00" },
        { opens: "14:30", closes: "18:30" },
      ],
    ],
    [
      "14:30–18:30; 09:00—12:30",
      [
        { opens: "09:00", closes: "12:30" },
        { opens: "14:30", closes: "18:30" },
      ],
    ],
    [
      "08:00-12:00 12:00-18:00",
      [
        { opens: "08:00", closes: "12:00" },
        { opens: "12:00", closes: "18:00" },
      ],
    ],
  ])("%j reads as %j", (text, slots) => {
    expect(parseSlots(text)).toEqual({ ok: true, value: slots });
  });

  it.each([
    ["08:00", "admin.shops.errors.slotFormat"],
    ["8 to 12", "admin.shops.errors.slotFormat"],
    ["25:00-26:00", "admin.shops.errors.slotFormat"],
    ["08:00-12:00-14:00", "admin.shops.errors.slotFormat"],
    ["18:00-08:00", "admin.shops.errors.slotOrder"],
    ["12:00-12:00", "admin.shops.errors.slotOrder"],
    ["08:00-13:00, 12:30-18:00", "admin.shops.errors.slotOverlap"],
    ["7-8, 9-10, 11-12, 13-14, 15-16", "admin.shops.errors.tooManySlots"],
  ])("%j is refused with %s", (text, error) => {
    expect(parseSlots(text)).toEqual({ ok: false, reason: "invalid", errors: { form: error } });
  });

  it("a week form gives every slot with its weekday, and a message per wrong day", () => {
    const ok = hoursSchema.safeParse(
      form([
        ["appId", "summer"],
        ["hours.1", "09:00-12:30, 14:30-18:30"],
        ["hours.2", ""],
        ["hours.7", "10-16"],
      ]),
    );
    expect(ok.success && ok.data).toEqual({
      appId: "summer",
      slots: [
        { weekday: 1, opens: "09:00", closes: "12:30" },
        { weekday: 1, opens: "14:30", closes: "18:30" },
        { weekday: 7, opens: "10:00", closes: "16:00" },
      ],
    });
    const bad = hoursSchema.safeParse(
      form([
        ["appId", "winter"],
        ["hours.3", "18-8"],
        ["hours.5", "8-13,12-18"],
      ]),
    );
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(fieldErrors(bad.error)).toEqual({ "hours.3": "admin.shops.errors.slotOrder", "hours.5": "admin.shops.errors.slotOverlap" });
  });

  it("shows stored hours one line per weekday, lunch break included", () => {
    const week = weekText([
      { weekday: 1, opens: "14:30:00", closes: "18:30:00" },
      { weekday: 1, opens: "09:00:00", closes: "12:30:00" },
      { weekday: 3, opens: "08:00:00", closes: "18:00:00" },
    ]);
    expect(week).toEqual({ "1": "09:00–12:30, 14:30–18:30", "2": "", "3": "08:00–18:00", "4": "", "5": "", "6": "", "7": "" });
    // What the editor shows reads back as the same slots.
    expect(parseSlots(week["1"])).toEqual({
      ok: true,
      value: [
        { opens: "09:00", closes: "12:30" },
        { opens: "14:30", closes: "18:30" },
      ],
    });
  });
});

describe("a branch's details", () => {
  const valid: [string, string][] = [
    ["slug", "Val-Freina"],
    ["name", "Dolomiti Rent Val"],
    ["description.en", "A branch."],
    ["street", "Strada 1"],
    ["postalCode", "39030"],
    ["town", "Val"],
    ["country", "it"],
    ["latitude", "46,5483"],
    ["longitude", "11.7936"],
    ["phone", "+39 0471 795 120"],
    ["email", "Val@Example.com"],
    ["sort", "4"],
    ["appIds[]", "summer"],
    ["active", "on"],
  ];

  it("reads coordinates with a comma or a point, upper-cases the country, lower-cases slug and e-mail", () => {
    const parsed = newShopSchema.parse(form(valid));
    expect(parsed).toMatchObject({
      slug: "val-freina",
      country: "IT",
      latitude: "46.548300",
      longitude: "11.793600",
      email: "val@example.com",
      appIds: ["summer"],
      active: true,
    });
  });

  it.each([
    ["latitude", "91", "admin.shops.errors.latitude"],
    ["latitude", "north", "admin.shops.errors.latitude"],
    ["longitude", "-180.5", "admin.shops.errors.longitude"],
    ["phone", "call us", "admin.shops.errors.phone"],
    ["country", "Italy", "admin.shops.errors.country"],
    ["slug", "plan da sera", "admin.errors.slug"],
    ["appIds[]", "spring", "admin.errors.choose"],
  ])("%s %j is refused with %s", (field, value, message) => {
    const entries = valid.filter(([name]) => name !== field).concat([[field, value]]);
    const result = newShopSchema.safeParse(form(entries));
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.values(fieldErrors(result.error))).toContain(message);
  });

  it("a branch with orders, units or stock is kept", () => {
    expect(shopDeleteBlock({ orders: 0, units: 0, stock: 0 })).toBeNull();
    expect(shopDeleteBlock({ orders: 2, units: 5, stock: 0 })).toEqual({ key: "admin.shops.deleteBlocked.orders", count: 2 });
    expect(shopDeleteBlock({ orders: 0, units: 5, stock: 1 })).toEqual({ key: "admin.shops.deleteBlocked.units", count: 5 });
  });
});
