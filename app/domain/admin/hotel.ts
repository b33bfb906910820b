/** Partner hotels: the admin form. Their commission report is in domain/reports/hotel-reports.ts. */
import { z } from "zod";
import { checkbox, integer, optionalText, requiredText } from "./fields";

export const hotelSchema = z.object({
  name: requiredText(120),
  street: optionalText(160).transform((value) => value ?? ""),
  town: requiredText(80),
  discountPercent: integer(0, 100),
  commissionPercent: integer(0, 100),
  active: checkbox,
});

export type HotelInput = z.infer<typeof hotelSchema>;
