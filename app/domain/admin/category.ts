import { z } from "zod";
import { ITEM_KINDS, SEASONS } from "../vocabulary";
import { integer, oneOf, slug, translatedText } from "./fields";

/** A category as the admin form posts it; the id is chosen once, at creation. */
export const categorySchema = z.object({
  appId: oneOf(SEASONS),
  kind: oneOf(ITEM_KINDS),
  name: translatedText(80),
  description: translatedText(400, false),
  sort: integer(0, 999),
});

export const newCategorySchema = categorySchema.extend({ id: slug });

export type CategoryInput = z.infer<typeof categorySchema>;
