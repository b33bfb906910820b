import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/** Reads a stylesheet of the build as text; given on the server only (entry.server). */
export const StylesheetTextContext = createContext<((href: string) => string | undefined) | undefined>(undefined);

/**
 * The site's stylesheet, inlined into the head when the server has its text, linked otherwise
 * (development). Both are React style resources keyed by href: on hydration React finds the server's
 * `<style data-href>` and keeps it, so the browser never fetches the file (decision 024).
 */
export function Stylesheet({ href }: { href: string }) {
  const read = useContext(StylesheetTextContext);
  // Under the response's CSP nonce: the policy allows no inline style element without it.
  const nonce = useNonce();
  const text = read?.(href);
  if (read && text === undefined) return <link rel="stylesheet" href={href} precedence="site" />;
  return (
    <style href={href} precedence="site" nonce={nonce}>
      {text ?? ""}
    </style>
  );
}
