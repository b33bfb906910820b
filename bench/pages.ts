/** Helpers shared by the page benchmarks (bench/ssr.ts, bench/lighthouse.ts). */
import { demoItems } from "../app/demo/demo-data";

/** The headers of bench/run.ts: a browser (bots get no rendered error page) that accepts gzip. */
export const BROWSER_HEADERS = { "user-agent": "Mozilla/5.0 (bench) Chrome/156", "accept-encoding": "gzip" };

/** A rental item of the demo seed, for the item page (`/item/{slug}`). */
export const RENTAL_ITEM_SLUG = demoItems.find((item) => item.kind === "rental")!.slug;

/**
 * The paths that answer 200 to a first-time browser visit, in the given order. A path that answers
 * otherwise (404, a redirect: a seed without that branch or item) is left out with a warning, not an error.
 */
export async function answeringPaths(baseUrl: string, paths: string[]): Promise<string[]> {
  const answering: string[] = [];
  for (const path of paths) {
    const response = await fetch(baseUrl + path, { headers: BROWSER_HEADERS, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status === 200) answering.push(path);
    else console.warn(`warning: ${path} answers ${response.status}, left out`);
  }
  return answering;
}
