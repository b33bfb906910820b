/**
 * The demo shop's season (issue 19): about 1,500 orders around today, planned in memory from the demo
 * catalogue, so the back office shows what the software is for. Pure: the same date gives the same orders,
 * names, periods, units, totals and states (a seeded random sequence); only the database ids and order links
 * are random (an order link must never be guessable, not even a demo's). docs/decisions/040-demo-season.md.
 *
 * - Pickups fall from 60 days before today to 60 days after, on the days a branch serves the storefront
 *   (its season, weekdays and closed days), as many as the season curve says: quiet at the start of
 *   December, full at Christmas, busy in the February weeks; e-bikes in late summer; ski service drop-offs
 *   before and during the winter; walk-in sales at the counter. Plus the same two weeks of last season (so
 *   this week can be compared) and early bookings of next summer's e-bikes.
 * - Units are given out as the shop does: the branch's own first, the turnaround buffer kept, never two
 *   bookings on one unit at once (the database's exclusion constraint would refuse the seed). A line that
 *   finds nothing free is left out, as a sold-out shop turns customers away.
 * - Prices come from the real pricing (`quoteRental`) with the coupon, the partner hotel and the damage
 *   waiver the customer chose.
 * - What happened to each order follows from its dates and today: paid and waiting, handed out, returned
 *   (some early, some with damage noted), overdue, no-shows, cancelled with a refund, expired, a few still
 *   waiting for payment.
 */
import type { Locale, Translated } from "../domain/i18n";
import { isPaid } from "../domain/order-states";
import { addDays, daysBetween, type IsoDate, zonedDate, zonedInstant } from "../domain/periods";
import { type CouponInput, type PriceTable, type Quote, type QuoteLineInput, quoteRental, roundCents } from "../domain/pricing";
import type { AgeBand, ItemKind, OrderSource, OrderStatus, Season, Skill } from "../domain/vocabulary";

// ---------------------------------------------------------------------------------------------
// What the planner is given

type SeasonShop = {
  id: number;
  slug: string;
  appIds: Season[];
  /** ISO weekdays open, per storefront. */
  weekdays: Record<string, number[]>;
  closedDays: IsoDate[];
};
type SeasonItem = {
  id: number;
  slug: string;
  kind: ItemKind;
  appId: Season;
  categoryId: string;
  vatRateBp: number;
  priceCents: number | null;
  name: Translated;
  sizes: string[];
  local: boolean;
};
type SeasonUnit = { id: number; itemId: number; shopId: number; size: string | null; active: boolean };
type SeasonCoupon = Omit<CouponInput, "usesLeft" | "usesLeftForCustomer"> & { id: number; maxUses: number | null };
type SeasonHotel = { id: number; name: string; discountPercent: number; town: string };

export type SeasonCatalogue = {
  shops: SeasonShop[];
  items: SeasonItem[];
  units: SeasonUnit[];
  priceTables: Map<number, PriceTable>;
  /** Jobs a branch takes per day, by `${itemId}:${shopId}`. */
  serviceCapacity: Map<string, number>;
  coupons: SeasonCoupon[];
  hotels: SeasonHotel[];
  seasons: Record<Season, { start: string; end: string }>;
  turnaroundMinutes: number;
  damageWaiverDayCents: number | null;
};

// ---------------------------------------------------------------------------------------------
// What it plans

type PlannedPerson = {
  position: number;
  firstName: string;
  lastName: string;
  heightCm: number | null;
  weightKg: number | null;
  skill: Skill | null;
  shoeSize: number | null;
  ageBand: AgeBand | null;
  age: number | null;
};
export type PlannedLine = {
  person: number | null;
  item: SeasonItem;
  size: string | null;
  quantity: number;
  /** Rental and depot lines: the units it holds, one per piece. */
  unitIds: number[];
  subtotalCents: number;
  totalCents: number;
};
export type PlannedOrder = {
  /** Numbered in order of booking, across the seasons. */
  sequence: number;
  shopId: number;
  appId: Season;
  language: Locale;
  /** The demo's orders are made online or at the counter; partners (the API) make none. */
  source: Exclude<OrderSource, "api">;
  createdAt: Date;
  pickupAt: Date;
  returnAt: Date;
  status: OrderStatus;
  paidAt: Date | null;
  pickedUpAt: Date | null;
  returnedAt: Date | null;
  cancelledAt: Date | null;
  expiresAt: Date | null;
  /** Given back before the booked end (the units are free again after the buffer). */
  returnedEarly: boolean;
  returnNote: string | null;
  note: string | null;
  customer: Customer;
  persons: PlannedPerson[];
  lines: PlannedLine[];
  quote: Quote;
  couponId: number | null;
  hotelId: number | null;
  damageWaiver: boolean;
  method: "card" | "paypal" | "cash";
};
/** A unit out of service for some days (the planner's maintenance block), with the workshop's note. */
export type PlannedBlock = { unitId: number; from: Date; to: Date; note: string };

type Customer = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
};

// ---------------------------------------------------------------------------------------------
// A seeded random sequence (mulberry32): the same seed gives the same season.

type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  chance(p: number): boolean;
};

