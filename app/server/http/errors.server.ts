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
