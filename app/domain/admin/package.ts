/**
 * A package as the back office's form posts it (decision 030): texts, level, order, active, and its two
 * price tables typed as euros for 1, 2, 3 ... days separated by semicolons ("36; 68,50; 99"), plus each
 * further day. The components are the demo's or the database's; the form does not change them.
 */
import { z } from "zod";
import { SKILLS, seasonSchema, skillSchema } from "../vocabulary";
import { checkbox, euros, integer, oneOf, translatedText } from "./fields";
import { MAX_PRICE_DAYS } from "./item";
import { listQuery } from "./list";

/** "36; 68,50; 99" as cents per day count; a longer rental never costs less than a shorter one. */
const dayPriceList = z
  .preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(";")
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    z.array(euros()).min(1, { message: "admin.items.errors.noDays" }).max(MAX_PRICE_DAYS, { message: "admin.items.errors.tooManyDays" }),
  )
  .superRefine((prices, ctx) => {
    if (prices.some((cents, i) => i > 0 && cents < prices[i - 1]))
      ctx.addIssue({ code: "custom", message: "admin.items.errors.pricesDecrease" });
  });

export const packageSchema = z.object({
  name: translatedText(80),
  description: translatedText(400),
  level: oneOf(SKILLS),
  sort: integer(0, 999),
  active: checkbox,
  dayPrices: dayPriceList,
  extraDay: euros(),
  childDayPrices: dayPriceList,
  childExtraDay: euros(),
});

export type PackageInput = z.infer<typeof packageSchema>;

/** The packages list: search by name in any language, by season, level and whether offered; sorted as the shop shows them by default. */
export const packagesQuery = listQuery(["sort", "name", "price"], {
  app: seasonSchema.optional().catch(undefined),
  level: skillSchema.optional().catch(undefined),
  active: z.enum(["yes", "no"]).optional().catch(undefined),
});
export type PackageListQuery = z.infer<typeof packagesQuery>;

/** A price table as the form shows it: "36.00; 68.50; 99.00". */
export function dayPricesText(cents: number[]): string {
  return cents.map((c) => (c / 100).toFixed(2)).join("; ");
}
