/** Browser glue for the chunk-reload guard and new-build detection. */
import { mayReload } from "../domain/reload-guard";

const GUARD_KEY = "rental:chunk-reload-at";

/** Reloads the page unless a guarded reload happened in the last 10 s. Returns whether it reloads. */
export function reloadAfterChunkError(): boolean {
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
  window.location.reload();
  return true;
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
