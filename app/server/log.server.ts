import cluster from "node:cluster";
import pino from "pino";

/** One JSON line per event; the request log line comes from the Express entry. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  // With several server processes, each line says which one wrote it.
  base: cluster.isWorker ? { worker: cluster.worker?.id } : undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "password"],
});
