/**
 * The period step's form: well-formed days and hours, then held against the branch's calendar, with each
 * message beside the field it is about. Apart from periods.ts so that pages which only show periods do not
 * load Zod into the browser.
 */
import { z } from "zod";
import { parse } from "./forms";
import { checkPeriod, type PeriodError, type PeriodInput, type ShopCalendar } from "./periods";
import { fail, ok, type Result } from "./result";

/** The period step's form, as posted: well-formed days and hours, which `checkPeriod` then holds against the shop's calendar. */
export const periodSchema = z.object({
  pickupDate: z.iso.date({ message: "booking.errors.date" }),
  returnDate: z.iso.date({ message: "booking.errors.date" }),
  pickupTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "booking.errors.time" }),
  returnTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "booking.errors.time" }),
});

/** Which field each rule of the period belongs to, so the message shows next to it. */
const FIELD_OF: Record<PeriodError, "pickupDate" | "returnDate" | "pickupTime" | "returnTime"> = {
  "period.invalidDate": "pickupDate",
  "period.pickupInPast": "pickupDate",
  "period.outsideSeason": "pickupDate",
  "period.pickupDayClosed": "pickupDate",
  "period.returnBeforePickup": "returnDate",
  "period.tooLong": "returnDate",
  "period.returnDayClosed": "returnDate",
  "period.pickupOutsideHours": "pickupTime",
  "period.returnOutsideHours": "returnTime",
};

/** A posted period, checked for its form and against the branch's calendar; refused with a message per field. */
export function checkPostedPeriod(values: unknown, calendar: ShopCalendar, now: Date): Result<PeriodInput> {
  const parsed = parse(periodSchema, values);
  if (!parsed.ok) return parsed;
  const checked = checkPeriod(parsed.value, calendar, now);
  if (checked.ok) return ok(parsed.value);
  const errors: Record<string, string> = {};
  for (const error of checked.errors) errors[FIELD_OF[error]] ??= error;
  return fail.invalid(errors);
}
