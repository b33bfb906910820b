// Moved to app/server/http/back-office-guards.server.ts (issue 34); this forwards until the last importer has moved.
export * from "../http/back-office-guards.server";
