/** Draws every demo picture into the picture cache (see scripts/prepare-demo.mjs); a warm cache costs milliseconds. */
import { renderDemoPictures } from "../app/server/db/seed/seed.server";

const started = performance.now();
await renderDemoPictures();
console.log(`Demo pictures ready (${((performance.now() - started) / 1000).toFixed(1)} s).`);
