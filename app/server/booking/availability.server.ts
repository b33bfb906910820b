/**
 * Availability of rental items (and depot lockers) at a branch for a period: per item and size, how many
 * active units have no held or confirmed reservation overlapping the period plus the turnaround buffer.
 * Holds past their expiry count as free (and are released before any allocation).
 * Non-local items can be brought from another branch of the same storefront; local ones cannot
 * (docs/decisions/010-availability.md).
 */
import { sql } from "drizzle-orm";
import { reservationRange } from "../../domain/periods";
import { queryRows } from "../db/client.server";

export type SizeAvailability = { size: string | null; free: number; total: number };
export type ItemAvailability = {
  itemId: number;
  /** Units at the chosen branch count first; `free` includes transferable units of other branches. */
  sizes: SizeAvailability[];
  free: number;
  state: "available" | "not available";
};

export async function getAvailability(params: {
  shopId: number;
  appId: "winter" | "summer";
  pickupAt: Date;
  returnAt: Date;
  turnaroundMinutes: number;
  itemIds?: number[];
}): Promise<ItemAvailability[]> {
  const range = reservationRange(params, params.turnaroundMinutes);
  const itemFilter =
    params.itemIds && params.itemIds.length > 0
      ? sql`and i.id in (${sql.join(
          params.itemIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const rows = await queryRows<{ item_id: number; size: string | null; free: number; total: number }>(sql`
    select u.item_id, u.size,
           count(*) filter (where not exists (
             select 1 from reservations r
             where r.unit_id = u.id
               and r.state in ('held', 'confirmed')
               and not (r.state = 'held' and r.expires_at <= now())
               and r.period && ${range}::tstzrange
           ))::int as free,
           count(*)::int as total
    from units u
    join items i on i.id = u.item_id
    where i.app_id = ${params.appId}
      and i.active
      and i.kind in ('rental', 'depot')
      and u.status = 'active'
      and (u.shop_id = ${params.shopId}
           or (not i.local and u.shop_id in (select sa.shop_id from shop_apps sa where sa.app_id = ${params.appId})))
      ${itemFilter}
    group by u.item_id, u.size
    order by u.item_id, u.size
  `);
  const byItem = new Map<number, SizeAvailability[]>();
  for (const row of rows) {
    const sizes = byItem.get(row.item_id) ?? [];
    sizes.push({ size: row.size, free: Number(row.free), total: Number(row.total) });
    byItem.set(row.item_id, sizes);
  }
  return [...byItem.entries()].map(([itemId, sizes]) => {
    const free = sizes.reduce((sum, s) => sum + s.free, 0);
    return { itemId, sizes, free, state: free > 0 ? "available" : "not available" };
  });
}
