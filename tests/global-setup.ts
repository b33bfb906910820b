import { renderDemoPictures } from "../app/server/db/seed/seed.server";
import { preparePgliteTemplate } from "./helpers/pglite-template";

/**
 * Once, before the test files start: renders the demo pictures into their cache (every file seeds its own
 * shop, and on a cold cache, a fresh clone, each would otherwise render the same pictures side by side) and
 * writes the migrated PGlite template that test databases start from.
 */
export async function setup() {
  await Promise.all([renderDemoPictures(), preparePgliteTemplate()]);
}
