/**
 * Whether an item suits the person it is for, and why: a ski or board made for a higher level than the
 * person gave, or so far from the length that fits them (a child on adult skis) that even its nearest size
 * is wrong, is not recommended and must be confirmed before it goes into the bag. The reasons are message
 * keys the page shows beside the item.
 */
import { type Body, recommendSize } from "./sizing";
import { type SizingKind, SKILLS, type Skill } from "./vocabulary";

/**
 * How many cm the nearest size may be off the length that fits before the item no longer suits. Too long
 * is the dangerous side (a child cannot turn adult skis), so it is stricter; shorter skis are easier to
 * turn, so an expert may well take a shorter carver.
 */
export const LENGTH_TOLERANCE_CM = { longer: 10, shorter: 15 } as const;

export type Fit =
  | { verdict: "suits"; reason: "booking.fit.suits" | null }
  | { verdict: "above"; reason: "booking.fit.levelAbove" }
  | {
      verdict: "unsuitable";
      reason: "booking.fit.levelTooHigh" | "booking.fit.tooLong" | "booking.fit.tooShort";
      /** For the length messages: the nearest size the item has and the length that fits. */
      size?: string;
      ideal?: number;
    };

const rank = (skill: Skill) => SKILLS.indexOf(skill);

/** Skis and snowboards are chosen by length and level; everything else suits whoever fits its limits. */
const BY_LENGTH: readonly SizingKind[] = ["ski", "snowboard"];

export function fitFor(item: { sizing: SizingKind; level: Skill | null; sizes: readonly string[] }, person: Body): Fit {
  if (!BY_LENGTH.includes(item.sizing)) return { verdict: "suits", reason: null };
  // Level: two steps above (a beginner on expert-only skis) is wrong, one step is worth a word. A person
  // who gave no level is not judged on it.
  if (item.level && person.skill) {
    const gap = rank(item.level) - rank(person.skill);
    if (gap >= 2) return { verdict: "unsuitable", reason: "booking.fit.levelTooHigh" };
    if (gap === 1) return { verdict: "above", reason: "booking.fit.levelAbove" };
  }
  const ideal = Number(recommendSize(item.sizing, person));
  const lengths = item.sizes.map(Number).filter(Number.isFinite);
  if (!Number.isFinite(ideal) || ideal <= 0 || lengths.length === 0) return { verdict: "suits", reason: null };
  const shortest = Math.min(...lengths);
  const longest = Math.max(...lengths);
  if (shortest - ideal > LENGTH_TOLERANCE_CM.longer)
    return { verdict: "unsuitable", reason: "booking.fit.tooLong", size: String(shortest), ideal };
  if (ideal - longest > LENGTH_TOLERANCE_CM.shorter)
    return { verdict: "unsuitable", reason: "booking.fit.tooShort", size: String(longest), ideal };
  return { verdict: "suits", reason: "booking.fit.suits" };
}
