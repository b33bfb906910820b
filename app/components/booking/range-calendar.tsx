/**
 * The dates step's range calendar (decision 034). Server and browser render the same markup: a month grid
 * whose open days are submit buttons of the step's form with `formmethod="get"`, so without JavaScript (or
 * before it runs) a tap reloads the step with the day picked, keeping the hours chosen below. Once the page
 * runs, the same buttons pick at once, the arrow keys move between days, and only one day is in the tab
 * order. Names of months and weekdays come from the server, so the page hydrates without a mismatch
 * between the server's and the browser's Intl.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { addDays, type IsoDate, isoWeekday } from "../../domain/periods";
import {
  type CalendarBounds,
  type DayRange,
  dayKind,
  monthOf,
  monthWeeks,
  pickDay,
  rangeRole,
  shiftMonth,
  type YearMonth,
} from "../../domain/range-calendar";
import { useTranslation } from "../../i18n/react";

/** Month and weekday names in the page's language (`calendarNames` in domain/format.ts, computed by the loader). */
type CalendarNames = { months: string[]; weekdays: string[]; weekdaysShort: string[] };

type Props = {
  names: CalendarNames;
  bounds: CalendarBounds;
  initialRange: DayRange;
  initialMonth: YearMonth;
  /** The server's message for the dates, if the last submission was refused. */
  error?: string;
  /** Called when the visitor picks a day. The calendar keeps its own state from the initial values on: key it by them. */
  onPick?: () => void;
};

const HEADING_ID = "calendar-month";
const ERROR_ID = "dates-error";

