/**
 * A PDF the shop hands out (a signed contract, a label sheet): shown inline under its name, kept by nobody on
 * the way (`private, no-store`) and out of search engines. The services make the bytes; the route answers
 * with them here, so no service builds a `Response`.
 */
export function pdfResponse(pdf: Uint8Array, filename: string, sha256Hex?: string): Response {
  const headers: Record<string, string> = {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${filename}"`,
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  };
  // A stored file's SHA-256 in `Repr-Digest` (RFC 9530), so a client can check what it got against the list.
  if (sha256Hex) headers["Repr-Digest"] = `sha-256=:${Buffer.from(sha256Hex, "hex").toString("base64")}:`;
  return new Response(Buffer.from(pdf), { headers });
}
