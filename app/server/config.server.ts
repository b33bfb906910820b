/**
 * The process's configuration, read once from the environment and validated with Zod.
 * A bad value stops the start with a message naming the variable.
 */
import { z } from "zod";
import { gtmContainerId } from "../domain/analytics";

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: optional(z.url()),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres://")),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  LANGUAGE_COOKIE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "may hold only letters, digits, _ and -")
    .default("lang"),
  GTM_ID: optional(gtmContainerId),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

const key = Symbol.for("rental.config");
type Holder = { [key]?: Config };

export function setConfig(config: Config) {
  (globalThis as Holder)[key] = config;
}

/** The validated configuration; parsed from process.env on first use when start-up did not set it. */
export function getConfig(): Config {
  const holder = globalThis as Holder;
  holder[key] ??= parseConfig(process.env);
  return holder[key];
}
