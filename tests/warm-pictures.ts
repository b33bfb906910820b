import { renderDemoPictures } from "../app/server/db/seed/seed.server";

/**
 * Renders the demo pictures into their cache once, before the test files start: every file seeds its own
 * shop, and on a cold cache (a fresh clone) each would otherwise render the same pictures side by side.
 */
export async function setup() {
  await renderDemoPictures();
}