function randomSequence(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (values) => values[Math.floor(next() * values.length)],
    weighted: (choices) => {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, weight] of choices) {
        r -= weight;
        if (r < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------
// Customers: where they come from, what they are called

type Origin = {
  language: Locale;
  country: string;
  phone: string;
  firstNames: { f: string[]; m: string[]; kids: string[] };
  lastNames: string[];
  towns: [postalCode: string, city: string][];
  streets: string[];
  mail: string;
};

const ORIGINS: [Origin, number][] = [
  [
    {
      language: "de",
      country: "DE",
      phone: "+49 1",
      firstNames: {
        f: ["Anna", "Julia", "Katrin", "Sabine", "Lena", "Miriam", "Stefanie", "Claudia", "Nicole", "Franziska"],
        m: ["Thomas", "Michael", "Stefan", "Andreas", "Markus", "Florian", "Tobias", "Jan", "Matthias", "Christian"],
        kids: ["Emma", "Mia", "Leon", "Paul", "Ben", "Hannah", "Lukas", "Sophie", "Felix", "Marie"],
      },
      lastNames: [
        "Müller",
        "Schmidt",
        "Schneider",
        "Fischer",
        "Weber",
        "Becker",
        "Hoffmann",
        "Schäfer",
        "Koch",
        "Bauer",
        "Richter",
        "Wolf",
      ],
      towns: [
        ["80331", "München"],
        ["70173", "Stuttgart"],
        ["90402", "Nürnberg"],
        ["60311", "Frankfurt am Main"],
        ["50667", "Köln"],
        ["10115", "Berlin"],
        ["86150", "Augsburg"],
      ],
      streets: ["Hauptstraße", "Bahnhofstraße", "Gartenweg", "Lindenstraße", "Schulstraße", "Bergstraße"],
      mail: "example.de",
    },
    30,
  ],
  [
    {
      language: "de",
      country: "AT",
      phone: "+43 6",
      firstNames: {
        f: ["Barbara", "Elisabeth", "Martina", "Verena", "Theresa"],
        m: ["Johann", "Georg", "Wolfgang", "Lukas", "Dominik"],
        kids: ["Valentina", "Jakob", "Anna", "Elias", "Lea"],
      },
      lastNames: ["Gruber", "Huber", "Wagner", "Pichler", "Moser", "Steiner", "Hofer"],
      towns: [
        ["1010", "Wien"],
        ["5020", "Salzburg"],
        ["6020", "Innsbruck"],
        ["4020", "Linz"],
      ],
      streets: ["Kirchengasse", "Hauptplatz", "Mühlweg", "Dorfstraße"],
      mail: "example.at",
    },
    6,
  ],
  [
    {
      language: "it",
      country: "IT",
      phone: "+39 3",
      firstNames: {
        f: ["Giulia", "Francesca", "Chiara", "Sara", "Valentina", "Elena", "Martina", "Alessandra"],
        m: ["Marco", "Luca", "Andrea", "Matteo", "Alessandro", "Davide", "Simone", "Giorgio"],
        kids: ["Sofia", "Leonardo", "Aurora", "Tommaso", "Ginevra", "Riccardo", "Alice", "Edoardo"],
      },
      lastNames: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo"],
      towns: [
        ["20121", "Milano"],
        ["00184", "Roma"],
        ["40121", "Bologna"],
        ["30121", "Venezia"],
        ["37121", "Verona"],
        ["10121", "Torino"],
        ["39100", "Bolzano"],
      ],
      streets: ["Via Roma", "Via Garibaldi", "Corso Italia", "Via Mazzini", "Viale dei Mille", "Via Verdi"],
      mail: "example.it",
    },
    25,
  ],
  [
    {
      language: "nl",
      country: "NL",
      phone: "+31 6",
      firstNames: {
        f: ["Sanne", "Femke", "Lotte", "Anouk", "Eva", "Marloes"],
        m: ["Daan", "Bram", "Joost", "Sander", "Thijs", "Ruben"],
        kids: ["Noah", "Julia", "Sem", "Tess", "Finn", "Saar"],
      },
      lastNames: ["de Jong", "Jansen", "de Vries", "van den Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder"],
      towns: [
        ["1012 AB", "Amsterdam"],
        ["3511 AD", "Utrecht"],
        ["2511 CV", "Den Haag"],
        ["5611 AZ", "Eindhoven"],
        ["9711 LV", "Groningen"],
      ],
      streets: ["Kerkstraat", "Dorpsstraat", "Molenweg", "Stationsweg", "Julianalaan"],
      mail: "example.nl",
    },
    12,
  ],
  [
    {
      language: "be",
      country: "BE",
      phone: "+32 4",
      firstNames: {
        f: ["Lies", "Elke", "Katrien", "Annelies", "Sofie"],
        m: ["Pieter", "Wouter", "Koen", "Bart", "Jeroen"],
        kids: ["Louise", "Lars", "Fien", "Warre", "Nore"],
      },
      lastNames: ["Peeters", "Janssens", "Maes", "Claes", "Wouters", "Goossens", "Willems", "Vermeulen"],
      towns: [
        ["2000", "Antwerpen"],
        ["9000", "Gent"],
        ["3000", "Leuven"],
        ["8000", "Brugge"],
        ["3500", "Hasselt"],
      ],
      streets: ["Kerkstraat", "Stationsstraat", "Molenstraat", "Nieuwstraat", "Kapelstraat"],
      mail: "example.be",
    },
    8,
  ],
  [
    {
      language: "da",
      country: "DK",
      phone: "+45 2",
      firstNames: {
        f: ["Mette", "Camilla", "Louise", "Sofie", "Maria"],
        m: ["Lars", "Mads", "Rasmus", "Søren", "Jesper"],
        kids: ["Freja", "William", "Ida", "Oscar", "Alma"],
      },
      lastNames: ["Nielsen", "Jensen", "Hansen", "Pedersen", "Andersen", "Christensen", "Larsen", "Sørensen"],
      towns: [
        ["1050", "København K"],
        ["8000", "Aarhus C"],
        ["5000", "Odense C"],
        ["9000", "Aalborg"],
      ],
      streets: ["Søndergade", "Vestergade", "Nørregade", "Skovvej", "Strandvejen"],
      mail: "example.dk",
    },
    8,
  ],
  [
    {
      language: "en",
      country: "GB",
      phone: "+44 7",
      firstNames: {
        f: ["Emily", "Charlotte", "Sophie", "Hannah", "Lucy"],
        m: ["James", "Oliver", "Thomas", "Daniel", "George"],
        kids: ["Olivia", "Harry", "Amelia", "Jack", "Isla"],
      },
      lastNames: ["Smith", "Jones", "Taylor", "Brown", "Wilson", "Evans", "Johnson", "Walker"],
      towns: [
        ["SW1A 1AA", "London"],
        ["M1 1AE", "Manchester"],
        ["EH1 1YZ", "Edinburgh"],
        ["BS1 4DJ", "Bristol"],
      ],
      streets: ["High Street", "Church Road", "Station Road", "Park Lane", "Victoria Road"],
      mail: "example.co.uk",
    },
    11,
  ],
];

/** Letters an e-mail address keeps: accents taken off, spaces and the rest dropped. */
function mailPart(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/å/g, "a")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

// ---------------------------------------------------------------------------------------------
// The season curve: orders a day across the branches

/** Month-day "MM-DD" between `start` and `end` of a season, the season possibly running over New Year. */
function inSeason(date: IsoDate, season: { start: string; end: string }): boolean {
  const md = date.slice(5);
  return season.start <= season.end ? md >= season.start && md <= season.end : md >= season.start || md <= season.end;
}

/** Winter rental orders expected on a day (all branches): the ski weeks' rhythm of a Dolomite valley. */
function winterDemand(date: IsoDate): number {
  const md = date.slice(5);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  // Saturday is arrival day; Sunday the second one.
  const week = weekday === 6 ? 1.7 : weekday === 0 ? 1.3 : 0.85;
  let base: number;
  if (md >= "12-01" && md < "12-08") base = 10;
  else if (md >= "12-08" && md < "12-20") base = 15;
  else if (md >= "12-20" || md < "01-07") base = 44;
  else if (md < "02-01") base = 18;
  else if (md < "03-08") base = 34;
  else if (md < "04-01") base = 15;
  else base = 6;
  return base * week;
}

/** E-bike orders expected on a day: the summer holidays, and the golden autumn weeks. */
function summerDemand(date: IsoDate): number {
  const md = date.slice(5);
  if (md < "06-15") return 2.5;
  if (md < "07-10") return 5;
  if (md < "08-31") return 8;
  if (md < "09-30") return 5;
  return 3;
}

/** Ski service jobs brought in on a day: skis are tuned before the season and over it. */
function serviceDemand(date: IsoDate): number {
  const md = date.slice(5);
  if (md >= "10-15" && md < "12-15") return 4.5;
  if (md >= "12-15" || md < "04-15") return 2;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Units: who has which when

type Booking = { from: number; to: number };

/** The units of the shop and what they are booked for, so no unit is given twice at once. */
class UnitBook {
  private readonly byKey = new Map<string, SeasonUnit[]>();
  private readonly busy = new Map<number, Booking[]>();

  constructor(units: SeasonUnit[]) {
    for (const unit of units) {
      if (!unit.active) continue;
      const key = `${unit.itemId}:${unit.size ?? ""}`;
      const list = this.byKey.get(key) ?? [];
      list.push(unit);
      this.byKey.set(key, list);
    }
  }

  /** Free units of an item and size for [from, to): the branch's own first, then any other branch allowed. */
  take(itemId: number, size: string | null, shopId: number, quantity: number, from: number, to: number, local: boolean): number[] | null {
    const units = this.byKey.get(`${itemId}:${size ?? ""}`) ?? [];
    const ordered = [...units.filter((u) => u.shopId === shopId), ...(local ? [] : units.filter((u) => u.shopId !== shopId))];
    const chosen: number[] = [];
    for (const unit of ordered) {
      if (chosen.length === quantity) break;
      const bookings = this.busy.get(unit.id) ?? [];
      if (bookings.every((b) => b.to <= from || b.from >= to)) chosen.push(unit.id);
    }
    if (chosen.length < quantity) return null;
    for (const id of chosen) {
      const bookings = this.busy.get(id) ?? [];
      bookings.push({ from, to });
      this.busy.set(id, bookings);
    }
    return chosen;
  }

  /** Books one unit for [from, to) when it is free then (a maintenance block); false when it is not. */
  block(unitId: number, from: number, to: number): boolean {
    const bookings = this.busy.get(unitId) ?? [];
    if (!bookings.every((b) => b.to <= from || b.from >= to)) return false;
    bookings.push({ from, to });
    this.busy.set(unitId, bookings);
    return true;
  }

  /** Gives a booking back (an order that will be cancelled or expire releases what it held). */
  release(unitIds: number[], from: number) {
    for (const id of unitIds) {
      const bookings = this.busy.get(id);
      if (!bookings) continue;
      const at = bookings.findIndex((b) => b.from === from);
      if (at >= 0) bookings.splice(at, 1);
    }
  }

  /** Shortens a booking to end at `to` (returned early). */
  shorten(unitIds: number[], from: number, to: number) {
    for (const id of unitIds) {
      const booking = this.busy.get(id)?.find((b) => b.from === from);
      if (booking) booking.to = Math.max(booking.from + 60_000, Math.min(booking.to, to));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The planner

const HOUR = 3_600_000;
/** Orders planned from 60 days before today to 60 days after, before sold-out days turn some away. */
const ORDERS_AROUND_TODAY = 2000;
const WORKSHOP_NOTES = [
  "Base grind and edge tuning",
  "Binding check after a fall",
  "New brake pads",
  "Boot buckle replaced",
  "Hot wax before the holidays",
  "Battery check on the e-bike",
];
const DAMAGE_NOTES = [
  "Scratch on the base of the left ski, customer informed",
  "Edge damage on one ski, sent to the workshop",
  "Helmet visor cracked",
  "Boot buckle broken",
  "Binding screw loose, checked and fixed",
  "Brake lever bent on the e-bike",
  "Missing ski pole basket",
];

export function planSeason(catalogue: SeasonCatalogue, now: Date, seed = 20261126): { orders: PlannedOrder[]; blocks: PlannedBlock[] } {
  const random = randomSequence(seed);
  const today = zonedDate(now);
  const book = new UnitBook(catalogue.units);
  const bySlug = new Map(catalogue.items.map((item) => [item.slug, item]));
  const item = (slug: string) => bySlug.get(slug);
  const serviceUsed = new Map<string, number>();
  const couponUses = new Map<number, number>();
  const orders: PlannedOrder[] = [];
  const buffer = catalogue.turnaroundMinutes * 60_000;

  const opensOn = (shop: SeasonShop, appId: Season, date: IsoDate) => {
    if (!shop.appIds.includes(appId) || shop.closedDays.includes(date)) return false;
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    return shop.weekdays[appId]?.includes(weekday) ?? false;
  };
  const shopWeights = (appId: Season, date: IsoDate): [SeasonShop, number][] =>
    catalogue.shops
      .filter((shop) => opensOn(shop, appId, date))
      .map((shop) => [shop, shop.slug === "plan-da-sera" ? 4 : shop.slug === "ciaslin" ? 4 : 2]);

  const customerFrom = (origin: Origin, n: number): Customer => {
    const female = random.chance(0.5);
    const firstName = random.pick(female ? origin.firstNames.f : origin.firstNames.m);
    const lastName = random.pick(origin.lastNames);
    const [postalCode, city] = random.pick(origin.towns);
    return {
      firstName,
      lastName,
      email: `${mailPart(firstName)}.${mailPart(lastName)}${n}@${origin.mail}`,
      phone: `${origin.phone}${String(random.int(10_000_000, 99_999_999))}`,
      street: `${random.pick(origin.streets)} ${random.int(1, 120)}`,
      postalCode,
      city,
      country: origin.country,
    };
  };

  /** The group that comes in: a couple, a family with children, friends, someone alone. */
  const personsFor = (origin: Origin, customer: Customer, appId: Season): PlannedPerson[] => {
    const kind = random.weighted([
      ["alone", 3],
      ["couple", 4],
      ["family", appId === "winter" ? 5 : 2],
      ["friends", 2],
    ] as const);
    const adults = kind === "alone" ? 1 : kind === "friends" ? random.int(3, 4) : 2;
    const children = kind === "family" ? random.int(1, 3) : 0;
    const persons: PlannedPerson[] = [];
    for (let i = 0; i < adults; i++) {
      const female = i === 0 ? origin.firstNames.f.includes(customer.firstName) : random.chance(0.5);
      const heightCm = female ? random.int(158, 178) : random.int(170, 192);
      persons.push({
        position: persons.length,
        firstName: i === 0 ? customer.firstName : random.pick(female ? origin.firstNames.f : origin.firstNames.m),
        lastName: kind === "friends" && i > 0 ? random.pick(origin.lastNames) : customer.lastName,
        heightCm,
        weightKg: Math.round((heightCm - 100) * (female ? 0.9 : 1.0) + random.int(-6, 10)),
        skill: random.weighted([
          ["beginner", 2],
          ["intermediate", 5],
          ["expert", 3],
        ] as const),
        shoeSize: Math.round((heightCm - 100) / 2 - random.int(-1, 1)),
        ageBand: "adult",
        // Drawn from the measures rather than from the random stream, so the rest of the season stays as it was.
        age: 19 + ((heightCm * 7 + i * 13) % 48),
      });
    }
    for (let i = 0; i < children; i++) {
      const heightCm = random.int(105, 160);
      persons.push({
        position: persons.length,
        firstName: random.pick(origin.firstNames.kids),
        lastName: customer.lastName,
        heightCm,
        weightKg: Math.round(heightCm / 4.5 + random.int(-2, 6)),
        skill: random.weighted([
          ["beginner", 4],
          ["intermediate", 3],
          ["expert", 1],
        ] as const),
        shoeSize: Math.max(26, Math.min(35, Math.round(heightCm / 4.6))),
        ageBand: heightCm < 140 ? "child" : "youth",
        age: Math.min(16, Math.max(4, Math.round((heightCm - 75) / 6))),
      });
    }
    return persons;
  };

  /** The size of a sized item nearest to what the person measures. */
  const sizeFor = (it: SeasonItem, target: number): string | null => {
    if (it.sizes.length === 0) return null;
    const numeric = it.sizes.map(Number);
    if (numeric.every((n) => Number.isFinite(n))) {
      let best = 0;
      for (let i = 1; i < numeric.length; i++) if (Math.abs(numeric[i] - target) < Math.abs(numeric[best] - target)) best = i;
      return it.sizes[best];
    }
    // Letter sizes (helmets, e-bike frames): small, medium and large people.
    const index = Math.max(0, Math.min(it.sizes.length - 1, Math.floor(((target - 150) / 45) * it.sizes.length)));
    return it.sizes[index];
  };

  type Wanted = { person: number | null; item: SeasonItem; size: string | null; quantity: number };

  const winterKit = (persons: PlannedPerson[]): Wanted[] => {
    const wanted: Wanted[] = [];
    for (const p of persons) {
      const height = p.heightCm ?? 170;
      const child = p.ageBand !== "adult";
      if (!child && random.chance(0.12)) continue; // brings their own, comes along for the service or the depot
      const board = random.chance(child ? 0.12 : 0.2);
      let ride: SeasonItem | undefined;
      if (board)
        ride = item(
          child
            ? "snowboard-junior"
            : p.skill === "expert"
              ? random.pick(["snowboard-all-mountain", "snowboard-freestyle-pro"])
              : "snowboard-easy-ride",
        );
      else if (child) ride = item(p.skill === "beginner" ? "ski-junior-easy" : "ski-junior-race");
      else
        ride = item(
          p.skill === "beginner"
            ? "ski-easy-carve"
            : p.skill === "intermediate"
              ? "ski-all-mountain"
              : random.pick(["ski-race-pro", "ski-freeride-powder", "ski-all-mountain"]),
        );
      if (ride) wanted.push({ person: p.position, item: ride, size: sizeFor(ride, board ? height - 18 : height - 8), quantity: 1 });
      if (random.chance(0.8)) {
        const boots = item(
          board ? "snowboard-boots" : child ? "ski-boots-junior" : p.skill === "expert" ? "ski-boots-sport" : "ski-boots-comfort",
        );
        if (boots) wanted.push({ person: p.position, item: boots, size: sizeFor(boots, p.shoeSize ?? 40), quantity: 1 });
      }
      if (child || random.chance(0.55)) {
        const helmet = item(child ? "ski-helmet-kids" : "ski-helmet");
        if (helmet) wanted.push({ person: p.position, item: helmet, size: sizeFor(helmet, height), quantity: 1 });
      }
    }
    if (persons.some((p) => p.ageBand === "child") && random.chance(0.15)) {
      const sled = item(random.pick(["sled-wooden", "bob-kids"]));
      if (sled) wanted.push({ person: null, item: sled, size: null, quantity: 1 });
    }
    if (random.chance(0.1)) {
      const locker = item("depot-locker-day");
      if (locker) wanted.push({ person: null, item: locker, size: null, quantity: 1 });
    }
    return wanted;
  };

  const summerKit = (persons: PlannedPerson[]): Wanted[] => {
    const wanted: Wanted[] = [];
    for (const p of persons) {
      const height = p.heightCm ?? 170;
      const child = p.ageBand !== "adult";
      const bike = item(
        child
          ? height < 145
            ? "ebike-junior-24"
            : "ebike-junior-26"
          : random.pick([
              "ebike-fully-trail",
              "ebike-hardtail-tour",
              "ebike-hardtail-tour",
              "ebike-hardtail-sport",
              "ebike-trekking-comfort",
            ]),
      );
      if (bike) wanted.push({ person: p.position, item: bike, size: sizeFor(bike, height), quantity: 1 });
      const helmet = item(child ? "bike-helmet-kids" : "bike-helmet");
      if (helmet && (child || random.chance(0.7)))
        wanted.push({ person: p.position, item: helmet, size: sizeFor(helmet, height), quantity: 1 });
    }
    return wanted;
  };

  const services = catalogue.items.filter((i) => i.kind === "service");
  const sales = catalogue.items.filter((i) => i.kind === "sale" && i.appId === "winter");

  /** Plans one order; null when nothing it wanted could be had. */
  const planOrder = (appId: Season, shop: SeasonShop, pickupDate: IsoDate, kind: "rental" | "service" | "sale" | "seasonLocker") => {
    const origin = random.weighted(ORIGINS);
    const counter = kind === "sale" || (kind === "service" ? random.chance(0.7) : random.chance(0.28));
    const customer = customerFrom(origin, orders.length + 1);
    let persons: PlannedPerson[] = [];
    let wanted: Wanted[] = [];
    let returnDate = pickupDate;
    let pickupTime = random.pick(["08:30", "09:00", "09:00", "09:30", "10:00", "11:00"]);
    let returnTime = random.pick(["16:30", "17:00", "17:00", "17:30", "18:00"]);
    if (kind === "rental") {
      persons = personsFor(origin, customer, appId);
      const days =
        appId === "winter"
          ? random.weighted([
              [1, 2],
              [2, 2],
              [3, 3],
              [4, 2],
              [5, 3],
              [6, 6],
              [7, 2],
            ] as const)
          : random.weighted([
              [1, 6],
              [2, 3],
              [3, 2],
              [5, 1],
            ] as const);
      returnDate = addDays(pickupDate, days - 1);
      wanted = appId === "winter" ? winterKit(persons) : summerKit(persons);
    } else if (kind === "service") {
      const jobs = random.int(1, 3);
      for (let j = 0; j < jobs; j++)
        wanted.push({
          person: null,
          item: random.weighted(services.map((s) => [s, s.slug === "service-full" ? 3 : 2] as const)),
          size: null,
          quantity: 1,
        });
      returnDate = addDays(pickupDate, random.chance(0.6) ? 1 : 2);
      pickupTime = random.pick(["09:00", "10:00", "11:00", "15:00", "17:00"]);
    } else if (kind === "seasonLocker") {
      const locker = item("depot-locker-season");
      if (locker) wanted.push({ person: null, item: locker, size: null, quantity: 1 });
      const season = catalogue.seasons.winter;
      const seasonYear = Number(pickupDate.slice(0, 4)) + (pickupDate.slice(5) > season.end ? 1 : 0);
      returnDate = `${seasonYear}-${season.end}`;
      pickupTime = "09:00";
      returnTime = "17:00";
    } else {
      const n = random.int(1, 3);
      for (let j = 0; j < n; j++) {
        const sale = random.pick(sales);
        wanted.push({
          person: null,
          item: sale,
          size: sale.sizes.length ? random.pick(sale.sizes) : null,
          quantity: random.chance(0.2) ? 2 : 1,
        });
      }
      returnDate = pickupDate;
      returnTime = pickupTime;
    }
    const pickupAt = zonedInstant(pickupDate, pickupTime);
    // A sale at the counter is over in minutes; an order's period is never empty.
    const returnAt = kind === "sale" ? new Date(pickupAt.getTime() + 30 * 60_000) : zonedInstant(returnDate, returnTime);
    if (returnAt <= pickupAt) return null;
    // Walk-in sales and service drop-offs happen when they happen: after now they are not there yet.
    if (counter && pickupAt > now) return null;

    const from = pickupAt.getTime();
    const to = returnAt.getTime() + buffer;
    const lines: PlannedLine[] = [];
    for (const want of wanted) {
      if (want.item.kind === "rental" || want.item.kind === "depot") {
        const unitIds = book.take(want.item.id, want.size, shop.id, want.quantity, from, to, want.item.local);
        if (!unitIds) continue;
        lines.push({ ...want, unitIds, subtotalCents: 0, totalCents: 0 });
      } else if (want.item.kind === "service") {
        const key = `${want.item.id}:${shop.id}:${pickupDate}`;
        const used = serviceUsed.get(key) ?? 0;
        if (used + want.quantity > (catalogue.serviceCapacity.get(`${want.item.id}:${shop.id}`) ?? 0)) continue;
        serviceUsed.set(key, used + want.quantity);
        lines.push({ ...want, unitIds: [], subtotalCents: 0, totalCents: 0 });
      } else {
        lines.push({ ...want, unitIds: [], subtotalCents: 0, totalCents: 0 });
      }
    }
    if (lines.length === 0) return null;
    const personsUsed = new Set(lines.map((l) => l.person));
    // Persons with nothing to rent (sold out for them) are not on the order; lines follow their new places.
    const kept = persons.filter((p) => personsUsed.has(p.position));
    const place = new Map(kept.map((p, i) => [p.position, i]));
    for (const line of lines) line.person = line.person === null ? null : (place.get(line.person) ?? null);
    persons = kept.map((p, i) => ({ ...p, position: i }));

    // When it was booked: online days or weeks ahead (never after now), at the counter on the day.
    const lead = counter
      ? 0
      : random.weighted([
          [0, 1],
          [1, 2],
          [3, 3],
          [7, 3],
          [14, 3],
          [30, 2],
          [50, 1],
        ] as const);
    // A booking for a day further ahead than its lead was made before today, spread over the last weeks.
    const ahead = Math.max(0, Math.ceil((from - now.getTime()) / (24 * HOUR)));
    const days = lead >= ahead ? lead : ahead + random.int(0, 40);
    let createdAt = new Date(from - days * 24 * HOUR - random.int(1, 10 * 60) * 60_000);
    if (counter) createdAt = new Date(from - random.int(2, 40) * 60_000);
    if (createdAt > now) createdAt = new Date(now.getTime() - random.int(30, 24 * 60) * 60_000);

    const hotel = !counter && kind === "rental" && random.chance(0.14) ? random.pick(catalogue.hotels) : null;
    const damageWaiver = kind === "rental" && catalogue.damageWaiverDayCents !== null && random.chance(0.35);
    const priceOf = (coupon: SeasonCoupon | null) =>
      quoteRental({
        lines: lines.map(
          (line, i): QuoteLineInput => ({
            key: String(i),
            itemId: line.item.id,
            appId: line.item.appId,
            categoryId: line.item.categoryId,
            kind: line.item.kind,
            vatRateBp: line.item.vatRateBp,
            quantity: line.quantity,
            priceTable: catalogue.priceTables.get(line.item.id) ?? null,
            unitPriceCents: line.item.priceCents,
          }),
        ),
        period: { pickupDate, returnDate },
        now: createdAt,
        today: zonedDate(createdAt),
        coupon: coupon ? { ...coupon, usesLeft: null, usesLeftForCustomer: null } : null,
        hotel: hotel ? { name: hotel.name, discountPercent: hotel.discountPercent } : null,
        damageWaiver:
          catalogue.damageWaiverDayCents !== null && kind === "rental"
            ? { dayCents: catalogue.damageWaiverDayCents, chosen: damageWaiver }
            : null,
      });
    let coupon: SeasonCoupon | null = null;
    let quote = priceOf(null);
    if (!counter && kind === "rental" && random.chance(0.16)) {
      const candidate = random.pick(catalogue.coupons);
      const left = candidate.maxUses === null || (couponUses.get(candidate.id) ?? 0) < candidate.maxUses;
      const tried = left ? priceOf(candidate) : null;
      if (tried?.coupon?.applied) {
        coupon = candidate;
        quote = tried;
      }
    }
    lines.forEach((line, i) => {
      line.subtotalCents = quote.lines[i].subtotalCents;
      line.totalCents = quote.lines[i].totalCents;
    });

    const order: PlannedOrder = {
      sequence: 0,
      shopId: shop.id,
      appId,
      language: origin.language,
      source: counter ? "counter" : "online",
      createdAt,
      pickupAt,
      returnAt,
      status: "paid",
      paidAt: new Date(createdAt.getTime() + random.int(1, 6) * 60_000),
      pickedUpAt: null,
      returnedAt: null,
      cancelledAt: null,
      expiresAt: null,
      returnedEarly: false,
      returnNote: null,
      note: null,
      customer,
      persons,
      lines,
      quote,
      couponId: coupon?.id ?? null,
      hotelId: hotel?.id ?? null,
      damageWaiver,
      method: counter
        ? random.pick(["card", "cash"] as const)
        : random.weighted([
            ["card", 4],
            ["paypal", 1],
          ] as const),
    };
    settle(order, kind);
    if (order.couponId !== null && standing(order.status)) couponUses.set(order.couponId, (couponUses.get(order.couponId) ?? 0) + 1);
    orders.push(order);
    return order;
  };

  /** What became of the order by now, from its dates: the states a season leaves behind. */
  const settle = (order: PlannedOrder, kind: "rental" | "service" | "sale" | "seasonLocker") => {
    const units = order.lines.flatMap((l) => l.unitIds);
    const from = order.pickupAt.getTime();
    const release = () => book.release(units, from);
    if (kind === "sale") {
      order.status = "returned";
      order.pickedUpAt = order.paidAt;
      order.returnedAt = order.paidAt;
      return;
    }
    const started = order.pickupAt <= now;
    const ended = order.returnAt <= now;
    const r = random.next();
    if (order.source === "online" && r < 0.04) {
      // Cancelled in time: paid and refunded in full, the units free again.
      order.status = "refunded";
      order.cancelledAt = new Date(Math.min(now.getTime(), order.createdAt.getTime() + (from - order.createdAt.getTime()) * random.next()));
      release();
      return;
    }
    if (order.source === "online" && r < 0.075) {
      // Left at the payment page: the hold ran out.
      order.status = "expired";
      order.paidAt = null;
      order.expiresAt = new Date(order.createdAt.getTime() + 30 * 60_000);
      release();
      return;
    }
    if (!started) return; // paid, waiting for its day
    if (order.source === "online" && r < 0.09 && kind === "rental") {
      // Never came: the equipment stayed on the shelf and the shop kept the money.
      order.note = "No-show: the customer did not come to pick up.";
      return;
    }
    order.status = "picked_up";
    order.pickedUpAt = new Date(from + random.int(-15, 40) * 60_000);
    if (!ended) return;
    // Overdue: due back within the last two days and not here yet.
    if (now.getTime() - order.returnAt.getTime() < 48 * HOUR && random.chance(0.12)) return;
    order.status = "returned";
    const days = Math.round((order.returnAt.getTime() - from) / (24 * HOUR));
    if (kind === "rental" && days >= 3 && random.chance(0.07)) {
      // Back early (bad weather, a sprained knee): the units are free after the buffer.
      order.returnedAt = new Date(order.returnAt.getTime() - random.int(1, days - 1) * 24 * HOUR);
      order.returnedEarly = true;
      order.returnNote = "Returned early";
      book.shorten(units, from, order.returnedAt.getTime() + buffer);
    } else {
      order.returnedAt = new Date(order.returnAt.getTime() + random.int(-90, 30) * 60_000);
    }
    if (kind === "rental" && random.chance(0.05)) order.returnNote = random.pick(DAMAGE_NOTES);
  };

  const demandOn = (date: IsoDate) => {
    const kinds: [Season, "rental" | "service" | "sale", number][] = [];
    if (inSeason(date, catalogue.seasons.winter)) kinds.push(["winter", "rental", winterDemand(date)]);
    if (inSeason(date, catalogue.seasons.summer)) kinds.push(["summer", "rental", summerDemand(date)]);
    kinds.push(["winter", "service", serviceDemand(date)]);
    if (inSeason(date, catalogue.seasons.winter) || date.slice(5) >= "10-15") kinds.push(["winter", "sale", 0.6]);
    return kinds;
  };
  const plan = (first: IsoDate, last: IsoDate, scale: number) => {
    for (let date = first; date <= last; date = addDays(date, 1)) {
      for (const [appId, kind, demand] of demandOn(date)) {
        const weights = shopWeights(appId, date);
        if (weights.length === 0 || demand <= 0) continue;
        // Demand varies day by day around the curve.
        const mean = demand * scale * (0.75 + random.next() * 0.5);
        // Rounded at random, so a kind expected half a time a day comes every other day rather than never.
        const count = Math.floor(mean) + (random.chance(mean - Math.floor(mean)) ? 1 : 0);
        for (let n = 0; n < count; n++) planOrder(appId, random.weighted(weights), date, kind);
      }
    }
  };

  // Units in the workshop for a few days around today, booked first so no order is given them then. A block
  // runs from midnight of its first day to midnight after its last, as the planner writes them.
  const blocks: PlannedBlock[] = [];
  const rentalUnits = catalogue.units.filter((u) => u.active && catalogue.items.some((i) => i.id === u.itemId && i.kind === "rental"));
  for (let n = 0; n < 12 && rentalUnits.length > 0; n++) {
    const unit = random.pick(rentalUnits);
    const first = addDays(today, random.int(-3, 20));
    const from = zonedInstant(first, "00:00");
    const to = zonedInstant(addDays(first, random.int(1, 3)), "00:00");
    if (book.block(unit.id, from.getTime(), to.getTime())) blocks.push({ unitId: unit.id, from, to, note: random.pick(WORKSHOP_NOTES) });
  }

  // Season lockers are booked before the winter for all of it.
  const seasonStart = (() => {
    const { start, end } = catalogue.seasons.winter;
    const year = Number(today.slice(0, 4));
    const thisYear = `${year}-${start}`;
    return today.slice(5) <= end ? `${year - 1}-${start}` : thisYear;
  })();
  const lockersFrom = daysBetween(seasonStart, today) > 200 ? `${Number(seasonStart.slice(0, 4)) + 1}${seasonStart.slice(4)}` : seasonStart;
  for (const shop of catalogue.shops.filter((s) => s.appIds.includes("winter"))) {
    const lockers = catalogue.units.filter((u) => u.shopId === shop.id && u.itemId === item("depot-locker-season")?.id).length;
    for (let n = 0; n < Math.round(lockers * 0.7); n++) planOrder("winter", shop, lockersFrom, "seasonLocker");
  }

  // About ORDERS_AROUND_TODAY orders whatever the day: the curve's shape, scaled to that (a quiet month gets
  // busier than it would be, the peak a little quieter; sold-out days turn some away).
  let expected = 0;
  for (let date = addDays(today, -60); date <= addDays(today, 60); date = addDays(date, 1))
    for (const [, , demand] of demandOn(date)) expected += demand;
  const scale = Math.min(3, Math.max(0.3, ORDERS_AROUND_TODAY / Math.max(1, expected)));
  plan(addDays(today, -60), addDays(today, 60), scale);
  // The same fortnight of last season, for this week against last season's.
  plan(addDays(today, -371), addDays(today, -357), scale * 0.9);
  // Early bookers of next summer's e-bikes.
  const summer = catalogue.seasons.summer;
  const nextSummer = `${Number(today.slice(0, 4)) + (today.slice(5) > summer.start ? 1 : 0)}-${summer.start}`;
  for (let n = 0; n < 60; n++) {
    const date = addDays(nextSummer, random.int(20, 110));
    const weights = shopWeights("summer", date);
    if (weights.length > 0) planOrder("summer", random.weighted(weights), date, "rental");
  }

  // A few checkouts going on right now: held, waiting for payment.
  for (let n = 0; n < 4; n++) {
    const date = addDays(today, random.int(8, 40));
    const appId: Season = inSeason(date, catalogue.seasons.winter) ? "winter" : "summer";
    const weights = shopWeights(appId, date);
    if (weights.length === 0) continue;
    const order = planOrder(appId, random.weighted(weights), date, "rental");
    if (order?.status !== "paid") continue;
    order.source = "online";
    order.createdAt = new Date(now.getTime() - random.int(2, 20) * 60_000);
    order.status = "pending_payment";
    order.paidAt = null;
    order.expiresAt = new Date(order.createdAt.getTime() + 30 * 60_000);
  }

  orders.sort((a, b) => +a.createdAt - +b.createdAt);
  orders.forEach((order, i) => {
    order.sequence = i + 1;
  });
  return { orders, blocks };
}

/**
 * An order still standing: waiting for payment or paid. It keeps its units and its coupon use; a cancelled,
 * expired or refunded one has given both back.
 */
export function standing(status: OrderStatus): boolean {
  return status === "pending_payment" || isPaid(status);
}

/** Money as the order stores it per line: the unit price is the line's subtotal per piece. */
export function unitPrice(line: PlannedLine): number {
  return roundCents(line.subtotalCents / line.quantity);
}
