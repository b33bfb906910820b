/** Browser glue for the chunk-reload guard and new-build detection. */
import { mayReload } from "../domain/reload-guard";

const GUARD_KEY = "rental:chunk-reload-at";

/**
 * Claims the one guarded reload: true (and remembered) unless a guarded reload happened in the last 10 s.
 * sessionStorage keeps the time across the reload, per tab.
 */
function claimGuardedReload(): boolean {
  let last: number | null = null;
  try {
    const stored = window.sessionStorage.getItem(GUARD_KEY);
    last = stored === null ? null : Number(stored);
  } catch {
    // Storage can be blocked (private mode); then reload at most as often as the page loads.
  }
  const now = Date.now();
  if (!mayReload(last, now)) return false;
  try {
    window.sessionStorage.setItem(GUARD_KEY, String(now));
  } catch {}
  return true;
}

type RouterWindow = Window & {
  __reactRouterDataRouter?: { state: { navigation: { location?: { pathname: string; search: string; hash: string } } } };
};

/**
 * Where the visitor was going when a chunk failed: the URL of the navigation under way, or null when none
 * is (the failure belongs to the page on screen). Reloading the page on screen would land the visitor back
 * where they clicked, and they would have to click again.
 */
function navigationTarget(): string | null {
  const target = (window as RouterWindow).__reactRouterDataRouter?.state.navigation.location;
  return target ? `${target.pathname}${target.search}${target.hash}` : null;
}

/**
 * Loads the page the visitor asked for as a whole document, unless a guarded reload happened in the last
 * 10 s. Returns whether it does.
 */
export function reloadAfterChunkError(): boolean {
  if (!claimGuardedReload()) return false;
  window.location.assign(navigationTarget() ?? window.location.href);
  return true;
}

export const CHUNK_ERROR_EVENT = "rental:chunk-error";

/**
 * React Router reloads the page by itself, unguarded, when a route module fails to load, and announces it
 * with console.error("Error loading route module ..."). That announcement is the only moment before the
 * reload we can act on. The guard records the reload and puts the page the visitor was going to into the
 * address bar (as a new history entry, so Back still leads to the page they clicked on), so that the
 * router's `location.reload()` loads that page. Within 10 s of the last reload it throws instead (which
 * stops the reload) and tells the root to show the error page in place of the page that could not load.
 */
export function guardRouterReloads() {
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    if (typeof args[0] !== "string" || !args[0].startsWith("Error loading route module")) return;
    if (claimGuardedReload()) {
      const target = navigationTarget();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      if (target && target !== here) {
        // The router's own history entry shape, so its Back and Forward bookkeeping holds after the reload.
        const index = (window.history.state as { idx?: number } | null)?.idx;
        const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: typeof index === "number" ? index + 1 : 0 };
        window.history.pushState(state, "", target);
      }
      return;
    }
    const error = new TypeError(`Failed to fetch dynamically imported module: ${/`([^`]+)`/.exec(args[0])?.[1] ?? ""}`);
    window.dispatchEvent(new CustomEvent(CHUNK_ERROR_EVENT, { detail: error }));
    throw error;
  };
}

let newBuildSeen = false;
let lastCheck = 0;
const CHECK_EVERY_MS = 60_000;

/** Asks the server which build it runs (at most once a minute); remembers when it is newer than ours. */
export async function checkForNewBuild(currentVersion: string | undefined): Promise<boolean> {
  if (newBuildSeen) return true;
  const now = Date.now();
  if (!currentVersion || now - lastCheck < CHECK_EVERY_MS) return false;
  lastCheck = now;
  try {
    const response = await fetch("/version.json", { cache: "no-store" });
    if (!response.ok) return false;
    const body = (await response.json()) as { version?: unknown };
    newBuildSeen = typeof body.version === "string" && body.version !== currentVersion;
  } catch {
    // Offline or the server is restarting: try again on a later navigation.
  }
  return newBuildSeen;
}

export function isNewBuildKnown() {
  return newBuildSeen;
}
