import { data } from "react-router";

/** The one way a route says "no such page": 404, rendered as "Page not found: {path}" by the error page. */
export function notFound(): never {
  throw data({ message: "Not Found" }, { status: 404, statusText: "Not Found" });
}

/** Validates a route parameter; a value of the wrong shape is a page that does not exist (spec §8). */
export function param<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) notFound();
  return result.data;
}

/**
 * A route's `headers`: an action's 429 keeps its Retry-After on the page (React Router sends an action's
 * headers only through this function).
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }): Headers {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}

/** Whole minutes to wait, for a message that says "try again in {{count}} minutes" (at least one). */
export function waitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** An action's answer to too many attempts: 429 with Retry-After (the route's `headers` is `passRetryAfter`). */
export function tooManyAttempts<T>(body: T, retryAfterSeconds: number) {
  return data(body, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
