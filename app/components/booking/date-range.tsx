/**
 * The rental period's dates. Rendered on the server as two native date fields (they work without
 * JavaScript); once the page is interactive, an accessible, localized range calendar (React Aria) takes
 * their place, with closed days and days outside the season disabled. Both submit the same two fields.
 */
import { lazy, Suspense, startTransition, useEffect, useState } from "react";
import type { Locale } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { inputClass } from "./ui";

export type DateRangeProps = {
  locale: Locale;
  defaultStart: string | null;
  defaultEnd: string | null;
  /** First and last bookable day (YYYY-MM-DD). */
  min: string;
  max: string;
  closedDays: string[];
  /** ISO weekdays (1 = Monday) the branch never opens in this season. */
  closedWeekdays: number[];
  errors: { pickupDate?: string; returnDate?: string };
  /** Called when the visitor picks other dates (in the calendar or the plain date fields). */
  onChange?: () => void;
};

const RESERVED_HEIGHT = "min-h-[27rem]";

/**
 * The calendar is most of the step's JavaScript. Its chunk is requested as soon as this module runs in the
 * browser, so it arrives while the page hydrates, and is evaluated in a task of its own (decision 032).
 */
const loadCalendar = () => import("./date-range-calendar");
if (typeof document !== "undefined") void loadCalendar();
const Calendar = lazy(loadCalendar);

/**
 * True once the page is interactive. The calendar's first render is the heaviest of the booking steps
 * (about 40 ms on a fast laptop, four times that on a mid-range phone), so it renders as a transition:
 * React splits it into short tasks and the page stays responsive meanwhile (decision 024).
 */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

export function DateRangeField(props: DateRangeProps) {
  const hydrated = useHydrated();
  // Both forms keep the calendar's height (six weeks at its widest), so the fields below do not move
  // when the calendar replaces the plain date inputs after hydration.
  // No Suspense boundary on the server: React would stream it out of order (content hidden until a
  // script shows it), which a visitor without JavaScript never sees. Once hydrated, the fields stay
  // until the calendar's chunk is there.
  const fields = <DateFields {...props} />;
  if (!hydrated) return fields;
  return (
    <Suspense fallback={fields}>
      <Calendar {...props} className={RESERVED_HEIGHT} />
    </Suspense>
  );
}

function DateFields(props: DateRangeProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={`grid content-start gap-4 sm:grid-cols-2 ${RESERVED_HEIGHT}`}>
      <legend className="sr-only">{t("booking.period.dates")}</legend>
      {(["pickupDate", "returnDate"] as const).map((name) => (
        <div key={name}>
          <label htmlFor={name} className="block font-medium">
            {t(`booking.period.${name}`)}
          </label>
          <input
            id={name}
            name={name}
            type="date"
            required
            min={props.min}
            max={props.max}
            defaultValue={(name === "pickupDate" ? props.defaultStart : props.defaultEnd) ?? ""}
            onChange={props.onChange}
            aria-invalid={props.errors[name] ? true : undefined}
            aria-describedby={props.errors[name] ? `${name}-error` : undefined}
            className={inputClass}
          />
          {props.errors[name] && (
            <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
              {t(props.errors[name])}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}
