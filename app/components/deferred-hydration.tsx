import { INERT_MODULE, INERT_PRELOAD } from "../domain/deferred-hydration";
import { MESSAGES_META } from "../i18n/bundles";

/**
 * Fetches the page's messages and turns the inert preloads and bootstrap script back on once the browser reports the first contentful
 * paint (the moment the visitor sees the page; a frame is painted well before it is presented). A tab
 * in the background paints nothing, and a browser without paint timing gets the next frame; the timer
 * is the last resort.
 */
const SCRIPT = `(()=>{let started=false;const start=()=>{if(started)return;started=true;
const m=document.querySelector('meta[name="${MESSAGES_META}"]');if(m){const p=document.createElement("link");p.rel="preload";p.as="fetch";p.crossOrigin="anonymous";p.href=m.content;document.head.append(p)}
for(const l of document.querySelectorAll('link[rel="${INERT_PRELOAD}"]')){const p=document.createElement("link");p.rel="modulepreload";p.href=l.href;document.head.append(p)}
const d=document.querySelector('script[type="${INERT_MODULE}"]');if(!d)return;const s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;d.after(s)};
if(document.visibilityState==="hidden")return start();
try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true})}
catch{requestAnimationFrame(()=>setTimeout(start))}
setTimeout(start,1500)})();`;

/** The id of the last element of every page: the first paint waits until it is parsed (`RenderAfterParsing`). */
const PAGE_END = "page-end";

export function DeferredHydration({ nonce }: { nonce: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no outside input
  return <script id={PAGE_END} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}

/**
 * Holds the first paint until the whole page is parsed. With the stylesheet inlined nothing else holds
 * it, and the browser may paint the first half of a document that arrives in pieces: the header's
 * links, then the rest beside them, a shift the visitor sees. `rel="expect"` blocks rendering only
 * until the element is parsed; browsers without it ignore the link.
 */
export function RenderAfterParsing() {
  return <link rel="expect" href={`#${PAGE_END}`} blocking="render" />;
}
