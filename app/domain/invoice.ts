/** The invoice address the checkout step asks for before the customer pays. */
import { z } from "zod";
import { emptyToUndefined, optionalText } from "./booking-fields";
import { COUNTRIES } from "./countries";

export const invoiceSchema = z.object({
  name: z.string().trim().min(2, { message: "booking.errors.name" }).max(120, { message: "booking.errors.tooLong" }),
  company: optionalText(120),
  vatId: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}[0-9A-Z+*. ]{2,14}$/, { message: "booking.errors.vatId" })
      .optional(),
  ),
  street: z.string().trim().min(3, { message: "booking.errors.street" }).max(160, { message: "booking.errors.tooLong" }),
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, { message: "booking.errors.postalCode" }),
  city: z.string().trim().min(2, { message: "booking.errors.city" }).max(80, { message: "booking.errors.tooLong" }),
  country: z.enum(COUNTRIES, { message: "booking.errors.country" }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "booking.errors.email" })),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()/-]{6,24}$/, { message: "booking.errors.phone" }),
});
export type InvoiceInput = z.infer<typeof invoiceSchema>;

/**
 * The checkout form: the invoice information and the damage waiver box, which a browser posts as "on"
 * when ticked and not at all when not. Anything else is no answer to the box.
 */
export const checkoutSchema = invoiceSchema.extend({
  damageWaiver: z
    .preprocess(emptyToUndefined, z.literal("on", { message: "booking.errors.damageWaiver" }).optional())
    .transform((value) => value === "on"),
});
