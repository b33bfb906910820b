import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { readDamagePhoto } from "../../server/counter/damage.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { found, param } from "../../server/http/results.server";

/**
 * /admin/order/{id}/damage/{hash}-{w}x{h}.{avif|webp}: a damage photo, for staff of the order's branch only
 * (decision 046). Private: no shared cache keeps it, and it is no /media address anyone could pass on.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  const photo = found(await readDamagePhoto(user, param(z.uuid(), params.id), String(params.file)));
  return new Response(new Uint8Array(photo.data), {
    headers: { "Content-Type": photo.type, "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
  });
}
