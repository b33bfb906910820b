/**
 * What changed in an admin edit, as the audit log shows it: field by field, before and after. Records
 * are compared as JSON (what the log stores), so dates and translated texts compare by value.
 */
import { formatDate, formatDateTime, formatDecimal, formatMoney, formatPercent } from "../format";
import { type Locale, pick, type Translated } from "../i18n";
import { COUPON_KINDS, ITEM_KINDS, ORDER_SOURCES, SIZING_KINDS, SKILLS } from "../vocabulary";
import { counterMethodWord } from "./payment";

export type FieldChange = { field: string; before: unknown; after: unknown };

/** A record as the audit log keeps it: plain JSON, without the bookkeeping timestamps. */
export function snapshot(record: object | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const plain = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  delete plain.updatedAt;
  delete plain.createdAt;
  return plain;
}

/** The fields whose values differ between two snapshots (added, removed or changed), in a stable order. */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** One entry of a record's audit trail as the back office shows it. */
export type AuditView = {
  id: number;
  at: string;
  action: string;
  user: string | null;
  changes: FieldChange[];
  /** The kind of record (order, item, shop ...): a `status` is an order's or a unit's. */
  entity?: string;
  /** Names for the ids the changes mention (see `AuditNames`). */
  names?: AuditNames;
};

// ---------------------------------------------------------------------------------------------
// The audit trail as a person reads it

/**
 * Names of the records an audit trail mentions by id, loaded by the server for the entries it shows
 * (`auditRefs` says which): unit codes, branch, hotel, category and item names.
 */
export type AuditNames = {
  units: Record<string, string>;
  shops: Record<string, string>;
  hotels: Record<string, string>;
  categories: Record<string, Partial<Translated>>;
  items: Record<string, Partial<Translated>>;
};

export type AuditRefs = { units: number[]; shops: number[]; hotels: number[]; categories: string[]; items: number[] };

/** Fields that hold the id of another record (alone or as a list), and whose names stand for them. */
const ID_FIELDS: Record<string, keyof AuditNames> = {
  unitId: "units",
  unitIds: "units",
  shopId: "shops",
  shopIds: "shops",
  hotelId: "hotels",
  categoryId: "categories",
  itemId: "items",
};

const idsOf = (value: unknown): (string | number)[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is string | number => typeof id === "number" || typeof id === "string");

/** The ids of other records that logged values mention: an order's handed-out `units` (line → unit ids), `shopId`, `stock` rows ... */
export function auditRefs(values: unknown[]): AuditRefs {
  const found = {
    units: new Set<number>(),
    shops: new Set<number>(),
    hotels: new Set<number>(),
    categories: new Set<string>(),
    items: new Set<number>(),
  };
  const add = (kind: keyof AuditNames, id: string | number) => {
    if (kind === "categories") found.categories.add(String(id));
    else if (Number.isSafeInteger(Number(id))) found[kind].add(Number(id));
  };
  const walk = (value: unknown, field: string | null) => {
    if (field === "units" && value && typeof value === "object" && !Array.isArray(value)) {
      for (const ids of Object.values(value)) for (const id of idsOf(ids)) add("units", id);
      return;
    }
    const kind = field === null ? undefined : ID_FIELDS[field];
    if (kind) for (const id of idsOf(value)) add(kind, id);
    else if (Array.isArray(value)) for (const entry of value) walk(entry, null);
    else if (value && typeof value === "object") for (const [key, entry] of Object.entries(value)) walk(entry, key);
  };
  for (const value of values) walk(value, null);
  return {
    units: [...found.units],
    shops: [...found.shops],
    hotels: [...found.hotels],
    categories: [...found.categories],
    items: [...found.items],
  };
}

type Translate = (key: string, values?: Record<string, unknown> & { count?: number; defaultValue?: string }) => string;
export type ShownChange = { field: string; label: string; before: string; after: string };
type ShowContext = { entity?: string; names?: AuditNames; locale: Locale; t: Translate };

const LOCALES = ["en", "de", "it", "nl", "be", "da"];
const isTranslated = (value: object): value is Partial<Translated> =>
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([k, v]) => LOCALES.includes(k) && typeof v === "string");
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function nameOf(kind: keyof AuditNames, id: string | number, ctx: ShowContext): string {
  const name = ctx.names?.[kind][String(id)];
  if (name === undefined) return `#${id}`;
  return typeof name === "string" ? name : pick(name, ctx.locale) || `#${id}`;
}

/** Whether a logged value is one of a vocabulary's codes (an unknown one is shown as logged). */
const isOneOf = (codes: readonly string[], value: unknown): value is string => typeof value === "string" && codes.includes(value);

const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

