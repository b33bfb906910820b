import { redirect } from "react-router";
import { z } from "zod";
import { parse } from "../../domain/forms";
import { afterSeasonSwitch, returnPath } from "../../domain/redirect";
import { seasonSchema } from "../../domain/vocabulary";
import { readForm } from "../../server/http/forms.server";
import { badRequest } from "../../server/http/results.server";
import { seasonCookie } from "../../server/http/season.server";
import type { Route } from "./+types/season";

const form = z.object({ season: seasonSchema, to: returnPath, page: seasonSchema.optional().catch(undefined) });

/**
 * Switches between the winter and summer storefront for this visit, staying on the page, or, from a page
 * of the other season, going to the chosen season's booking.
 */
export async function action({ request }: Route.ActionArgs) {
  const input = parse(form, (await readForm(request)).values);
  if (!input.ok) badRequest();
  const { season, to, page } = input.value;
  return redirect(afterSeasonSwitch(to, season, page), { headers: { "Set-Cookie": seasonCookie(season) } });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
