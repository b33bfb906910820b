import { z } from "zod";
import { locales } from "../../domain/i18n";
import { messageBundle } from "../../i18n/messages.server";
import { param } from "../../server/http/results.server";
import type { Route } from "./+types/message-bundle";

const file = z
  .string()
  .regex(/^[a-z]{2}\.(site|admin)\.[0-9a-f]{12}\.json$/)
  .transform((name) => {
    const [locale, area, version] = name.split(".");
    return { locale, area, version };
  })
  .pipe(z.object({ locale: z.enum(locales), area: z.enum(["site", "admin"]), version: z.string() }));

/**
 * /i18n/{locale}.{site|admin}.{hash}.json: the messages a browser needs (decision 024). The current
 * hash is cached for a year; an old one (a page from before a deploy) gets today's messages, uncached.
 */
export function loader({ params }: Route.LoaderArgs) {
  const { locale, area, version } = param(file, params.file);
  const bundle = messageBundle(locale, area);
  const current = bundle.version === version;
  return new Response(bundle.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
