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
