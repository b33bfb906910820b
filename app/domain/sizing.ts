/**
 * Size recommendations from a person's body data (docs/architecture.md §5 Person) for the item sizing rules of the
 * `sizing` enum. Pure: no I/O. Every figure and its source is in docs/decisions/007-sizing.md; most are
 * rental-chart conventions, not measurements, so the result is a first guess the customer can change.
 */
import { type SizingKind, SKILLS, type Skill } from "./vocabulary";

export type Body = { heightCm?: number | null; weightKg?: number | null; skill?: Skill | null; shoeSizeEu?: number | null };

export type EbikeFrame = "XS" | "S" | "M" | "L" | "XL";

/** Without a stated skill the beginner rule applies: it gives the shorter, easier-to-turn length. */
const DEFAULT_SKILL: Skill = "beginner";

/** Below this height (cm) the children's ski rule applies and no weight adjustment is made. */
export const CHILD_HEIGHT_CM = 140;

/** Ski length = height + offset (cm), by skill; adults and children. */
const SKI_OFFSET_CM: Record<"adult" | "child", Record<Skill, number>> = {
  adult: { beginner: -18, intermediate: -10, expert: 0 },
  child: { beginner: -20, intermediate: -15, expert: -10 },
};

/** Snowboard length = height + offset (cm), by skill, for everyone. */
const SNOWBOARD_OFFSET_CM: Record<Skill, number> = { beginner: -25, intermediate: -20, expert: -15 };

const SKI_RANGE_CM = { min: 70, max: 200 } as const;
const SNOWBOARD_RANGE_CM = { min: 90, max: 175 } as const;

/** Adults (height >= CHILD_HEIGHT_CM) lighter or heavier than this body-mass index band get -/+ WEIGHT_STEP_CM. */
const BMI_LIGHT_BELOW = 20;
const BMI_HEAVY_FROM = 28;
const WEIGHT_STEP_CM = 5;

/** E-bike frame by rider height: the frame applies below each upper bound (cm); XL above the last. */
const EBIKE_FRAME_BANDS: readonly { below: number; frame: EbikeFrame }[] = [
  { below: 155, frame: "XS" },
  { below: 165, frame: "S" },
  { below: 175, frame: "M" },
  { below: 185, frame: "L" },
];

/** Helmet size by height, a fallback because head circumference is not asked for. */
const HELMET_BANDS: readonly { below: number; size: string }[] = [
  { below: 115, size: "XS" },
  { below: 150, size: "S" },
  { below: 180, size: "M" },
];
const HELMET_LARGEST = "L";

/** Clothing (jackets, trousers, gloves) by height; one size up from BMI_HEAVY_FROM. */
const CLOTHING_BANDS: readonly { below: number; size: string }[] = [
  { below: 160, size: "XS" },
  { below: 170, size: "S" },
  { below: 178, size: "M" },
  { below: 186, size: "L" },
  { below: 194, size: "XL" },
];
const CLOTHING_LARGEST = "XXL";

/** Letter sizes, smallest first. */
const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const;

