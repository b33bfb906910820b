import "react-router";

declare module "react-router" {
  /** What the Express entry gives every loader and action. */
  interface AppLoadContext {
    /** CSP nonce of this response. */
    nonce: string;
    requestId: string;
    /** Version of the client build the server runs (its manifest version). */
    buildVersion: string;
    /** The client's IP address as Express sees it (`req.ip`, through trusted proxies only): for rate limits. */
    clientAddress: string;
    /** Set by the document's render when the page may be kept for the next visitor with the same cookies (decision 038). */
    pageCache?: import("./server/http/page-cache.server").PageCacheNote;
  }
}
