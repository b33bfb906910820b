import { data, redirect } from "react-router";
import { z } from "zod";
import { parse } from "../../domain/forms";
import { returnPath } from "../../domain/redirect";
import { consentCookie } from "../../server/http/cookies.server";
import { readForm } from "../../server/http/forms.server";
import { badRequest } from "../../server/http/results.server";
import type { Route } from "./+types/consent";

const form = z.object({ consent: z.enum(["all", "necessary"]), to: returnPath });

/** Stores the visitor's cookie choice. With JavaScript the banner posts in the background; without, it comes back. */
export async function action({ request }: Route.ActionArgs) {
  const input = parse(form, (await readForm(request)).values);
  if (!input.ok) badRequest();
  const headers = { "Set-Cookie": consentCookie(input.value.consent) };
  // A fetcher submission (JavaScript on) wants data; a plain form post wants the page back.
  if (request.headers.get("accept")?.includes("text/html")) {
    return redirect(input.value.to, { headers });
  }
  return data({ consent: input.value.consent }, { headers });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
