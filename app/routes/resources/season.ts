import { redirect } from "react-router";
import { z } from "zod";
import { returnPath } from "../../domain/redirect";
import { readFormData } from "../../server/http/forms.server";
import { seasonCookie, seasonSchema } from "../../server/http/season.server";
import type { Route } from "./+types/season";

const form = z.object({ season: seasonSchema, to: returnPath });

/** Switches between the winter and summer storefront for this visit, staying on the page. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = form.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  return redirect(parsed.data.to, { headers: { "Set-Cookie": seasonCookie(parsed.data.season) } });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
