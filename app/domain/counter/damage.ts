/**
 * Damage found at return (issue 20, point 4; decision 046): per unit a category, a note, up to three photos
 * and an optional fee. Pure rules and the form's schema; the files and the database are in
 * server/admin/damage.server.ts. The fee is no part of the order's total (that was paid when booking): it is
 * a line of its own, settled from the deposit or at the counter, and outside VAT (compensation for damage
 * is no supply of a service).
 */
import { z } from "zod";
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from "../admin/item-picture";
import { rowIdSchema } from "../ids";
import { type PictureImage, pictureImageAt } from "../pictures";
import type { Failure } from "../result";
import type { SizingKind } from "../vocabulary";

/**
 * What a clerk sees on skis, snowboards, boots, helmets and e-bikes, in words a workshop sorts by.
 * Stored as text with a check constraint (migration 0017): a value added here is a migration.
 */
export const DAMAGE_CATEGORIES = [
  "scratches",
  "edges",
  "binding",
  "buckles",
  "mechanics",
  "electrics",
  "broken",
  "missing",
  "other",
] as const;
export type DamageCategory = (typeof DAMAGE_CATEGORIES)[number];

/** Said of every kind of equipment: a helmet can be cracked as well as an e-bike's frame. */
const ANY: DamageCategory[] = ["broken", "missing", "other"];

/**
 * The categories offered for an item, by its sizing rule (which says what the thing is): no "binding"
 * for a helmet, no "edges" for an e-bike. Depot lockers and anything else get the general ones.
 */
const BY_SIZING: Record<SizingKind, DamageCategory[]> = {
  ski: ["scratches", "edges", "binding", ...ANY],
  snowboard: ["scratches", "edges", "binding", ...ANY],
  boot: ["buckles", ...ANY],
  helmet: ["scratches", "buckles", ...ANY],
  ebike: ["scratches", "mechanics", "electrics", ...ANY],
  clothing: ["scratches", ...ANY],
  none: ["scratches", ...ANY],
};

export function damageCategoriesFor(sizing: SizingKind): DamageCategory[] {
  return BY_SIZING[sizing];
}

export const damageCategoryFits = (sizing: SizingKind, category: DamageCategory) => BY_SIZING[sizing].includes(category);

/** Photos per unit and report: enough to show the damage from a few sides, few enough to keep on a phone. */
export const MAX_DAMAGE_PHOTOS = 3;
/** One damage form: the photos at their largest, and the other fields with the multipart framing. */
export const DAMAGE_UPLOAD_BYTES = MAX_DAMAGE_PHOTOS * MAX_PICTURE_BYTES + 256 * 1024;
export const MAX_DAMAGE_NOTE = 1000;
/** The largest fee a clerk may type: an e-bike's price, with room. A bigger claim goes through the office. */
export const MAX_DAMAGE_FEE_CENTS = 1_000_000;

/** How a fee is paid: taken from the deposit left at pickup, or paid at the counter (cash or card terminal). */
export const FEE_PAID_BY = ["deposit", "counter"] as const;
export type FeePaidBy = (typeof FEE_PAID_BY)[number];

