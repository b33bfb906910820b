import { readPictureFile } from "../../server/media/pictures.server";
import type { Route } from "./+types/picture";

/**
 * /media/{owner}/{ownerId}/{hash}-{width}x{height}.{avif|webp}: a stored picture file of an item, branch,
 * category, storefront or offer. The name is the content's hash, so the file never changes: browsers and
 * proxies keep it for a year without asking again. Anything that is not such an owner, id and name (a
 * path, `..`, another extension) is a 404 before the disk is touched.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await readPictureFile(params.owner, params.ownerId, params.file);
  if (!file)
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