export function RangeCalendar({ names, bounds, initialRange, initialMonth, error, onPick }: Props) {
  const { t } = useTranslation();
  const [range, setRange] = useState(initialRange);
  const [month, setMonth] = useState(initialMonth);
  // The server's markup has every day in the tab order; once running, the arrow keys move between days.
  const [running, setRunning] = useState(false);
  const [focusDay, setFocusDay] = useState<IsoDate | null>(null);
  const grid = useRef<HTMLTableSectionElement>(null);
  const moved = useRef(false);
  useEffect(() => setRunning(true), []);
  useEffect(() => {
    if (!moved.current || !focusDay) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[value="${focusDay}"]`)?.focus();
  });

  const dayName = (day: IsoDate) =>
    t("booking.period.day", {
      weekday: names.weekdays[isoWeekday(day) - 1],
      day: Number(day.slice(8)),
      month: names.months[Number(day.slice(5, 7)) - 1],
      year: day.slice(0, 4),
    });
  const first = monthOf(bounds.min);
  const last = monthOf(bounds.max);
  const open = (day: IsoDate) => dayKind(day, bounds) === "open";
  // The one day of the month in the tab order once running: the one last focused, else the pickup, else the first open.
  const weeks = monthWeeks(month);
  const days = weeks.flat().filter((day): day is IsoDate => day !== null && open(day));
  const tabDay = [focusDay, range.from, range.to].find((day) => day && days.includes(day)) ?? days[0];

  const pick = (day: IsoDate) => {
    setRange((current) => pickDay(current, day));
    setFocusDay(day);
    onPick?.();
  };
  const showMonth = (next: YearMonth) => {
    setMonth(next);
    setFocusDay(null);
  };
  /** Arrow keys a day (a week up and down), Home and End the week's ends, Page Up and Down a month; closed days are skipped. */
  const onKeyDown = (event: KeyboardEvent) => {
    const from = (event.target as HTMLElement).closest("button")?.value;
    if (!from) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    let target: IsoDate | null = null;
    if (step) {
      for (let day = addDays(from, step); day >= bounds.min && day <= bounds.max; day = addDays(day, step)) {
        if (open(day)) {
          target = day;
          break;
        }
      }
    } else if (event.key === "Home" || event.key === "End") {
      const week = (weeks.find((w) => w.includes(from)) ?? []).filter((day): day is IsoDate => day !== null && open(day));
      target = (event.key === "Home" ? week[0] : week.at(-1)) ?? null;
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      const next = shiftMonth(monthOf(from), event.key === "PageUp" ? -1 : 1);
      const candidates = monthWeeks(next)
        .flat()
        .filter((day): day is IsoDate => day !== null && open(day));
      target = candidates.find((day) => day.slice(8) >= from.slice(8)) ?? candidates.at(-1) ?? null;
    } else {
      return;
    }
    event.preventDefault();
    if (!target) return;
    if (monthOf(target) !== month) setMonth(monthOf(target));
    moved.current = true;
    setFocusDay(target);
  };

  const monthButton = (direction: "previous" | "next") => {
    const target = shiftMonth(month, direction === "previous" ? -1 : 1);
    const disabled = direction === "previous" ? target < first : target > last;
    const Icon = direction === "previous" ? ChevronLeft : ChevronRight;
    return (
      <button
        type="submit"
        formMethod="get"
        formNoValidate
        name="month"
        value={target}
        disabled={disabled}
        aria-label={t(`booking.period.${direction}Month`)}
        onClick={(event) => {
          if (!running) return;
          event.preventDefault();
          showMonth(target);
        }}
        className="rounded-md p-2.5 hover:bg-slate-100 disabled:opacity-30"
      >
        <Icon aria-hidden="true" className="size-5" />
      </button>
    );
  };

  const chosen = range.from && range.to ? `${dayName(range.from)} – ${dayName(range.to)}` : null;
  return (
    <fieldset className="w-full max-w-sm" aria-describedby={error ? ERROR_ID : undefined}>
      <legend className="sr-only">{t("booking.period.dates")}</legend>
      <input type="hidden" name="pickupDate" value={range.from ?? ""} />
      <input type="hidden" name="returnDate" value={range.to ?? ""} />
      <div className="flex items-center justify-between pb-2">
        {monthButton("previous")}
        <h2 id={HEADING_ID} aria-live="polite" className="font-semibold">
          {names.months[Number(month.slice(5)) - 1]} {month.slice(0, 4)}
        </h2>
        {monthButton("next")}
      </div>
      <table aria-labelledby={HEADING_ID} className="w-full table-fixed border-collapse text-center">
        <thead>
          <tr>
            {names.weekdaysShort.map((short, i) => (
              <th key={short} scope="col" className="pb-1 text-xs font-medium text-slate-600">
                <abbr title={names.weekdays[i]} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={grid} onKeyDown={running ? onKeyDown : undefined}>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) => (
                <td key={day ?? i} className="p-0.5">
                  {day && (
                    <Day
                      day={day}
                      kind={dayKind(day, bounds)}
                      role={rangeRole(day, range)}
                      name={dayName(day)}
                      tabIndex={running ? (day === tabDay ? 0 : -1) : undefined}
                      onPick={running ? pick : undefined}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Always six weeks high (a week's row is a seventh of the width), so what follows stays put from month to month. */}
      {weeks.length < 6 && <div aria-hidden="true" style={{ aspectRatio: `7 / ${6 - weeks.length}` }} />}
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        {chosen ? t("booking.period.selected", { range: chosen }) : t("booking.period.pickDates")}
      </p>
      {error && (
        <p id={ERROR_ID} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

const BOX = "flex aspect-square w-full items-center justify-center rounded-md text-sm";

function Day({
  day,
  kind,
  role,
  name,
  tabIndex,
  onPick,
}: {
  day: IsoDate;
  kind: ReturnType<typeof dayKind>;
  role: ReturnType<typeof rangeRole>;
  name: string;
  tabIndex: number | undefined;
  onPick: ((day: IsoDate) => void) | undefined;
}) {
  const { t } = useTranslation();
  const number = Number(day.slice(8));
  if (kind !== "open") {
    // Disabled, so neither submitted nor in the way of the arrow keys; a closed day says so.
    return (
      <button
        type="button"
        disabled
        aria-label={kind === "closed" ? `${name}, ${t("booking.period.closed")}` : name}
        className={`${BOX} ${kind === "closed" ? "text-slate-500 line-through" : "text-slate-300"}`}
      >
        {number}
      </button>
    );
  }
  const end = role === "pickup" || role === "return";
  const look = end ? "bg-brand-700 font-semibold text-white" : role === "between" ? "bg-brand-100 text-brand-900" : "hover:bg-brand-50";
  return (
    <button
      type="submit"
      formMethod="get"
      formNoValidate
      name="day"
      value={day}
      tabIndex={tabIndex}
      aria-pressed={role !== null}
      aria-label={end ? `${name}, ${t(role === "pickup" ? "booking.period.pickupDate" : "booking.period.returnDate")}` : name}
      onClick={
        onPick &&
        ((event) => {
          event.preventDefault();
          onPick(day);
        })
      }
      className={`${BOX} outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${look}`}
    >
      {number}
    </button>
  );
}
