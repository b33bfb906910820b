import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { guardRouterReloads, reloadAfterChunkError } from "./components/client-resilience";

// Vite reports a failed preload of a lazy chunk (after a new deploy removed it): reload once, guarded.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

guardRouterReloads();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
