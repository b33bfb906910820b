/**
 * Ski binding release settings as ISO 11088:2023 (seventh edition) sets them (issue 20, checked again in
 * issue 33, decision 043): the skier code from weight and height, moved by the skier type and age, then the
 * release value (and the torques a binding tester checks) by the boot's sole length. Anything missing or
 * outside the standard's table is "set at the counter": a release value is never guessed.
 */
import type { Result } from "../result";
import type { Skill } from "../vocabulary";

/** The standard's skier codes, lightest first. */
const SKIER_CODES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"] as const;
type SkierCode = (typeof SKIER_CODES)[number];

/** Lowest weight (kg) of each code's band, A to M (M has no upper end). */
const WEIGHT_FROM = [10, 14, 18, 22, 26, 31, 36, 42, 49, 58, 67, 79, 95];
/** Lowest height (cm) of the codes H to M; shorter than 149 cm is H. */
const HEIGHT_FROM = [0, 149, 158, 167, 179, 195];
const FIRST_HEIGHT_CODE = 7; // H

/** Upper ends (mm) of the sole length columns; the last column (351 mm and more) has none. */
const SOLE_UP_TO = [230, 250, 270, 290, 310, 330, 350];

/** Release values by code (rows) and sole length (columns ≤230 … 331–350, ≥351); null where the standard has none. */
const _ = null;
const VALUES: (number | null)[][] = [
  [0.75, 0.75, _, _, _, _, _, _], // A
  [1, 0.75, 0.75, _, _, _, _, _], // B
  [1.5, 1.25, 1.25, 1, _, _, _, _], // C
  [2, 1.75, 1.5, 1.5, 1.25, _, _, _], // D
  [2.5, 2.25, 2, 1.75, 1.5, 1.5, _, _], // E
  [3, 2.75, 2.5, 2.25, 2, 1.75, 1.75, _], // F
  [_, 3.5, 3, 2.75, 2.5, 2.25, 2, _], // G
  [_, _, 3.5, 3, 3, 2.75, 2.5, _], // H
  [_, _, 4.5, 4, 3.5, 3.5, 3, _], // I
  [_, _, 5.5, 5, 4.5, 4, 3.5, 3], // J
  [_, _, 6.5, 6, 5.5, 5, 4.5, 4], // K
  [_, _, 7.5, 7, 6.5, 6, 5.5, 5], // L
  [_, _, _, 8.5, 8, 7, 6.5, 6], // M
  [_, _, _, 10, 9.5, 8.5, 8, 7.5], // N
  [_, _, _, 11.5, 11, 10, 9.5, 9], // O
];
/** Torques (Nm) by code: twist (Mz) and forward lean (My), what a binding tester reads. */
const TWIST = [8, 11, 14, 17, 20, 23, 27, 31, 37, 43, 50, 58, 67, 78, 91];
const FORWARD = [29, 40, 52, 64, 75, 87, 102, 120, 141, 165, 194, 229, 271, 320, 380];

/** The skier types of the standard by the skill a customer gives: cautious (1), moderate (2), aggressive (3). */
export const SKIER_TYPE: Record<Skill, 1 | 2 | 3> = { beginner: 1, intermediate: 2, expert: 3 };

export type BindingInput = {
  weightKg: number | null;
  heightCm: number | null;
  /** Age in whole years; the standard sets children under 10 and skiers from 50 one code lighter. */
  age: number | null;
  skill: Skill | null;
  soleLengthMm: number | null;
};

/** The table's row and value for a skier and boot. */
type TableSetting = { code: SkierCode; value: number; twistNm: number; forwardLeanNm: number };
/** Why the table gives no setting: a measure is missing, or the skier or boot is off its rows and columns. */
type NoSetting = { reason: "missing"; missing: (keyof BindingInput)[] } | { reason: "outsideTable" };
export type BindingSetting = Result<TableSetting, NoSetting>;

/** The band a value falls in, by the lowest value of each band (ascending); -1 below the first. */
function band(value: number, from: number[]): number {
  let index = -1;
  for (let i = 0; i < from.length; i++) if (value >= from[i]) index = i;
  return index;
}

