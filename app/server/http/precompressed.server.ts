/**
 * The build's hashed assets as the build compressed them (Brotli 11 and gzip 9, files written next to
 * each asset by the precompress plugin in vite.config.ts): smaller than compressing per request at the
 * middleware's level 6, and no CPU per request. Anything without a compressed twin falls through to
 * express.static and the compression middleware.
 */
import { existsSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import type { RequestHandler } from "express";

const PRECOMPRESSED_EXTENSIONS = [".js", ".css", ".svg"];
const SUFFIX = { br: ".br", gzip: ".gz" } as const;

export function precompressedAssets(dir: string): RequestHandler {
  // Assets never change while the process runs: remember which twins exist.
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) {
      known = existsSync(file);
      exists.set(file, known);
    }
    return known;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = normalize(req.path).replace(/^[/\\]+/, "");
    if (name.startsWith("..") || !PRECOMPRESSED_EXTENSIONS.includes(extname(name))) return next();
    // Brotli whenever the browser takes it: browsers list gzip first with the same weight.
    const encoding = req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
    if (!encoding) return next();
    const file = join(dir, name + SUFFIX[encoding]);
    if (!has(file)) return next();
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Encoding", encoding);
    res.type(extname(name));
    res.sendFile(file, { immutable: true, maxAge: "1y" }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