/** A positive finite number, else null (missing, zero, negative or NaN count as unknown). */
function known(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

function skillOf(body: Body): Skill {
  return body.skill && SKILLS.includes(body.skill) ? body.skill : DEFAULT_SKILL;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Rounds to the nearest half (x.0 or x.5). */
export function roundHalf(value: number): number {
  return Math.round(value * 2) / 2;
}

/** Body-mass index (kg/m²), or null without both height and weight. */
function bodyMassIndex(body: Body): number | null {
  const height = known(body.heightCm);
  const weight = known(body.weightKg);
  if (height === null || weight === null) return null;
  return weight / (height / 100) ** 2;
}

/** -WEIGHT_STEP_CM for a light adult, +WEIGHT_STEP_CM for a heavy adult, else 0 (also for children and unknown weight). */
export function weightAdjustmentCm(body: Body): number {
  const height = known(body.heightCm);
  const bmi = bodyMassIndex(body);
  if (height === null || height < CHILD_HEIGHT_CM || bmi === null) return 0;
  if (bmi < BMI_LIGHT_BELOW) return -WEIGHT_STEP_CM;
  if (bmi >= BMI_HEAVY_FROM) return WEIGHT_STEP_CM;
  return 0;
}

/** Recommended ski length (whole cm, 70..200), or null when the height is unknown. */
export function recommendSkiLengthCm(body: Body): number | null {
  const height = known(body.heightCm);
  if (height === null) return null;
  const offsets = height < CHILD_HEIGHT_CM ? SKI_OFFSET_CM.child : SKI_OFFSET_CM.adult;
  const length = height + offsets[skillOf(body)] + weightAdjustmentCm(body);
  return clamp(Math.round(length), SKI_RANGE_CM.min, SKI_RANGE_CM.max);
}

/** Recommended snowboard length (whole cm, 90..175), or null when the height is unknown. */
export function recommendSnowboardLengthCm(body: Body): number | null {
  const height = known(body.heightCm);
  if (height === null) return null;
  const length = height + SNOWBOARD_OFFSET_CM[skillOf(body)] + weightAdjustmentCm(body);
  return clamp(Math.round(length), SNOWBOARD_RANGE_CM.min, SNOWBOARD_RANGE_CM.max);
}

/** E-bike frame size for a rider height (cm); "M" when the height is not a finite number. */
export function recommendEbikeFrame(heightCm: number): EbikeFrame {
  if (!Number.isFinite(heightCm)) return "M";
  return EBIKE_FRAME_BANDS.find((band) => heightCm < band.below)?.frame ?? "XL";
}

// ---------------------------------------------------------------------------------------------
// Boots. One chart, derived from EU (Paris points) so that every conversion is consistent:
//   UK (adult) = EU / 1.27 - 25, US men = UK + 1, US women = UK + 2.5, Mondopoint (cm) = EU × 2/3 - 1.
// Below UK adult 1 the UK figure is on the children's scale (adult + 13), below US 1 the US figure is on
// the children's "C" scale (adult + 13). Children's sizes are unisex: there US women = US men.

const EU_PER_UK = 1.27;
const UK_ADULT_OFFSET = 25;
const US_MEN_OVER_UK = 1;
const US_WOMEN_OVER_US_MEN = 1.5;
const CHILD_SCALE_OFFSET = 13;

/** UK size on the adult scale, to halves (may be 0 or negative for children's sizes). */
function ukAdultFromEu(eu: number): number {
  return roundHalf(eu / EU_PER_UK - UK_ADULT_OFFSET);
}

/** Mondopoint (foot length, cm, to halves) for an EU size. */
export function mondoFromEu(eu: number): number {
  return roundHalf((eu * 2) / 3 - 1);
}

/** Whether the UK and the US figures of an EU size are on the children's scales. */
export function childBootScales(eu: number): { uk: boolean; us: boolean } {
  const ukAdult = ukAdultFromEu(eu);
  return { uk: ukAdult < 1, us: ukAdult + US_MEN_OVER_UK < 1 };
}

/** An EU size in UK, US men, US women and Mondopoint (cm), each to halves. */
export function bootSizes(eu: number): { eu: number; uk: number; usMen: number; usWomen: number; mondo: number } {
  const ukAdult = ukAdultFromEu(eu);
  const usAdult = ukAdult + US_MEN_OVER_UK;
  const child = childBootScales(eu);
  const usMen = child.us ? usAdult + CHILD_SCALE_OFFSET : usAdult;
  return {
    eu: roundHalf(eu),
    uk: child.uk ? ukAdult + CHILD_SCALE_OFFSET : ukAdult,
    usMen,
    usWomen: child.uk ? usMen : usAdult + US_WOMEN_OVER_US_MEN,
    mondo: mondoFromEu(eu),
  };
}

/** The whole EU size for a Mondopoint length (cm). */
export function euFromMondo(mondo: number): number {
  return Math.round((mondo + 1) * 1.5);
}

/** The whole EU size for a UK size (`child` = on the UK children's scale). */
export function euFromUk(uk: number, child = false): number {
  const ukAdult = child ? uk - CHILD_SCALE_OFFSET : uk;
  return Math.round((ukAdult + UK_ADULT_OFFSET) * EU_PER_UK);
}

/** The whole EU size for a US men's size (`child` = on the US children's "C" scale). */
export function euFromUsMen(usMen: number, child = false): number {
  const usAdult = child ? usMen - CHILD_SCALE_OFFSET : usMen;
  return euFromUk(usAdult - US_MEN_OVER_UK);
}

/** The whole EU size for a US women's size. */
export function euFromUsWomen(usWomen: number): number {
  return euFromUsMen(usWomen - US_WOMEN_OVER_US_MEN);
}

/** Boot size to rent: the shoe size to halves, then up to the whole size (a half size up is wearable, down is not). */
function recommendBootEu(shoeSizeEu: number | null | undefined): number | null {
  const eu = known(shoeSizeEu);
  return eu === null ? null : Math.ceil(roundHalf(eu));
}

// ---------------------------------------------------------------------------------------------

function bySize(bands: readonly { below: number; size: string }[], largest: string, height: number): string {
  return bands.find((band) => height < band.below)?.size ?? largest;
}

/** Helmet size from height bands (a fallback: a helmet fits by head circumference). */
function recommendHelmetSize(heightCm: number): string {
  return bySize(HELMET_BANDS, HELMET_LARGEST, heightCm);
}

/** Clothing size from height bands, one size up for a heavy adult. */
function recommendClothingSize(body: Body): string | null {
  const height = known(body.heightCm);
  if (height === null) return null;
  const size = bySize(CLOTHING_BANDS, CLOTHING_LARGEST, height);
  if (weightAdjustmentCm(body) <= 0) return size;
  const index = LETTER_SIZES.indexOf(size as (typeof LETTER_SIZES)[number]);
  return LETTER_SIZES[Math.min(index + 1, LETTER_SIZES.indexOf(CLOTHING_LARGEST))]!;
}

/** The ideal size for a sizing rule, in the format of the items' `sizes`; null when nothing can be said. */
export function recommendSize(kind: SizingKind, body: Body): string | null {
  const height = known(body.heightCm);
  switch (kind) {
    case "ski":
      return numberText(recommendSkiLengthCm(body));
    case "snowboard":
      return numberText(recommendSnowboardLengthCm(body));
    case "boot":
      return numberText(recommendBootEu(body.shoeSizeEu));
    case "helmet":
      return height === null ? null : recommendHelmetSize(height);
    case "ebike":
      return height === null ? null : recommendEbikeFrame(height);
    case "clothing":
      return recommendClothingSize(body);
    default:
      return null;
  }
}

/** A size as a page names it: lengths in cm, boots in EU; letters and frames as they are. */
export function sizeLabel(kind: SizingKind, size: string): string {
  if (kind === "ski" || kind === "snowboard") return `${size} cm`;
  if (kind === "boot") return `EU ${size}`;
  return size;
}

function numberText(value: number | null): string | null {
  return value === null ? null : String(value);
}

// ---------------------------------------------------------------------------------------------
// Picking from stock.

/** Which way a tie between two sizes equally far from the ideal goes, per sizing rule. */
const TIE_TOWARD: Record<SizingKind, "smaller" | "larger"> = {
  ski: "smaller",
  snowboard: "smaller",
  ebike: "smaller",
  boot: "larger",
  helmet: "larger",
  clothing: "larger",
  none: "smaller",
};

/**
 * How far from the ideal a size may be and still be given to the person, on the size's own scale (cm for
 * skis and boards, whole EU sizes for boots, steps for letter sizes); null where any size will do. A
 * longer ski or board is the dangerous side (a child cannot turn it), so it is stricter; a boot may be one
 * size larger, never smaller; a helmet or jacket one step larger, never smaller; a frame one step either
 * way. Beyond that the person's size is "not available", and the page says so instead of giving another.
 */
export const SIZE_REACH = {
  ski: { smaller: 15, larger: 10 },
  snowboard: { smaller: 15, larger: 10 },
  boot: { smaller: 0, larger: 1 },
  helmet: { smaller: 0, larger: 1 },
  clothing: { smaller: 0, larger: 1 },
  ebike: { smaller: 1, larger: 1 },
  none: null,
} as const satisfies Record<SizingKind, { smaller: number; larger: number } | null>;

/** Whether a size is within reach of the ideal (SIZE_REACH); sizes not comparable with the ideal are not. */
function sizeInReach(kind: SizingKind, ideal: string, size: string): boolean {
  const reach = SIZE_REACH[kind];
  const want = sizeRank(ideal);
  const have = sizeRank(size);
  if (reach === null) return true;
  if (want === null || have === null || isLetterSize(ideal) !== isLetterSize(size)) return false;
  return have >= want ? have - want <= reach.larger : want - have <= reach.smaller;
}

/**
 * A size's position on its scale: the number for "150" or "42.5", the index for letter sizes ("XS" < "S"
 * < ... ; "2XL" = "XXL", "3XL" = "XXXL"), the middle of a range such as "39-42"; null otherwise.
 */
export function sizeRank(size: string): number | null {
  const text = size.trim().toUpperCase();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const range = /^(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)$/.exec(text);
  if (range) return (Number(range[1]) + Number(range[2])) / 2;
  const letter = text.replace(/^2XL$/, "XXL").replace(/^3XL$/, "XXXL");
  const index = LETTER_SIZES.indexOf(letter as (typeof LETTER_SIZES)[number]);
  return index >= 0 ? index : null;
}

function isLetterSize(size: string): boolean {
  return sizeRank(size) !== null && !/\d/.test(size);
}

/**
 * Among the sizes with free > 0, the one nearest to the ideal (numbers by difference, letter sizes by
 * their order; ties per TIE_TOWARD), and only within SIZE_REACH of it: null when none is free, or when
 * none of the free sizes is near enough (the person's size is not available). Without a usable ideal: the
 * middle free size.
 */
export function nearestAvailableSize(kind: SizingKind, ideal: string | null, available: { size: string; free: number }[]): string | null {
  const free = [...new Set(available.filter((entry) => entry.free > 0).map((entry) => entry.size))];
  if (free.length === 0) return null;
  if (ideal !== null && free.includes(ideal)) return ideal;
  const toward = TIE_TOWARD[kind];
  const ranked = free.filter((size) => sizeRank(size) !== null).sort((a, b) => sizeRank(a)! - sizeRank(b)!);

  const idealRank = ideal === null ? null : sizeRank(ideal);
  const comparable = ideal === null ? [] : ranked.filter((size) => isLetterSize(size) === isLetterSize(ideal));
  if (idealRank !== null && comparable.length > 0) {
    const candidates = comparable.filter((size) => sizeInReach(kind, ideal!, size));
    if (candidates.length === 0) return null;
    let best = candidates[0]!;
    for (const size of candidates.slice(1)) {
      const distance = Math.abs(sizeRank(size)! - idealRank);
      const bestDistance = Math.abs(sizeRank(best)! - idealRank);
      // `candidates` is ascending, so on a tie the later size is the larger one.
      if (distance < bestDistance || (distance === bestDistance && toward === "larger")) best = size;
    }
    return best;
  }

  const pool = ranked.length === free.length ? ranked : free;
  const middle = toward === "larger" ? Math.floor(pool.length / 2) : Math.floor((pool.length - 1) / 2);
  return pool[middle]!;
}

/** Whether a person is within an item's limits; unknown height or shoe size never excludes. */
export function fitsItemLimits(limits: { maxHeightCm?: number | null; maxShoeSize?: number | null }, body: Body): boolean {
  const height = known(body.heightCm);
  const shoe = known(body.shoeSizeEu);
  if (limits.maxHeightCm != null && height !== null && height > limits.maxHeightCm) return false;
  if (limits.maxShoeSize != null && shoe !== null && shoe > limits.maxShoeSize) return false;
  return true;
}
