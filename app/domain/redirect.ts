import { z } from "zod";

/** A same-site path to go back to after a form post; anything else (//evil, https://...) becomes "/". */
export const returnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .catch("/");
