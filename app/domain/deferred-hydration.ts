/**
 * The inert forms of React Router's module preloads and bootstrap script (decision 024). The server
 * writes them into the document and the page's own script turns them back on, so both sides read the
 * names from here rather than from each other.
 */
export const INERT_PRELOAD = "x-modulepreload";
export const INERT_MODULE = "x-deferred-module";
