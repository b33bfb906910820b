/**
 * A branch's opening hours in short, for a card with little room (`/stores`): the season it is (or the
 * one that opens next), today's hours when today lies in that season, and the week with equal days run
 * together ("Mon–Fri 08:00–18:00"), so it reads at 320 px.
 */
import { type IsoDate, inSeason, isoWeekday, seasonDates, seasonOrder } from "./periods";

export type Slot = { opens: string; closes: string };
export type WeekRun = { from: number; to: number; slots: Slot[] };
export type HoursSummary = {
  appId: string;
  /** Today's slots (empty: closed today), or null when today is outside the season. */
  today: Slot[] | null;
  /** The season's first day when it has not begun yet, else null. */
  opensOn: IsoDate | null;
  /** Monday to Sunday, consecutive days with the same slots as one run; a run without slots is closed. */
  week: WeekRun[];
};

const hm = (time: string) => time.slice(0, 5);
const key = (slots: Slot[]) => slots.map((s) => `${s.opens}-${s.closes}`).join(",");

/** Consecutive weekdays (ISO, 1 = Monday) with the same slots, as runs. */
export function weekRuns(hours: { weekday: number; opens: string; closes: string }[]): WeekRun[] {
  const runs: WeekRun[] = [];
  for (let day = 1; day <= 7; day++) {
    const slots = hours
      .filter((h) => h.weekday === day)
      .map((h) => ({ opens: hm(h.opens), closes: hm(h.closes) }))
      .sort((a, b) => a.opens.localeCompare(b.opens));
    const last = runs.at(-1);
    if (last && key(last.slots) === key(slots)) last.to = day;
    else runs.push({ from: day, to: day, slots });
  }
  return runs;
}

/**
 * The hours to show for a branch on `today`: of the storefront whose season it is (else the next to
 * open) among those the branch serves; null when it serves none.
 */
export function hoursSummary(
  today: IsoDate,
  storefronts: { id: string; seasonStart: string; seasonEnd: string }[],
  hours: { appId: string; weekday: number; opens: string; closes: string }[],
  closedDays: IsoDate[],
): HoursSummary | null {
  const [current] = seasonOrder(today, storefronts);
  if (!current) return null;
  const own = hours.filter((h) => h.appId === current.id);
  const week = weekRuns(own);
  const open = inSeason(today, current.seasonStart, current.seasonEnd);
  const weekday = isoWeekday(today);
  return {
    appId: current.id,
    today: open ? (closedDays.includes(today) ? [] : (week.find((r) => r.from <= weekday && weekday <= r.to)?.slots ?? [])) : null,
    opensOn: open ? null : seasonDates(today, current.seasonStart, current.seasonEnd).from,
    week,
  };
}

/**
 * One day's slots, earliest first: the weekday's hours, none on a closed day. For a reminder, which names
 * the hours of the day the customer comes.
 */
export function hoursOn(date: IsoDate, hours: { weekday: number; opens: string; closes: string }[], closedDays: IsoDate[]): Slot[] {
  if (closedDays.includes(date)) return [];
  const weekday = isoWeekday(date);
  return hours
    .filter((h) => h.weekday === weekday)
    .map((h) => ({ opens: hm(h.opens), closes: hm(h.closes) }))
    .sort((a, b) => a.opens.localeCompare(b.opens));
}
