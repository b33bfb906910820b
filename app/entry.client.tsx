import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { guardRouterReloads, reloadAfterChunkError } from "./components/client-resilience";
import { loadBundle, MESSAGES_META } from "./i18n/bundles";

// Vite reports a failed preload of a lazy chunk (after a new deploy removed it): reload once, guarded.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

guardRouterReloads();

// A request the router gave up because a newer navigation replaced it (a quick second click, a tab chosen
// while the last one still loads) rejects with an AbortError that nothing waits for any more. It is no
// error of the page: left alone, the browser reports it as an uncaught one.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The page's messages come as a file of their own (decision 024); hydrating without them would put
// message keys where the server wrote text. If they cannot load, the page stays as the server rendered
// it: every link and form works without JavaScript.
// Hydration starts in a task of its own: evaluating the modules is already one long task on a phone,
// and the two together would block the page twice as long.
const messagesUrl = document.querySelector<HTMLMetaElement>(`meta[name="${MESSAGES_META}"]`)?.content;
const ready = messagesUrl ? loadBundle(messagesUrl) : Promise.resolve();
ready.then(
  () => setTimeout(hydrate),
  (error) => console.warn(error),
);
