import { rowId } from "../../domain/ids";
import { readItemPictureFile } from "../../server/media/item-pictures.server";
import type { Route } from "./+types/item-picture";

/**
 * /media/items/{itemId}/{hash}-{width}x{height}.webp: a stored picture file. The name is the content's
 * hash, so the file never changes: browsers and proxies keep it for a year without asking again.
 * Anything that is not such a name (a path, `..`, another extension) is a 404 before the disk is touched.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const itemId = rowId.safeParse(params.itemId).data ?? 0;
  const file = await readItemPictureFile(itemId, params.file);
  if (!file)
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
