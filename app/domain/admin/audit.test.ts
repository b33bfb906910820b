import { describe, expect, it } from "vitest";
import de from "../../i18n/lang/de.json";
import { formatPercent } from "../format";
import { type AuditNames, auditRefs, changedFields, showChange, showValue, snapshot } from "./audit";

describe("audit snapshots and changes", () => {
  it("keeps plain JSON and drops the bookkeeping timestamps", () => {
    const at = new Date("2026-11-22T10:00:00Z");
    expect(snapshot({ id: 1, name: { en: "Ski" }, validFrom: at, createdAt: at, updatedAt: at })).toEqual({
      id: 1,
      name: { en: "Ski" },
      validFrom: "2026-11-22T10:00:00.000Z",
    });
    expect(snapshot(null)).toBeNull();
  });

  it("lists changed, added and removed fields, and nothing for equal values", () => {
    const before = { id: 1, name: { en: "Ski", de: "Ski" }, sort: 2, note: "old" };
    const after = { id: 1, name: { en: "Ski", de: "Skier" }, sort: 2, active: true };
    expect(changedFields(before, after)).toEqual([
      { field: "active", before: null, after: true },
      { field: "name", before: { en: "Ski", de: "Ski" }, after: { en: "Ski", de: "Skier" } },
      { field: "note", before: "old", after: null },
    ]);
    expect(changedFields(before, before)).toEqual([]);
  });

  it("shows every field of a created or deleted record", () => {
    expect(changedFields(null, { id: 7, name: "x" }).map((c) => c.field)).toEqual(["id", "name"]);
    expect(changedFields({ id: 7 }, null)).toEqual([{ field: "id", before: 7, after: null }]);
  });
});

