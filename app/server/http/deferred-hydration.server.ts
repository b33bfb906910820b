/**
 * Hydration after the first paint (decision 024). Every page is complete as HTML with its stylesheet
 * inlined, and works without JavaScript; its hydration code (110+ KiB) only adds behaviour. React
 * Router's `<Scripts>` makes the browser fetch that code while the document is still parsing, where on a
 * phone's slow link it competes with the page itself and its evaluation delays the first paint. React
 * Router offers no option for this, so the document is rewritten as it streams out:
 *
 * - the module preloads become inert `rel="x-modulepreload"` links;
 * - the bootstrap module script becomes an inert `type="x-deferred-module"` script.
 *
 * `<DeferredHydration>` (rendered after `<Scripts>`) turns both back on once the page has painted.
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { INERT_MODULE, INERT_PRELOAD } from "../../domain/deferred-hydration";

const REWRITES: [string, string][] = [
  ['<link rel="modulepreload" ', `<link rel="${INERT_PRELOAD}" `],
  ['type="module" async=""', `type="${INERT_MODULE}"`],
];

/** Applies the rewrites to a stream of HTML; a match split across two chunks is still found. */
export function deferHydration(): Transform {
  // The end of the text so far could be the start of a match: it waits for the next chunk.
  const keep = Math.max(...REWRITES.map(([from]) => from.length)) - 1;
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const rewrite = (text: string) => REWRITES.reduce((html, [from, to]) => html.replaceAll(from, to), text);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = rewrite(pending + decoder.write(chunk));
      let cut = Math.max(0, text.length - keep);
      // Never between the two halves of a surrogate pair.
      if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1])) cut--;
      pending = text.slice(cut);
      callback(null, text.slice(0, cut));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
