/**
 * What the resources of /api/v1 share: pictures as links, the branch a key may see, the rental period at a
 * branch, the lines of a request, the booking core's refusals in the API's words, and pages of a list.
 */
import type { z } from "zod";
import { decodeCursor, encodeCursor } from "../../../domain/api";
import { API_HOLD_LIMITS, type HoldLimitBreach } from "../../../domain/hold-limits";
import { checkPeriod, type PeriodError, periodFieldErrors } from "../../../domain/periods";
import { type PictureOwner, parsePictureName, pictureFiles } from "../../../domain/pictures";
import { type Failure, fail } from "../../../domain/result";
import type { Season } from "../../../domain/vocabulary";
import { getShopCalendar } from "../../booking/calendar.server";
import type { HoldFailure } from "../../booking/holds.server";
import { listShops } from "../../catalog/catalog.server";
import { refused } from "../endpoint.server";
import type { ApiKey } from "../keys.server";

export function pictures(owner: PictureOwner, ownerId: string | number, names: string[], origin: string) {
  return names.flatMap((name) => {
    const parsed = parsePictureName(name);
    if (!parsed) return [];
    const variants = pictureFiles(parsed).map((v) => ({
      url: `${origin}/media/${owner}/${ownerId}/${v.file}`,
      width: v.width,
      format: v.format,
    }));
    const largest = variants.filter((v) => v.format === "webp").at(-1);
    return largest ? [{ url: largest.url, width: parsed.width, height: parsed.height, variants }] : [];
  });
}

const noBranch = (branch: number) => refused(fail.notFound({ form: "api.errors.noBranch" }, { id: branch }));

/** 404 for a branch the key may not see, as for one that does not exist: a limited key learns nothing of others. */
export function checkBranch(key: ApiKey, branch: number) {
  if (key.shopId !== null && key.shopId !== branch) throw noBranch(branch);
}

export async function liveBranch(key: ApiKey, branch: number, storefront: Season) {
  checkBranch(key, branch);
  const shop = (await listShops()).find((s) => s.id === branch);
  if (!shop?.appIds.includes(storefront)) throw noBranch(branch);
  return shop;
}

/** A period the branch's calendar refuses: each message beside its field, as the booking pages place them. */
const periodRefusal = (errors: readonly PeriodError[]) => fail.invalid({ form: "api.errors.period", ...periodFieldErrors(errors) });

/** The rental period at a branch, checked against its calendar as the booking pages check it. */
export async function periodAt(
  branch: number,
  storefront: Season,
  input: { pickupDate: string; pickupTime: string; returnDate: string; returnTime: string },
) {
  const calendar = await getShopCalendar(branch, storefront);
  if (!calendar) throw noBranch(branch);
  const checked = checkPeriod(input, calendar, new Date());
  if (!checked.ok) throw refused(periodRefusal(checked.errors));
  return checked.value;
}

/** Lines of a request as the quote takes them: each its own key, named by its place in the request. */
export function bagLines(lines: { item: number; size: string | null; quantity: number; person: number | null }[], persons: number) {
  return lines.map((line, index) => {
    if (line.person !== null && line.person >= persons)
      throw refused(fail.invalid({ form: "api.errors.validation", [`lines.${index}.person`]: "api.errors.noPerson" }));
    return { key: String(index), itemId: line.item, size: line.size, quantity: line.quantity, personIndex: line.person };
  });
}

const HOLD_LIMIT_TEXT: Record<HoldLimitBreach, string> = {
  orders: "api.errors.holdLimit",
  units: "api.errors.holdLimitUnits",
  size: "api.errors.holdLimitSize",
};

/**
 * Why the booking core refused a quote or a hold, in the API's words (the checkout and the counter word it
 * their own way); its status and problem type come from the one mapping (server/http/problems.server.ts).
 * A hold limit is not lifted by waiting, so it has no Retry-After.
 */
export function bookingRefusal(failure: HoldFailure): Failure {
  switch (failure.reason) {
    case "period":
      return periodRefusal(failure.errors);
    case "invalidLine":
      return fail.invalid({ form: "api.errors.validation", [`lines.${failure.key}`]: "api.errors.invalidLine" });
    case "unavailable":
      return fail.unavailable({ form: "api.errors.unavailable" }, { line: Number(failure.line.key), name: failure.line.name });
    case "coupon":
      return fail.invalid({ form: "api.errors.validation", coupon: failure.code });
    case "priceChanged":
      return fail.conflict({ form: "api.errors.priceChanged" }, { total: (failure.totalCents / 100).toFixed(2) });
    case "busy":
      return fail.busy({ form: "api.errors.busy" });
    case "holdLimit":
      return fail.limited(
        null,
        { form: HOLD_LIMIT_TEXT[failure.limit] },
        { orders: API_HOLD_LIMITS.MAX_OPEN_ORDERS, units: API_HOLD_LIMITS.MAX_UNITS, size: API_HOLD_LIMITS.MAX_UNITS_PER_SIZE },
      );
    default:
      return fail.invalid({ form: "api.errors.invalidOrder" });
  }
}

export const listOf = <T>(rows: T[], limit: number, keyOf: (row: T) => (string | number)[]) => ({
  data: rows.slice(0, limit),
  nextCursor: rows.length > limit ? encodeCursor(keyOf(rows[limit - 1])) : null,
});

export function cursorOr400<T extends z.ZodType>(cursor: string | undefined, schema: T) {
  const key = decodeCursor(cursor, schema);
  if (key === "invalid") throw refused(fail.invalid({ form: "api.errors.validation", cursor: "api.errors.cursor" }));
  return key;
}
