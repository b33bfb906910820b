import { redirect } from "react-router";
import { z } from "zod";
import { locales, localizePath, splitLocale } from "../../domain/i18n";
import { returnPath } from "../../domain/redirect";
import { languageCookie } from "../../server/http/cookies.server";
import { readFormData } from "../../server/http/forms.server";
import type { Route } from "./+types/language";

const form = z.object({ locale: z.enum(locales), to: returnPath });

/** Switches the interface language: sets the cookie and shows the same page in the new language. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = form.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const { locale, to } = parsed.data;
  const url = new URL(to, "http://x");
  const { path } = splitLocale(url.pathname);
  return redirect(`${localizePath(path, locale)}${url.search}`, { headers: { "Set-Cookie": await languageCookie(locale) } });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
