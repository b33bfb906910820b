import { locales, localizePath } from "../../domain/i18n";
import { publicOrigin } from "../../server/config.server";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const lines = [
    "User-agent: *",
    ...locales.flatMap((l) => [`Disallow: ${localizePath("/admin", l)}`, `Disallow: ${localizePath("/order/", l)}`]),
    "",
    ...locales.map((l) => `Sitemap: ${origin}${localizePath("/sitemap.xml", l)}`),
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
