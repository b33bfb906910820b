/**
 * The range calendar of the dates step (React Aria): an accessible, localized month grid with closed days and
 * days outside the season disabled. Its own chunk, loaded after the page is interactive (`DateRangeField`):
 * most of the step's JavaScript is this widget, and evaluating it separately keeps each task short on a phone.
 */
import { type CalendarDate, getDayOfWeek, parseDate } from "@internationalized/date";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  Button,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  I18nProvider,
  RangeCalendar,
} from "react-aria-components";
import { formatDayRange, formatTag } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import type { DateRangeProps } from "./date-range";

function isoWeekdayOf(date: CalendarDate): number {
  // getDayOfWeek with a Monday-first locale gives 0 = Monday.
  return getDayOfWeek(date, "en-GB") + 1;
}

/**
 * A day as the calendar takes it, or null: a refused form comes back with whatever was posted, and a value
 * that is not a real YYYY-MM-DD day must leave the calendar empty, not fail the page.
 */
export function calendarDate(text: string | null): CalendarDate | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  try {
    const date = parseDate(text);
    return date.toString() === text ? date : null;
  } catch {
    return null;
  }
}

export default function DateRangeCalendar(props: DateRangeProps & { className: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<{ start: CalendarDate; end: CalendarDate } | null>(() => {
    const [start, end] = [calendarDate(props.defaultStart), calendarDate(props.defaultEnd)];
    return start && end ? { start, end } : null;
  });
  const error = props.errors.pickupDate ?? props.errors.returnDate;
  const calendarBox = useRef<HTMLDivElement>(null);
  const nextMonth = t("booking.period.nextMonth");
  // React Aria adds a visually hidden "next" button after the grid for screen readers that swipe, named with
  // its own word for "next" ("Weiter" in German, the same as the step's Continue); name it as the visible one.
  useEffect(() => {
    for (const button of calendarBox.current?.querySelectorAll("button:not([slot])") ?? []) {
      if (button.getAttribute("aria-label") !== nextMonth) button.setAttribute("aria-label", nextMonth);
    }
  });

  const closed = new Set(props.closedDays);
  return (
    <div ref={calendarBox} className={props.className}>
      <I18nProvider locale={formatTag[props.locale]}>
        <input type="hidden" name="pickupDate" value={range?.start.toString() ?? ""} />
        <input type="hidden" name="returnDate" value={range?.end.toString() ?? ""} />
        <RangeCalendar
          aria-label={t("booking.period.dates")}
          aria-describedby={error ? "dates-error" : undefined}
          value={range}
          onChange={(value) => {
            setRange(value);
            props.onChange?.();
          }}
          minValue={parseDate(props.min)}
          maxValue={parseDate(props.max)}
          isDateUnavailable={(date) => closed.has(date.toString()) || props.closedWeekdays.includes(isoWeekdayOf(date as CalendarDate))}
          visibleDuration={{ months: 1 }}
          className="w-full max-w-sm"
        >
          <header className="flex items-center justify-between pb-2">
            <Button slot="previous" aria-label={t("booking.period.previousMonth")} className="rounded-md p-2 hover:bg-slate-100">
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Button>
            <Heading className="font-semibold" />
            <Button slot="next" aria-label={nextMonth} className="rounded-md p-2 hover:bg-slate-100">
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </header>
          <CalendarGrid className="w-full border-collapse">
            <CalendarGridHeader>
              {(day) => <CalendarHeaderCell className="pb-1 text-xs font-medium text-slate-600">{day}</CalendarHeaderCell>}
            </CalendarGridHeader>
            <CalendarGridBody>
              {(date) => (
                <CalendarCell
                  date={date}
                  className="m-0.5 flex aspect-square items-center justify-center rounded-md text-sm outline-none data-[disabled]:text-slate-300 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[outside-month]:invisible data-[selected]:bg-brand-100 data-[selection-end]:bg-brand-700 data-[selection-start]:bg-brand-700 data-[selection-end]:text-white data-[selection-start]:text-white data-[unavailable]:text-slate-400 data-[unavailable]:line-through hover:bg-brand-50"
                />
              )}
            </CalendarGridBody>
          </CalendarGrid>
        </RangeCalendar>
        <p className="mt-2 text-sm text-slate-700" aria-live="polite">
          {range
            ? t("booking.period.selected", {
                range: formatDayRange(range.start.toString(), range.end.toString(), props.locale),
              })
            : t("booking.period.pickDates")}
        </p>
        {error && (
          <p id="dates-error" className="mt-1 text-sm text-red-700">
            {t(error)}
          </p>
        )}
      </I18nProvider>
    </div>
  );
}
