/**
 * Whether an item suits the person it is for, and why: a ski or board made for a higher level than the
 * person gave, or so far from the length that fits them (a child on adult skis) that even its nearest size
 * is wrong, and boots not made in the person's size (a child's 32 in adult boots from 36), are not
 * recommended and must be confirmed before they go into the bag. The reasons are message keys the page
 * shows beside the item.
 */
import { type Body, recommendSize, SIZE_REACH } from "./sizing";
import { type SizingKind, SKILLS, type Skill } from "./vocabulary";

/** How far the nearest length may be off the one that fits (decision 007): the same reach sizes are picked in. */
const LENGTH_TOLERANCE_CM = { longer: SIZE_REACH.ski.larger, shorter: SIZE_REACH.ski.smaller } as const;

export type Fit =
  | { verdict: "suits"; reason: "booking.fit.suits" | null }
  | { verdict: "above"; reason: "booking.fit.levelAbove" }
  | {
      verdict: "unsuitable";
      reason:
        | "booking.fit.levelTooHigh"
        | "booking.fit.tooLong"
        | "booking.fit.tooShort"
        | "booking.fit.bootTooBig"
        | "booking.fit.bootTooSmall";
      /** For the length messages: the nearest size the item has and the length that fits. */
      size?: string;
      ideal?: number;
    };

const rank = (skill: Skill) => SKILLS.indexOf(skill);

/** Skis and snowboards are chosen by length and level; everything else suits whoever fits its limits. */
const BY_LENGTH: readonly SizingKind[] = ["ski", "snowboard"];

export function fitFor(item: { sizing: SizingKind; level: Skill | null; sizes: readonly string[] }, person: Body): Fit {
  if (item.sizing === "boot") return bootFit(item.sizes, person);
  if (!BY_LENGTH.includes(item.sizing)) return { verdict: "suits", reason: null };
  // Two levels above is wrong whatever the length. Then the length, before "a level above": adult skis are
  // wrong for a child, and a word about the level must not stand in for that.
  const gap = item.level && person.skill ? rank(item.level) - rank(person.skill) : 0;
  if (gap >= 2) return { verdict: "unsuitable", reason: "booking.fit.levelTooHigh" };
  const length = lengthFit(item.sizing, item.sizes, person);
  if (length) return length;
  // One level above is worth a word; a person who gave no level is not judged on it.
  if (gap === 1) return { verdict: "above", reason: "booking.fit.levelAbove" };
  const known = recommendSize(item.sizing, person) !== null;
  return { verdict: "suits", reason: known && item.sizes.length > 0 ? "booking.fit.suits" : null };
}

/** Unsuitable when even the nearest length is out of reach of the one that fits; null when it is within. */
function lengthFit(sizing: SizingKind, sizes: readonly string[], person: Body): Fit | null {
  const ideal = Number(recommendSize(sizing, person));
  const lengths = sizes.map(Number).filter(Number.isFinite);
  if (!Number.isFinite(ideal) || ideal <= 0 || lengths.length === 0) return null;
  const shortest = Math.min(...lengths);
  const longest = Math.max(...lengths);
  if (shortest - ideal > LENGTH_TOLERANCE_CM.longer)
    return { verdict: "unsuitable", reason: "booking.fit.tooLong", size: String(shortest), ideal };
  if (ideal - longest > LENGTH_TOLERANCE_CM.shorter)
    return { verdict: "unsuitable", reason: "booking.fit.tooShort", size: String(longest), ideal };
  return null;
}

/** Boots suit when they are made in the person's size or one larger; without a shoe size nothing is said. */
function bootFit(sizes: readonly string[], person: Body): Fit {
  const ideal = Number(recommendSize("boot", person));
  const made = sizes.map(Number).filter(Number.isFinite);
  if (!Number.isFinite(ideal) || ideal <= 0 || made.length === 0) return { verdict: "suits", reason: null };
  const smallest = Math.min(...made);
  const largest = Math.max(...made);
  if (smallest - ideal > SIZE_REACH.boot.larger)
    return { verdict: "unsuitable", reason: "booking.fit.bootTooBig", size: String(smallest), ideal };
  if (ideal - largest > SIZE_REACH.boot.smaller)
    return { verdict: "unsuitable", reason: "booking.fit.bootTooSmall", size: String(largest), ideal };
  return { verdict: "suits", reason: null };
}
