import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms";
import { centsText, changeDays, itemFormValues, itemRules, itemSchema, itemValues, priceTableSchema, surchargeSchema } from "./item";

const text = (value: string) => ({ en: value, de: "", it: "", nl: "", be: "", da: "" });
const posted = {
  appId: "winter",
  categoryId: "ski-snowboard",
  name: text("Ski Test"),
  description: text(""),
  sizes: "140, 148\n156",
  sizing: "ski",
  level: "",
  maxHeightCm: "",
  maxShoeSize: "44",
  local: "on",
  vatRate: "22",
  price: "",
  deposit: "50,00",
  active: "on",
  sort: "10",
};
const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error as never);
};

describe("the item form", () => {
  it("reads sizes, VAT as basis points, euros as cents and empty limits as none", () => {
    const input = itemSchema.parse(posted);
    expect(input.sizes).toEqual(["140", "148", "156"]);
    expect(input.vatRate).toBe(2200);
    expect(input.deposit).toBe(5000);
    expect(input.maxHeightCm).toBeNull();
    expect(input.maxShoeSize).toBe(44);
    expect(input.level).toBeNull();
    expect(input.local).toBe(true);
    expect(input.name).toEqual({ en: "Ski Test" });
  });

  it("refuses repeated sizes, a VAT rate above 100 and an unknown sizing rule, each beside its field", () => {
    const errors = errorsOf(itemSchema, { ...posted, sizes: "S, M, s", vatRate: "122", sizing: "magic", name: text("") });
    expect(errors).toMatchObject({
      sizes: "admin.items.errors.sizeTwice",
      vatRate: "admin.items.errors.vat",
      sizing: "admin.errors.choose",
      "name.en": "admin.errors.required",
    });
    expect(itemSchema.parse({ ...posted, vatRate: "5,5" }).vatRate).toBe(550);
  });

  it("lets the category decide the kind; sale articles need a price; rentals keep none", () => {
    const input = itemSchema.parse(posted);
    const skis = { id: "ski-snowboard", appId: "winter" as const, kind: "rental" as const };
    const shop = { id: "clothing", appId: "winter" as const, kind: "sale" as const };
    expect(itemRules(input, skis)).toEqual({});
    expect(itemRules(input, { ...skis, appId: "summer" })).toEqual({ categoryId: "admin.items.errors.categoryApp" });
    expect(itemRules(input, shop)).toEqual({ price: "admin.items.errors.priceRequired" });
    expect(itemValues({ ...input, price: 1990 }, skis).priceCents).toBeNull();
    expect(itemValues({ ...input, price: 1990 }, shop)).toMatchObject({ priceCents: 1990, kind: "sale", vatRateBp: 2200 });
  });

  it("keeps the kind and season of an item with orders, units or stock", () => {
    const input = { ...itemSchema.parse(posted), price: 100 };
    const helmets = { id: "goggles-helmets", appId: "winter" as const, kind: "rental" as const };
    const shop = { id: "clothing", appId: "winter" as const, kind: "sale" as const };
    const current = (ties: Partial<Record<"orderLines" | "units" | "stock" | "capacity", number>>) => ({
      appId: "winter" as const,
      kind: "rental" as const,
      ties: { orderLines: 0, units: 0, stock: 0, capacity: 0, ...ties },
    });
    expect(itemRules(input, helmets, current({ orderLines: 3, units: 5 }))).toEqual({});
    expect(itemRules(input, shop, current({ orderLines: 1 }))).toEqual({ categoryId: "admin.items.errors.kindLockedOrders" });
    expect(itemRules(input, shop, current({ units: 1 }))).toEqual({ categoryId: "admin.items.errors.kindLockedUnits" });
    expect(itemRules(input, shop, current({}))).toEqual({});
  });

  it("shows a stored item as the strings of its form", () => {
    const values = itemFormValues({
      slug: "x",
      appId: "winter",
      categoryId: "clothing",
      name: { en: "X" },
      description: {},
      sizes: ["S", "M"],
      sizing: "clothing",
      level: null,
      maxHeightCm: null,
      maxShoeSize: null,
      local: false,
      vatRateBp: 1000,
      priceCents: 1250,
      depositCents: 0,
      active: true,
      sort: 0,
    });
    expect(values).toMatchObject({ sizes: "S, M", vatRate: "10", price: "12.50", deposit: "", level: "" });
    expect(centsText(1200)).toBe("12");
    expect(centsText(5)).toBe("0.05");
  });
});

describe("the price table", () => {
  it("reads 1..N days and the extra day in euros", () => {
    expect(priceTableSchema.parse({ dayPrices: ["22", "41,80", "60.50"], extraDay: "13" })).toEqual({
      dayPrices: [2200, 4180, 6050],
      extraDay: 1300,
    });
  });

  it("refuses a longer rental that costs less, an empty day, no days and more than 30", () => {
    expect(errorsOf(priceTableSchema, { dayPrices: ["22", "20"], extraDay: "10" })).toEqual({
      "dayPrices.1": "admin.items.errors.pricesDecrease",
    });
    expect(errorsOf(priceTableSchema, { dayPrices: ["22", ""], extraDay: "" })).toEqual({
      "dayPrices.1": "admin.errors.required",
      extraDay: "admin.errors.required",
    });
    expect(errorsOf(priceTableSchema, { extraDay: "1" })).toEqual({ dayPrices: "admin.items.errors.noDays" });
    expect(errorsOf(priceTableSchema, { dayPrices: Array.from({ length: 31 }, (_, i) => String(i + 1)), extraDay: "1" })).toEqual({
      dayPrices: "admin.items.errors.tooManyDays",
    });
  });

  it("adds and removes day columns without losing what was typed", () => {
    expect(changeDays(["22", "40"], "add")).toEqual(["22", "40", ""]);
    expect(changeDays(["22", "40"], "remove")).toEqual(["22"]);
    expect(changeDays(["22"], "remove")).toEqual(["22"]);
    expect(changeDays("22", "add")).toEqual(["22", ""]);
    expect(
      changeDays(
        Array.from({ length: 30 }, () => "1"),
        "add",
      ),
    ).toHaveLength(30);
  });
});

describe("a surcharge", () => {
  it("needs its end on or after its start and a percentage up to 200", () => {
    const base = { name: text("Christmas"), startsOn: "2026-12-24", endsOn: "2027-01-06", percent: "15" };
    expect(surchargeSchema.parse(base)).toMatchObject({ percent: 15, name: { en: "Christmas" } });
    expect(errorsOf(surchargeSchema, { ...base, endsOn: "2026-12-01", percent: "300" })).toEqual({
      percent: "admin.errors.range",
      endsOn: "admin.items.errors.endsBeforeStart",
    });
    expect(errorsOf(surchargeSchema, { ...base, endsOn: "2026-12-01" })).toEqual({ endsOn: "admin.items.errors.endsBeforeStart" });
  });
});