const empty = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** An amount as a clerk types it ("80", "80.50", "80,50", "€ 1.200"): integer cents above zero, at most the maximum. */
export function parseFee(text: string): number | "invalid" | "range" {
  const normalized = text.replace(/\s|€/g, "");
  // A comma or dot followed by one or two digits at the end is the decimal mark; others group thousands.
  const match = /^(\d{1,3}(?:[.,']\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(normalized);
  if (!match) return "invalid";
  const cents = Number(match[1].replace(/[.,']/g, "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents > 0 && cents <= MAX_DAMAGE_FEE_CENTS ? cents : "range";
}

const fee = z.preprocess(
  (value) => (empty(value) ? null : value),
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const cents = parseFee(text);
      if (typeof cents === "number") return cents;
      ctx.addIssue({ code: "custom", message: cents === "range" ? "admin.damage.errors.feeRange" : "admin.damage.errors.fee" });
      return z.NEVER;
    })
    .nullable(),
);

/** A photo as the browser sends it: not empty, at most 8 MB, a raster type. The bytes are checked again on the server. */
const damagePhoto = z
  .instanceof(File, { message: "admin.damage.errors.photoType" })
  .refine((file) => file.size <= MAX_PICTURE_BYTES, { message: "admin.damage.errors.photoTooBig", abort: true })
  .refine((file) => (PICTURE_TYPES as readonly string[]).includes(file.type), { message: "admin.damage.errors.photoType" });

/** A file input left empty posts one nameless, empty file: that is no photo. */
const isEmptyFile = (value: unknown) => value instanceof File && value.size === 0 && value.name === "";

/**
 * The damage form of one unit. `photos` are the posted files (none is fine: a missing part has nothing to
 * show); a fee needs the way it is paid, and a way without a fee is dropped.
 */
export const damageReportSchema = z
  .object({
    unitId: rowIdSchema("admin.damage.errors.unit"),
    category: z.enum(DAMAGE_CATEGORIES, { message: "admin.damage.errors.category" }),
    note: z.preprocess(
      (value) => (empty(value) ? null : value),
      z.string().trim().max(MAX_DAMAGE_NOTE, { message: "admin.errors.tooLong" }).nullable(),
    ),
    fee,
    paidBy: z.preprocess(
      (value) => (empty(value) ? null : value),
      z.enum(FEE_PAID_BY, { message: "admin.damage.errors.paidBy" }).nullable(),
    ),
    photos: z
      .array(z.unknown())
      .default([])
      .transform((files) => files.filter((file) => !isEmptyFile(file)))
      .pipe(z.array(damagePhoto).max(MAX_DAMAGE_PHOTOS, { message: "admin.damage.errors.choosePhotosAgain" })),
  })
  .superRefine((input, ctx) => {
    if (input.fee !== null && input.paidBy === null)
      ctx.addIssue({ code: "custom", path: ["paidBy"], message: "admin.damage.errors.paidBy" });
  })
  .transform((input) => ({ ...input, paidBy: input.fee === null ? null : input.paidBy }));
export type DamageReportInput = z.infer<typeof damageReportSchema>;

/** The "back in service" button: the unit to release. */
export const releaseSchema = z.object({ unitId: rowIdSchema("admin.damage.errors.unit") });

/**
 * What the browser keeps of the photos chosen, in the order chosen: raster pictures of at most 8 MB, as many
 * as `room` leaves (three, or what a correction can still add). The others are left out, named, with the
 * reason of the first: a clerk who picks four keeps three instead of losing all of them.
 */
export function keepPhotos<F extends { size: number; type: string }>(
  files: F[],
  room: number = MAX_DAMAGE_PHOTOS,
): { kept: F[]; leftOut: F[]; error: string | null } {
  const kept: F[] = [];
  const leftOut: F[] = [];
  let error: string | null = null;
  for (const file of files) {
    const why = !(PICTURE_TYPES as readonly string[]).includes(file.type)
      ? "admin.damage.errors.photoType"
      : file.size > MAX_PICTURE_BYTES
        ? "admin.damage.errors.photoTooBig"
        : kept.length >= room
          ? "admin.damage.errors.tooManyPhotos"
          : null;
    if (why) {
      leftOut.push(file);
      error ??= why;
    } else kept.push(file);
  }
  return { kept, leftOut, error };
}

/** A damage fee as the order's documents and pages list it. */
export type DamageFeeLine = {
  unitCode: string;
  itemName: string;
  size: string | null;
  category: DamageCategory;
  feeCents: number;
  paidBy: FeePaidBy;
};

/** The sum of the fees, and the part of it taken from the deposit (what the deposit's capture asks for). */
export function damageFeeTotals(lines: Pick<DamageFeeLine, "feeCents" | "paidBy">[]) {
  return {
    totalCents: lines.reduce((sum, line) => sum + line.feeCents, 0),
    fromDepositCents: lines.filter((line) => line.paidBy === "deposit").reduce((sum, line) => sum + line.feeCents, 0),
  };
}

/**
 * A damage photo's <picture> data. The files are private: served only to staff of the order's branch under
 * the order's back-office address, never under /media.
 */
export const damagePhotoImage = (orderId: string, name: string, sizes = "(min-width: 640px) 12rem, 30vw"): PictureImage | null =>
  pictureImageAt(`/admin/order/${orderId}/damage`, name, sizes);

/** A message about the second photo (`photos.1`) belongs beside the one photo field. */
export function onePhotoMessage(failure: Failure): Failure {
  if (failure.reason !== "invalid") return failure;
  const errors = Object.fromEntries(
    Object.entries(failure.errors).map(([key, message]) => [key.replace(/^photos\.\d+$/, "photos"), message]),
  );
  return { ...failure, errors };
}

/** The intents of the damage forms on the admin order page: a report, its correction, "back in service". */
const DAMAGE_INTENTS = ["damageReport", "damageCorrect", "damageRelease"] as const;
export const isDamageIntent = (intent: string) => (DAMAGE_INTENTS as readonly string[]).includes(intent);
