/**
 * What a branch can offer for a period, per item and size:
 * - rental items and depot lockers: active units with no held or confirmed reservation overlapping the
 *   period plus the turnaround buffer (holds past their expiry count as free and are released before any
 *   allocation), less the bookings stranded on units out of service (`stranded_bookings`, decision 055).
 *   Non-local items can be brought from another branch of the same storefront; local ones cannot
 *   (docs/decisions/010-availability.md).
 * - sale articles: the branch's stock.
 * - services: the branch's capacity on the pickup day, less what orders already book that day.
 * Items whose limits a given person exceeds are left out for that person.
 */
import { type SQL, sql } from "drizzle-orm";
import { PAID_STATUSES } from "../../domain/order-states";
import { reservationRange, zonedDate } from "../../domain/periods";
import { type Body, fitsItemLimits } from "../../domain/sizing";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import type { ItemKind, Season } from "../../domain/vocabulary";
import { allItems } from "../catalog/catalog.server";
import { type Db, getDb, queryRows } from "../db/client.server";
import { LIVE_RESERVATION, statusList } from "../db/states.server";

type SizeAvailability = { size: string | null; free: number; total: number };
export type ItemAvailability = {
  itemId: number;
  kind: ItemKind;
  /** For units, those at the chosen branch count first; `free` includes transferable units of other branches. */
  sizes: SizeAvailability[];
  free: number;
  state: "available" | "not available";
};

/** Orders (aliased `o`) whose claims count: paid and later, and pending ones still inside their hold time. */
export const ORDER_CLAIMS = sql`(o.status in ${statusList(PAID_STATUSES)} or (o.status = 'pending_payment' and o.expires_at > now()))`;

type Row = {
  item_id: number;
  kind: ItemAvailability["kind"];
  size: string | null;
  free: number;
  total: number;
  max_height_cm: number | null;
  max_shoe_size: number | null;
};

type AvailabilityAsk = {
  shopId: number;
  appId: Season;
  pickupAt: Date;
  returnAt: Date;
  turnaroundMinutes: number;
  /** Only these items; none or empty: every item of the storefront. */
  itemIds?: number[];
  /** Leaves out items this person does not fit (max height, max shoe size). */
  person?: Body;
  /** Counts the branch's own units only, as a counter order claims them (`ownUnitsOnly`, decision 056). */
  ownUnitsOnly?: boolean;
};

type Batch = { itemIds: Set<number>; everything: boolean; rows: Promise<ItemAvailability[]> };
const batches = new Map<string, Batch>();

/**
 * Asks for the same branch, period and person made in the same turn of the event loop share one query for all their
 * items: the equipment step asks for its list and for its packages at once, and the query is the step's heaviest.
 * Each caller gets only its own items, read by a query that started after it asked. Inside a transaction the
 * query is its own.
 */
export function getAvailability(params: AvailabilityAsk, db: Db = getDb()): Promise<ItemAvailability[]> {
  if (db !== getDb()) return queryAvailability(params, db);
  const key = JSON.stringify([
    params.shopId,
    params.appId,
    +params.pickupAt,
    +params.returnAt,
    params.turnaroundMinutes,
    params.person ?? null,
    params.ownUnitsOnly ?? false,
  ]);
  let batch = batches.get(key);
  if (!batch) {
    const started: Batch = {
      itemIds: new Set(),
      everything: false,
      rows: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batches.delete(key);
        return queryAvailability({ ...params, itemIds: started.everything ? undefined : [...started.itemIds] }, db);
      }),
    };
    batch = started;
    batches.set(key, batch);
  }
  const wanted = params.itemIds && params.itemIds.length > 0 ? new Set(params.itemIds) : null;
  if (wanted) for (const id of wanted) batch.itemIds.add(id);
  else batch.everything = true;
  return batch.rows.then((rows) => (wanted ? rows.filter((row) => wanted.has(row.itemId)) : rows));
}

/** The part of the availability query that answers for an item of each kind. */
type Part = "units" | "stock" | "capacity";
const PART_OF_KIND: Record<ItemKind, Part> = { rental: "units", depot: "units", sale: "stock", service: "capacity" };
const EVERY_PART: ReadonlySet<Part> = new Set<Part>(["units", "stock", "capacity"]);

/**
 * The parts a question needs: an ask for some items needs only the parts of their kinds (the equipment step asks
 * for rentals alone), which PostgreSQL then plans and runs alone. The kinds come from the catalogue in memory;
 * inside a transaction, or for an item the catalogue does not know, every part is asked.
 */
