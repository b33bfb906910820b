import { data, redirect } from "react-router";
import { z } from "zod";
import { returnPath } from "../../domain/redirect";
import { consentCookie } from "../../server/http/cookies.server";
import { readFormData } from "../../server/http/forms.server";
import type { Route } from "./+types/consent";

const form = z.object({ consent: z.enum(["all", "necessary"]), to: returnPath });

/** Stores the visitor's cookie choice. With JavaScript the banner posts in the background; without, it comes back. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = form.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const headers = { "Set-Cookie": consentCookie(parsed.data.consent) };
  // A fetcher submission (JavaScript on) wants data; a plain form post wants the page back.
  if (request.headers.get("accept")?.includes("text/html")) {
    return redirect(parsed.data.to, { headers });
  }
  return data({ consent: parsed.data.consent }, { headers });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