/** One logged value as text: names for ids, money for cents, dates as dates, a status in words. */
export function showValue(field: string, value: unknown, ctx: ShowContext): string {
  const { locale, t } = ctx;
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value) && value.length === 0) return "—";
  if (field === "units" && typeof value === "object" && !Array.isArray(value))
    return (
      Object.values(value)
        .flatMap((ids) => idsOf(ids).map((id) => nameOf("units", id, ctx)))
        .join(", ") || "—"
    );
  const kind = ID_FIELDS[field];
  if (kind && (typeof value !== "object" || Array.isArray(value)))
    return idsOf(value)
      .map((id) => nameOf(kind, id, ctx))
      .join(", ");
  if ((field === "appId" || field === "appIds") && (typeof value === "string" || Array.isArray(value)))
    return idsOf(value)
      .map((season) => t(`season.${season}`, { defaultValue: String(season) }))
      .join(", ");
  if (field === "status" && typeof value === "string") {
    const key = ctx.entity === "order" ? `order.status.${value}` : ctx.entity === "item" ? `admin.unitStatus.${value}` : null;
    return key ? t(key, { defaultValue: value }) : value;
  }
  // The binding settings a hand-out stored (decision 043), as the order page words them.
  if (field === "bindings" && typeof value === "object" && !Array.isArray(value))
    return Object.values(value)
      .map((entry) => {
        const b = record(entry);
        if (typeof b.value !== "number") return "—";
        const key = b.setBy === "clerk" ? "admin.orders.binding.setByClerk" : "admin.orders.binding.setFromTable";
        return t(key, { value: formatDecimal(b.value, locale), code: b.code ?? "—", sole: b.soleLengthMm ?? "—" });
      })
      .join(", ");
  // An item's or category's kind, a coupon's kind, the sizing rule and the level: as the forms name them.
  if (field === "kind" && ctx.entity === "coupon" && isOneOf(COUPON_KINDS, value)) return t(`admin.coupons.kind.${value}`);
  if (field === "kind" && isOneOf(ITEM_KINDS, value)) return t(`admin.kind.${value}`);
  if (field === "sizing" && isOneOf(SIZING_KINDS, value)) return t(`admin.items.sizingRule.${value}`);
  if (field === "level" && isOneOf(SKILLS, value)) return t(`booking.skill.${value}`);
  // How and where an order was paid: in words, not the codes the log keeps ("card", "counter").
  if (field === "method" && typeof value === "string") return t(counterMethodWord(value));
  if (field === "source" && isOneOf(ORDER_SOURCES, value)) return t(`admin.orders.sources.${value}`);
  if (field === "depositStatus" && typeof value === "string") return t(`admin.deposit.status.${value}`, { defaultValue: value });
  // Damage at return (decision 046): the category and how the fee is paid, in words.
  if (field === "damageCategory" && typeof value === "string") return t(`order.damage.category.${value}`, { defaultValue: value });
  if (field === "feePaidBy" && typeof value === "string") return t(`order.damage.paidBy.${value}`, { defaultValue: value });
  if (field === "dayPrices" && Array.isArray(value))
    return value
      .map((cents, index) =>
        t("admin.audit.dayPrice", { count: index + 1, price: typeof cents === "number" ? formatMoney(cents, locale) : String(cents) }),
      )
      .join(" · ");
  if (field === "stock" && Array.isArray(value))
    return value
      .map((row) => {
        const r = record(row);
        const size = typeof r.size === "string" && r.size !== "" ? ` ${r.size}` : "";
        return `${nameOf("shops", r.shopId as number, ctx)}${size}: ${String(r.quantity ?? "—")}`;
      })
      .join(" · ");
  if (field === "capacity" && Array.isArray(value))
    return value.map((row) => `${nameOf("shops", record(row).shopId as number, ctx)}: ${String(record(row).perDay ?? "—")}`).join(" · ");
  if (typeof value === "number" && /Cents$/.test(field)) return formatMoney(value, locale);
  if (typeof value === "number" && /Percent$/.test(field)) return formatPercent(value, locale);
  // Basis points (a VAT rate of 22 % is kept as 2200).
  if (typeof value === "number" && /Bp$/.test(field)) return formatPercent(value / 100, locale);
  if (typeof value === "boolean") return t(value ? "admin.audit.yes" : "admin.audit.no");
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatDateTime(value, locale, "medium");
  if (typeof value === "string" && ISO_DATE.test(value)) return formatDate(value, locale, { dateStyle: "medium" });
  if (typeof value === "object" && isTranslated(value)) return pick(value, locale);
  if (Array.isArray(value) && value.every((entry) => typeof entry !== "object" || entry === null))
    return value.map((entry) => showValue(field, entry, ctx)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const translatedOrNone = (value: unknown): value is Partial<Translated> | null =>
  value === null || (typeof value === "object" && isTranslated(value as object));

/**
 * A change as the audit trail shows it: the field's name in words (else as logged), before and after as text.
 * A translated text shows the languages that changed, each with its code (`DE: Handschuhe`), so a change to
 * one language is seen whatever language the page is in.
 */
export function showChange(change: FieldChange, ctx: ShowContext): ShownChange {
  const label = ctx.t(`admin.audit.fields.${change.field}`, { defaultValue: change.field });
  const { before, after } = change;
  if (translatedOrNone(before) && translatedOrNone(after) && (before || after)) {
    const changed = LOCALES.filter((locale) => (before?.[locale as Locale] ?? "") !== (after?.[locale as Locale] ?? ""));
    const texts = (value: Partial<Translated> | null) =>
      value ? changed.map((locale) => `${locale.toUpperCase()}: ${value[locale as Locale] || "—"}`).join(" · ") : "—";
    return { field: change.field, label, before: texts(before), after: texts(after) };
  }
  return { field: change.field, label, before: showValue(change.field, before, ctx), after: showValue(change.field, after, ctx) };
}