export function bindingSetting(input: BindingInput): BindingSetting {
  const missing = (Object.keys(input) as (keyof BindingInput)[]).filter((key) => input[key] === null || Number.isNaN(input[key]));
  if (missing.length > 0) return { ok: false, reason: "missing", missing };
  const { weightKg, heightCm, age, skill, soleLengthMm } = input as { [K in keyof BindingInput]: NonNullable<BindingInput[K]> };
  const byWeight = band(weightKg, WEIGHT_FROM);
  if (byWeight < 0 || heightCm <= 0 || soleLengthMm <= 0 || age < 0) return { ok: false, reason: "outsideTable" };
  // Height counts only from code H on; of the two codes, the lighter one (nearer the top of the table).
  const byHeight = FIRST_HEIGHT_CODE + band(heightCm, HEIGHT_FROM);
  let code = Math.min(byWeight, byHeight);
  // The standard's note to code A: the lightest skiers (10–13 kg) stay on A whatever their type and age.
  if (byWeight > 0) {
    code += SKIER_TYPE[skill] - 1;
    if (age < 10 || age >= 50) code -= 1;
    code = Math.max(0, code);
  }
  if (code >= SKIER_CODES.length) return { ok: false, reason: "outsideTable" };
  let column = SOLE_UP_TO.findIndex((upTo) => soleLengthMm <= upTo);
  if (column < 0) column = SOLE_UP_TO.length;
  const value = VALUES[code][column];
  if (value === null) return { ok: false, reason: "outsideTable" };
  return { ok: true, value: { code: SKIER_CODES[code], value, twistNm: TWIST[code], forwardLeanNm: FORWARD[code] } };
}

/**
 * What a ski line's binding was set to at hand-out, kept on the order line and printed on the agreement:
 * the table's setting, or the clerk's own value where the table gives none ("set at the counter").
 */
export type LineBinding = {
  value: number;
  setBy: "table" | "clerk";
  code: SkierCode | null;
  soleLengthMm: number | null;
  twistNm: number | null;
  forwardLeanNm: number | null;
};

/** A ski line of an order with the table's setting for its person and where the boot's sole length came from. */
export type SkiLineBinding = {
  lineId: number;
  setting: BindingSetting;
  soleLengthMm: number | null;
  /** The boot handed out (or scanned now), all boots of the booked size at the branch, or the clerk. */
  soleFrom: "boot" | "size" | "clerk" | null;
};

/** Sole lengths a boot can have (mm): a children's 17.5 mondo shell to the largest adult shells. */
export const SOLE_LENGTH_MM = { min: 180, max: 380 } as const;
/** Release values a binding can be set to, in the quarter steps of its scale. */
export const BINDING_VALUE = { min: 0.5, max: 16, step: 0.25 } as const;

/** Only alpine skis have a release setting; snowboards, boots and the rest have none. */
export const hasBinding = (sizing: string) => sizing === "ski";

export type BindingPerson = { weightKg: number | null; heightCm: number | null; age: number | null; skill: Skill | null };

/** The table's setting for a person on a boot of that sole length. */
export const bindingFor = ({ weightKg, heightCm, age, skill }: BindingPerson, soleLengthMm: number | null): BindingSetting =>
  bindingSetting({ weightKg, heightCm, age, skill, soleLengthMm });

/**
 * What a ski line is set to at hand-out. The clerk's value wins when given (a skier may ask for a softer
 * setting, and the table has none for some rows); otherwise the table's; with neither, nothing is stored and
 * the agreement says "set at the counter".
 */
export function settleBinding(setting: BindingSetting, soleLengthMm: number | null, clerkValue: number | null): LineBinding | null {
  const table = setting.ok ? setting.value : null;
  const value = clerkValue ?? table?.value ?? null;
  if (value === null) return null;
  return {
    value,
    setBy: table && table.value === value ? "table" : "clerk",
    code: table?.code ?? null,
    soleLengthMm,
    twistNm: table?.twistNm ?? null,
    forwardLeanNm: table?.forwardLeanNm ?? null,
  };
}

/**
 * The sole length of the boots a person gets, when all boots of that item and size at the branch have the
 * same one: a size's shells differ between models, so a mixed size gives none until a boot is scanned.
 */
export function soleLengthOfSize(soleLengths: (number | null)[]): number | null {
  const known = new Set(soleLengths);
  return known.size === 1 ? [...known][0] : null;
}
