/**
 * The catalogue in memory (decision 035): storefronts, branches, hours, categories, items, prices, packages,
 * public coupons, settings. Every visitor reads the same rows, which change only when someone in the back
 * office changes them, so a read is kept until the database says that a catalogue table changed (migration
 * 0012's trigger, `Database.watchCatalog`), in this process or any other. What a booking claims (units,
 * stock, jobs: availability) is never read from here: holds and the exclusion constraint read the tables.
 *
 * Until the watch is on, and while it is broken (PostgreSQL's listening connection lost), nothing is kept and
 * every read goes to the database, so no process serves a change it could have missed.
 */
import type { CatalogWatcher, Database } from "../db/client.server";

/** Enough for every page of a large shop in six languages; a read with a key of its own beyond that (a coupon code someone typed) pushes out the oldest. */
const MAX_ENTRIES = 5000;

type Entry = { value: Promise<unknown> };
type State = { watching: boolean; entries: Map<string, Entry>; generation: number };

// On globalThis: the route modules (server build) and the Express entry (sources) are two copies of this module.
const key = Symbol.for("rental.catalogCache");
function state(): State {
  const holder = globalThis as { [key]?: State };
  holder[key] ??= { watching: false, entries: new Map(), generation: 0 };
  return holder[key];
}

function forget() {
  const s = state();
  s.entries.clear();
  s.generation++;
}

const watcher: CatalogWatcher = {
  changed: forget,
  lost: () => {
    state().watching = false;
    forget();
  },
  ready: () => {
    forget();
    state().watching = true;
  },
};

/** Starts keeping the catalogue in memory for this process; the function it gives stops it. */
export async function keepCatalogInMemory(database: Database): Promise<() => Promise<void>> {
  const stop = await database.watchCatalog(watcher);
  return async () => {
    watcher.lost();
    await stop();
  };
}

/** The catalogue's generation while it is kept (it changes with every change), else null: for what is kept beside it (the page cache). */
export function catalogGeneration(): number | null {
  const s = state();
  return s.watching ? s.generation : null;
}

/** Deep-frozen outside production, so a caller that changes a kept value (sorting it in place) fails in the tests. */
function frozen<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) frozen(inner);
  return Object.freeze(value);
}
const freeze = process.env.NODE_ENV !== "production";

/**
 * `load` as a read of the catalogue: kept per arguments (plain data, told apart by their JSON) until the
 * catalogue changes. The value is shared by every caller: never change it. A failed read is not kept.
 */
export function catalogRead<A extends unknown[], T>(name: string, load: (...args: A) => Promise<T>) {
  return (...args: A): Promise<T> => {
    const s = state();
    if (!s.watching) return load(...args);
    const id = `${name}:${JSON.stringify(args)}`;
    const kept = s.entries.get(id);
    if (kept) {
      // Most recently used last, so the first entry is the one to push out.
      s.entries.delete(id);
      s.entries.set(id, kept);
      return kept.value as Promise<T>;
    }
    const generation = s.generation;
    const value = load(...args).then((result) => (freeze ? frozen(result) : result));
    s.entries.set(id, { value });
    if (s.entries.size > MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
    value.catch(() => {
      if (s.generation === generation && s.entries.get(id)?.value === value) s.entries.delete(id);
    });
    return value;
  };
}
