import { jsonLdText } from "../domain/structured-data";

/** Structured data for search engines; a data block, never run, so the page's CSP does not concern it. */
export function JsonLd({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: jsonLdText escapes "<", so nothing can leave the element
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
