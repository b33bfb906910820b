/**
 * The build's stylesheets as text, to inline into each document's head (decision 024): on a phone's first
 * visit a separate stylesheet costs a connection and a round trip before anything can paint. Only the
 * build's own hashed `.css` assets are read, once each; in development (no client build) there is nothing
 * to inline and the page links the stylesheet instead.
 */
import { readFileSync } from "node:fs";
import { join, normalize } from "node:path";

export type StylesheetReader = (href: string) => string | undefined;

const ASSET = /^\/assets\/[\w.-]+\.css$/;

export function createStylesheetReader(clientDir: string | undefined): StylesheetReader {
  const texts = new Map<string, string | undefined>();
  return (href) => {
    if (!clientDir || !ASSET.test(href)) return undefined;
    if (!texts.has(href)) {
      let text: string | undefined;
      try {
        text = readFileSync(join(clientDir, normalize(href)), "utf8");
      } catch {
        text = undefined;
      }
      texts.set(href, text);
    }
    return texts.get(href);
  };
}
