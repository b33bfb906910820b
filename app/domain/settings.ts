import { z } from "zod";
import { gtmContainerId } from "./analytics";

/** Business and legal data, shown on the impressum and privacy pages and in e-mails and invoices. */
export const businessSchema = z.object({
  name: z.string().min(1).max(120),
  legalName: z.string().min(1).max(160),
  street: z.string().min(1).max(160),
  postalCode: z.string().min(1).max(20),
  town: z.string().min(1).max(80),
  country: z.string().length(2),
  vatId: z.string().min(1).max(40),
  registry: z.string().max(160).default(""),
  phone: z.string().min(1).max(40),
  email: z.email(),
});

/** Every setting with its default. Secrets (payment keys, SMTP password) never live here. */
export const settingsSchema = z.object({
  business: businessSchema.default({
    name: "Dolomiti Rent",
    legalName: "Dolomiti Rent S.r.l.",
    street: "Via Dolomiti 1",
    postalCode: "39046",
    town: "Val Lumina",
    country: "IT",
    vatId: "IT00000000000",
    registry: "",
    phone: "+39 0471 000000",
    email: "info@dolomiti-rent.example",
  }),
  currency: z.literal("EUR").default("EUR"),
  defaultVatRateBp: z.number().int().min(0).max(10000).default(2200),
  gtmId: gtmContainerId.nullable().default(null),
  holdMinutes: z.number().int().min(5).max(240).default(30),
  turnaroundMinutes: z.number().int().min(0).max(1440).default(60),
  cancellationFreeHours: z.number().int().min(0).max(720).default(48),
  discountOffer: z
    .object({ percent: z.number().int().min(0).max(50), minDaysAhead: z.number().int().min(1).max(365) })
    .nullable()
    .default({ percent: 10, minDaysAhead: 14 }),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
