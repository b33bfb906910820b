import { z } from "zod";
import { locales } from "../../domain/i18n";
import { messages } from "../../i18n/messages.server";
import { notFound, param } from "../../server/http/results.server";
import type { Route } from "./+types/messages";

const file = z
  .string()
  .regex(/^[a-z]{2}\.json$/)
  .transform((f) => f.slice(0, 2))
  .pipe(z.enum(locales));

/** /app/i18n/lang/{locale}.json: one language's messages (docs/spec.md §7), for tools and clients that want them. */
export function loader({ params }: Route.LoaderArgs) {
  const locale = param(file, params.file);
  if (!messages[locale]) notFound();
  return Response.json(messages[locale], { headers: { "Cache-Control": "public, max-age=300" } });
}
