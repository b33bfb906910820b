import { type MouseEvent, type ReactNode, useMemo, useState } from "react";
import { useNavigate } from "react-router";

/**
 * True until the app's first commit in the browser. Components that mount while it is true are the ones
 * the server rendered: their DOM is already on the page.
 */
let hydrating = typeof document !== "undefined";

/** Called once by the root after its first commit in the browser. */
export function hydrationDone() {
  hydrating = false;
}

/** The same object every render, so React never sees a new inner HTML and never touches the DOM. */
const KEEP_SERVER_HTML = { __html: "" };
const LIVE = Symbol("live");

/**
 * Content the visitor reads but does not interact with (decision 032): rendered on the server as usual,
 * and left as the server wrote it when the page hydrates. React skips the children of an element with
 * inner HTML, so none of them is rendered, compared or formatted again in the browser: on a phone that
 * is most of a content page's hydration. It stays that way while `data` has the same value (the loader
 * data it was rendered from); other data (another page in the same layout, a change) renders the children
 * the ordinary way.
 *
 * Links inside are plain anchors until then; a click on one is still a client-side navigation, as a
 * React Router `<Link>` would make it (`data-keep-scroll` on the link for `preventScrollReset`). Nothing inside
 * may need event handlers or state.
 */
export function Static({ data, children, className }: { data: unknown; children: ReactNode; className?: string }) {
  const [serverData, setServerData] = useState<unknown>(() => (hydrating ? data : LIVE));
  const navigate = useNavigate();
  // A revalidation (the consent banner's choice, a season switch) brings the same data as a new object:
  // compared by value, so the page is not rendered again for nothing.
  const same = useMemo(
    () => serverData !== LIVE && (serverData === data || JSON.stringify(serverData) === JSON.stringify(data)),
    [serverData, data],
  );
  // Once the children were rendered in the browser the server's DOM is gone: going back to data equal to the
  // first (a filter chosen and cleared again) must render them, not an empty box.
  if (!same && serverData !== LIVE) setServerData(LIVE);
  if (!same) {
    return (
      <div key="live" className={className}>
        {children}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates the clicks of the links inside (Enter on a link is a click too)
    // biome-ignore lint/a11y/useKeyWithClickEvents: idem
    <div
      key="server"
      className={className}
      onClick={(event) => followLink(event, navigate)}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant; React keeps the server's DOM
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
    />
  );
}

/** A plain click on a same-origin link navigates in the app, as `<Link>` does; anything else is the browser's. */
function followLink(event: MouseEvent<HTMLDivElement>, navigate: ReturnType<typeof useNavigate>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element).closest?.("a");
  if (!anchor || !event.currentTarget.contains(anchor)) return;
  if (anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("data-reload-document"))
    return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  // `<Link preventScrollReset>` renders no attribute; a link that must keep the scroll says so itself.
  navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
}