describe("the audit trail as a person reads it", () => {
  const t = (key: string, values?: Record<string, unknown>) => {
    const texts: Record<string, string> = {
      "order.status.paid": "paid",
      "order.status.picked_up": "picked up",
      "admin.unitStatus.maintenance": "In maintenance",
      "admin.audit.fields.units": "Units",
      "admin.audit.yes": "yes",
      "season.winter": "Winter",
    };
    if (key === "admin.audit.dayPrice") return `${values?.count} d: ${values?.price}`;
    if (key === "admin.orders.binding.setFromTable") return `Binding ${values?.value} (code ${values?.code}, sole ${values?.sole} mm)`;
    if (key === "admin.orders.binding.setByClerk") return `Binding ${values?.value}, set by staff (sole ${values?.sole} mm)`;
    return texts[key] ?? String(values?.defaultValue ?? key);
  };
  const names: AuditNames = {
    units: { "10": "CI-SKI-0001", "283": "CI-BOOT-0042" },
    shops: { "1": "Ciaslin", "2": "Runcadoz" },
    hotels: { "4": "Hotel Alpenrose" },
    categories: { ski: { en: "Skis", de: "Ski" } },
    items: {},
  };
  const ctx = { entity: "order", names, locale: "en" as const, t };

  it("finds the ids a logged value mentions: handed-out units, branches, stock rows, hotels, categories", () => {
    const refs = auditRefs([
      { status: "picked_up", units: { "1": [10], "2": [283] } },
      { shopIds: [1, 2], stock: [{ shopId: 3, size: "M", quantity: 2 }], hotelId: 4, categoryId: "ski", itemId: 7 },
    ]);
    expect(refs).toEqual({ units: [10, 283], shops: [1, 2, 3], hotels: [4], categories: ["ski"], items: [7] });
  });

  it("shows unit codes for a hand-out and the status in words", () => {
    expect(showChange({ field: "units", before: null, after: { "1": [10], "2": [283] } }, ctx)).toEqual({
      field: "units",
      label: "Units",
      before: "—",
      after: "CI-SKI-0001, CI-BOOT-0042",
    });
    expect(showValue("status", "picked_up", ctx)).toBe("picked up");
    expect(showValue("status", "maintenance", { ...ctx, entity: "item" })).toBe("In maintenance");
  });

  it("shows the binding settings of a hand-out in words", () => {
    const bindings = {
      "12": { value: 6.5, setBy: "table", code: "L", soleLengthMm: 305, twistNm: 58, forwardLeanNm: 229 },
      "14": { value: 7.5, setBy: "clerk", code: null, soleLengthMm: 315, twistNm: null, forwardLeanNm: null },
    };
    expect(showValue("bindings", bindings, ctx)).toBe("Binding 6.5 (code L, sole 305 mm), Binding 7.5, set by staff (sole 315 mm)");
  });

  it("names branches, hotels and categories, and shows an unknown id as such", () => {
    expect(showValue("shopIds", [1, 2], ctx)).toBe("Ciaslin, Runcadoz");
    expect(showValue("hotelId", 4, ctx)).toBe("Hotel Alpenrose");
    expect(showValue("categoryId", "ski", { ...ctx, locale: "de" })).toBe("Ski");
    expect(showValue("shopId", 99, ctx)).toBe("#99");
    expect(showValue("appIds", ["winter"], ctx)).toBe("Winter");
  });

  it("shows money, percentages, price tables and stock", () => {
    expect(showValue("totalCents", 12345, ctx)).toBe("€123.45");
    expect(showValue("discountPercent", 10, ctx)).toBe("10%");
    expect(showValue("dayPrices", [3000, 5500], ctx)).toBe("1 d: €30.00 · 2 d: €55.00");
    expect(
      showValue(
        "stock",
        [
          { shopId: 1, size: "M", quantity: 3 },
          { shopId: 2, size: "", quantity: 0 },
        ],
        ctx,
      ),
    ).toBe("Ciaslin M: 3 · Runcadoz: 0");
  });

  it("shows dates as dates, texts in the reader's language, yes and no, and nothing as a dash", () => {
    // In the shop's time zone (09:00 in Rome), British English with the shop's one 24-hour time.
    expect(showValue("validFrom", "2026-12-10T08:00:00.000Z", ctx).replace(/\s/g, " ")).toBe("10 Dec 2026, 09:00");
    expect(showValue("day", "2027-01-11", ctx)).toBe("11 Jan 2027");
    expect(showValue("name", { en: "Skis", de: "Ski" }, { ...ctx, locale: "de" })).toBe("Ski");
    expect(showValue("active", true, ctx)).toBe("yes");
    expect(showValue("note", "", ctx)).toBe("—");
    expect(showValue("note", null, ctx)).toBe("—");
    expect(showValue("reason", "broken binding", ctx)).toBe("broken binding");
  });

  it("shows the languages of a translated text that changed, whatever language the page is in", () => {
    const change = { field: "name", before: { en: "Gloves", it: "Guanti" }, after: { en: "Gloves", it: "Guanti", de: "Handschuhe" } };
    expect(showChange(change, { ...ctx, locale: "it" })).toMatchObject({ before: "DE: —", after: "DE: Handschuhe" });
    expect(showChange({ field: "name", before: null, after: { en: "Gloves", it: "Guanti" } }, ctx)).toMatchObject({
      before: "—",
      after: "EN: Gloves · IT: Guanti",
    });
  });
});

describe("the audit trail's words", () => {
  it("shows kinds, sizing rules, levels and basis points in words", () => {
    const t = (key: string) => `«${key}»`;
    expect(showValue("kind", "sale", { entity: "item", locale: "da", t })).toBe("«admin.kind.sale»");
    expect(showValue("kind", "percent", { entity: "coupon", locale: "da", t })).toBe("«admin.coupons.kind.percent»");
    expect(showValue("sizing", "boot", { entity: "item", locale: "da", t })).toBe("«admin.items.sizingRule.boot»");
    expect(showValue("level", "expert", { entity: "package", locale: "da", t })).toBe("«booking.skill.expert»");
    expect(showValue("vatRateBp", 2200, { entity: "item", locale: "de", t })).toBe(formatPercent(22, "de"));
  });

  it("says how and where an order was paid in words, and names the order's fields", () => {
    const t = (key: string) => `«${key}»`;
    const ctx = { entity: "order", locale: "de" as const, t };
    expect(showValue("method", "card", ctx)).toBe("«admin.orders.methods.card»");
    expect(showValue("source", "counter", ctx)).toBe("«admin.orders.sources.counter»");
    for (const field of ["damageWaiverCents", "amountCents", "pickupAt", "returnAt", "persons", "lines", "by"])
      expect(de.admin.audit.fields[field as keyof typeof de.admin.audit.fields], field).toBeTruthy();
  });
});
