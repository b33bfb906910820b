import { z } from "zod";

/** A Google Tag Manager container id, as the spec requires: GTM- followed by upper-case letters or digits. */
export const gtmContainerId = z
  .string()
  .regex(/^GTM-[A-Z0-9]+$/, "must look like GTM-ABC123 (GTM- followed by upper-case letters or digits)");
