import { z } from "zod";
import { returnPath } from "./redirect";

export const loginForm = z.object({
  email: z.string().trim().min(1, "validation.required").max(254, "validation.email").pipe(z.email("validation.email")),
  password: z.string().min(1, "validation.required").max(1024, "validation.invalid"),
  next: returnPath.optional(),
});
