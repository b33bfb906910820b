import { INERT_MODULE, INERT_PRELOAD } from "../domain/deferred-hydration";
import { MESSAGES_META } from "../i18n/bundles";

/**
 * Turns the page's messages and modules back on (fetches and runs them):
 *
 * - `"paint"`: once the browser reports the first contentful paint (the moment the visitor sees the page; a
 *   frame is painted well before it is presented). Pages with forms and widgets (the booking steps, the
 *   back office).
 * - `"interaction"`: fetched once the page has painted and loaded (its pictures first, on a slow link), one file
 *   per idle moment so that no task of the load grows by it, and run at the visitor's first sign of use (a touch, a key, the pointer moving, a scroll; never before the paint). Pages of links only
 *   (decision 032): their links and the header's forms work as plain HTML, so until then a phone's main
 *   thread stays free for the page itself; evaluating 115 KiB of JavaScript is a quarter of a second there
 *   (decision 033).
 *
 * A tab in the background paints nothing, and a browser without paint timing gets the next frame; the timer
 * is the last resort.
 */
const script = (until: "paint" | "interaction") => `(()=>{let queue=null,ran=false,shown=false,used=${until === "paint"};
const links=()=>{if(queue)return queue;queue=[];const m=document.querySelector('meta[name="${MESSAGES_META}"]');if(m)queue.push(["preload",m.content]);
for(const l of document.querySelectorAll('link[rel="${INERT_PRELOAD}"]'))queue.push(["modulepreload",l.href]);return queue};
const add=([rel,href])=>{const p=document.createElement("link");p.rel=rel;p.href=href;if(rel==="preload"){p.as="fetch";p.crossOrigin="anonymous"}document.head.append(p)};
const idle=window.requestIdleCallback||((f)=>setTimeout(f,50));
const fetchIdle=()=>{const next=links().shift();if(next){add(next);idle(fetchIdle)}};
const run=()=>{if(ran)return;ran=true;for(const l of links().splice(0))add(l);for(const e of USE)removeEventListener(e,use,true);
const d=document.querySelector('script[type="${INERT_MODULE}"]');if(!d)return;const s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;d.after(s)};
const use=()=>{used=true;if(shown)run()};
const USE=["pointerdown","pointermove","touchstart","keydown","focusin","wheel","scroll"];
if(!used)for(const e of USE)addEventListener(e,use,{capture:true,passive:true});
const later=()=>idle(fetchIdle);
const painted=()=>{if(shown)return;shown=true;if(used)run();else if(document.readyState==="complete")later();else addEventListener("load",later)};
if(document.visibilityState==="hidden")return painted();
try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted()}}).observe({type:"paint",buffered:true})}
catch{requestAnimationFrame(()=>setTimeout(painted))}
setTimeout(painted,1500)})();`;
const SCRIPTS = { paint: script("paint"), interaction: script("interaction") };

/** The id of the last element of every page: the first paint waits until it is parsed (`RenderAfterParsing`). */
const PAGE_END = "page-end";

export function DeferredHydration({ nonce, until }: { nonce: string | undefined; until: "paint" | "interaction" }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no outside input
    <script id={PAGE_END} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPTS[until] }} />
  );
}

/**
 * Holds the first paint until the whole page is parsed. Once its stylesheet is there (cached after the first
 * page) nothing else holds it, and the browser may paint the first half of a document that arrives in pieces:
 * the header's links, then the rest beside them, a shift the visitor sees. `rel="expect"` blocks rendering only
 * until the element is parsed; browsers without it ignore the link.
 */
export function RenderAfterParsing() {
  return <link rel="expect" href={`#${PAGE_END}`} blocking="render" />;
}
