import { z } from "zod";
import { integer, oneOf, slug, translatedText } from "./fields";

export const APP_IDS = ["winter", "summer"] as const;
export const ITEM_KINDS = ["rental", "sale", "service", "depot"] as const;

/** A category as the admin form posts it; the id is chosen once, at creation. */
export const categorySchema = z.object({
  appId: oneOf(APP_IDS),
  kind: oneOf(ITEM_KINDS),
  name: translatedText(80),
  description: translatedText(400, false),
  sort: integer(0, 999),
});

export const newCategorySchema = categorySchema.extend({ id: slug });

export type CategoryInput = z.infer<typeof categorySchema>;