async function partsFor(itemIds: number[] | undefined, db: Db): Promise<ReadonlySet<Part>> {
  if (!itemIds || itemIds.length === 0 || db !== getDb()) return EVERY_PART;
  const kinds = new Map((await allItems()).map((item) => [item.id, item.kind]));
  const parts = new Set<Part>();
  for (const id of itemIds) {
    const kind = kinds.get(id);
    if (!kind) return EVERY_PART;
    parts.add(PART_OF_KIND[kind]);
  }
  return parts;
}

async function queryAvailability(params: AvailabilityAsk, db: Db): Promise<ItemAvailability[]> {
  const range = reservationRange(params, params.turnaroundMinutes);
  const serviceDay = zonedDate(params.pickupAt);
  const parts = await partsFor(params.itemIds, db);
  // One array parameter, however many items: a statement of the same text and one value to bind.
  const itemFilter = params.itemIds && params.itemIds.length > 0 ? sql`and i.id = any(${`{${params.itemIds.join(",")}}`}::int[])` : sql``;
  const units = sql`
    select u.item_id, i.kind, u.size,
           greatest(count(*) filter (where not exists (
             select 1 from reservations r
             where r.unit_id = u.id
               and ${LIVE_RESERVATION}
               and r.period && ${range}::tstzrange
           )) - case when exists (select 1 from units s where s.item_id = u.item_id and s.status <> 'active')
                      then stranded_bookings(u.item_id, u.size, ${params.shopId}::int,
                                             ${!params.ownUnitsOnly}::boolean and not i.local, ${range}::tstzrange)
                      else 0 end, 0)::int as free,
           count(*)::int as total,
           i.max_height_cm, i.max_shoe_size
    from units u
    join items i on i.id = u.item_id
    where i.app_id = ${params.appId}
      and i.active
      and i.kind in ('rental', 'depot')
      and u.status = 'active'
      and (u.shop_id = ${params.shopId}
           or (${!params.ownUnitsOnly}::boolean and not i.local and u.shop_id in (select sa.shop_id from shop_apps sa where sa.app_id = ${params.appId})))
      ${itemFilter}
    group by u.item_id, i.kind, u.size, i.local, i.max_height_cm, i.max_shoe_size`;
  const stock = sql`
    select s.item_id, i.kind, nullif(s.size, '') as size, s.quantity as free, s.quantity as total, i.max_height_cm, i.max_shoe_size
    from stock s
    join items i on i.id = s.item_id
    where i.app_id = ${params.appId} and i.active and i.kind = 'sale' and s.shop_id = ${params.shopId}
      ${itemFilter}`;
  const capacity = sql`
    select c.item_id, i.kind, null::text as size,
           greatest(c.per_day - coalesce((
             select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
             where l.item_id = c.item_id and o.shop_id = c.shop_id
               and (o.pickup_at at time zone ${SHOP_TIME_ZONE})::date = ${serviceDay}::date
               and ${ORDER_CLAIMS}
           ), 0), 0)::int as free,
           c.per_day as total, i.max_height_cm, i.max_shoe_size
    from service_capacity c
    join items i on i.id = c.item_id
    where i.app_id = ${params.appId} and i.active and i.kind = 'service' and c.shop_id = ${params.shopId}
      ${itemFilter}`;
  // Each part names its columns: the first part asked names the rows.
  const statements: Record<Part, SQL> = { units, stock, capacity };
  const asked = [...EVERY_PART].filter((part) => parts.has(part)).map((part) => statements[part]);
  const rows = await queryRows<Row>(sql`${sql.join(asked, sql` union all `)} order by 1, 3`, db);
  const byItem = new Map<number, { kind: Row["kind"]; sizes: SizeAvailability[] }>();
  for (const row of rows) {
    if (params.person && !fitsItemLimits({ maxHeightCm: row.max_height_cm, maxShoeSize: row.max_shoe_size }, params.person)) continue;
    const entry = byItem.get(row.item_id) ?? { kind: row.kind, sizes: [] };
    entry.sizes.push({ size: row.size, free: Number(row.free), total: Number(row.total) });
    byItem.set(row.item_id, entry);
  }
  return [...byItem.entries()].map(([itemId, { kind, sizes }]) => {
    const free = sizes.reduce((sum, s) => sum + s.free, 0);
    return { itemId, kind, sizes, free, state: free > 0 ? "available" : "not available" };
  });
}
