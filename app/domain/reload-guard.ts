/** After a chunk-load failure the page reloads once; another reload is blocked for this long (docs/spec.md §9). */
export const RELOAD_GUARD_MS = 10_000;

/** Whether a failed lazy import (a stale chunk after a new build) caused this error. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "");
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** Whether a reload is allowed now, given when the last guarded reload happened (ms since epoch, or null). */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}
