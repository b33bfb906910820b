import { redirect } from "react-router";
import { z } from "zod";
import { parse } from "../../domain/forms";
import { locales, localizePath, splitLocale } from "../../domain/i18n";
import { returnPath } from "../../domain/redirect";
import { languageCookie } from "../../server/http/cookies.server";
import { readForm } from "../../server/http/forms.server";
import { badRequest } from "../../server/http/results.server";
import type { Route } from "./+types/language";

const form = z.object({ locale: z.enum(locales), to: returnPath });

/** Switches the interface language: sets the cookie and shows the same page in the new language. */
export async function action({ request }: Route.ActionArgs) {
  const input = parse(form, (await readForm(request)).values);
  if (!input.ok) badRequest();
  const { locale, to } = input.value;
  const url = new URL(to, "http://x");
  const { path } = splitLocale(url.pathname);
  return redirect(`${localizePath(path, locale)}${url.search}`, { headers: { "Set-Cookie": await languageCookie(locale) } });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
