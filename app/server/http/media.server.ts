/**
 * /media/{owner}/{ownerId}/{hash}-{width}x{height}.{avif|webp}: a stored picture file of an item, branch,
 * category, storefront or offer (decision 031). The name is the content's hash, so the file never changes:
 * browsers and proxies keep it for a year without asking again. Anything that is not such an owner, id and
 * name (a path, `..`, another extension) is a 404 before the disk is touched (`readPictureFile`). Served
 * before the router: a page has a dozen pictures, and none of them needs a page's work (issue 18).
 */
import type { RequestHandler } from "express";
import { readPictureFile } from "../media/pictures.server";

export function mediaFiles(): RequestHandler {
  return async (req, res, next) => {
    try {
      const { owner, ownerId, file } = req.params as Record<string, string>;
      const found = await readPictureFile(owner, ownerId, file);
      if (!found) {
        res.status(404).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send("Not Found");
        return;
      }
      res.set({ "Content-Type": found.type, "Cache-Control": "public, max-age=31536000, immutable" }).send(found.data);
    } catch (error) {
      next(error);
    }
  };
}
