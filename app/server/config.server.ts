/**
 * The process's configuration, read once from the environment and validated with Zod.
 * A bad value stops the start with a message naming the variable.
 */
import { z } from "zod";
import { gtmContainerId } from "../domain/analytics";
import { allowedHostsSchema, type HostPolicy, hostPolicy, linkOrigin, trustProxySchema } from "../domain/hosts";

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
    /** Further host names the shop answers to (besides PUBLIC_URL's); without both, only localhost. */
    ALLOWED_HOSTS: optional(allowedHostsSchema),
    /** Proxies whose X-Forwarded-* headers are believed; none by default. */
    TRUST_PROXY: optional(trustProxySchema),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres://")),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** Server processes on PostgreSQL (default: one per core); PGlite lives inside one process, so it gets one. */
    WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)),
    /** Requests one process works on at once; more wait their turn (docs/benchmarks.md, "Load"). */
    MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10000).default(16),
    /** How long a request may wait for its turn before it gets a 503 "busy" (0: at once). */
    MAX_QUEUE_MS: z.coerce.number().int().min(0).max(60000).default(1000),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    /** Encrypts two-factor (TOTP) secrets at rest; generated into DATA_DIR when not set. */
    TOTP_ENCRYPTION_KEY: optional(z.string().min(32, "must be at least 32 characters")),
    LANGUAGE_COOKIE: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, "may hold only letters, digits, _ and -")
      .default("lang"),
    GTM_ID: optional(gtmContainerId),
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
    /** `true`: the demo catalogue and a season of orders; `empty`: the catalogue alone; `false`: nothing. */
    SEED_DEMO: z.enum(["true", "empty", "false"]).default("true"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Pages of links kept whole for visitors with nothing of their own (decision 038); `off` renders every one. */
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
    HOLD_SWEEP_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    /** How often each process looks for reminder e-mails that are due (decision 047). */
    REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
    /**
     * Test only: fixes the reminders' clock at this instant (ISO 8601 with an offset), so a test can run the
     * shop "on the day before a pickup". Nothing else reads it; the shop logs a warning when it is set.
     */
    REMINDER_CLOCK: optional(z.iso.datetime({ offset: true }).transform((value) => new Date(value))),
    /** Calls one API key may make per minute, counted across every process (decision 049); the next get 429. */
    API_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(600),
    /** How often each process looks for webhook deliveries that are due (decision 050). */
    WEBHOOK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /**
     * Test only: lets webhook endpoints point into private networks (127.0.0.1, 10/8, ...), which are refused
     * otherwise (SSRF, decision 050). The shop logs a warning when it is on.
     */
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    PAYMENT_PROVIDER: z.enum(["demo", "stripe"]).default("demo"),
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_... or sk_live_...)"),
    ),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be a Stripe webhook signing secret (whsec_...)")),
    /** Test only: the base URL of a local stand-in for the Stripe API. */
    STRIPE_API_URL: optional(z.url()),
    /** How long one request to Stripe may take (the SDK tries twice more after a timeout or a 5xx). */
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
    /** Signs the demo provider's webhooks; generated into DATA_DIR when not set. */
    DEMO_WEBHOOK_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")),
    MAIL_FROM: z.string().min(3).default("Dolomiti Rent <booking@dolomiti-rent.example>"),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER !== "stripe") return;
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when PAYMENT_PROVIDER=stripe" });
    }
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
  policies.delete(config);
}

/** The validated configuration; parsed from process.env on first use when start-up did not set it. */
export function getConfig(): Config {
  const holder = globalThis as Holder;
  holder[key] ??= parseConfig(process.env);
  return holder[key];
}

/** How many server processes to run: WEB_CONCURRENCY or one per core on PostgreSQL, always one on PGlite. */
export function processCount(config: Config, cores: number): number {
  if (!config.DATABASE_URL) return 1;
  return config.WEB_CONCURRENCY ?? cores;
}

const policies = new WeakMap<Config, HostPolicy>();

/** The host names the shop answers to and its configured origin (domain/hosts.ts). */
export function getHostPolicy(config: Config = getConfig()): HostPolicy {
  let policy = policies.get(config);
  if (!policy) {
    policy = hostPolicy(config);
    policies.set(config, policy);
  }
  return policy;
}

/**
 * The origin of the shop's absolute links (e-mails, canonical links, sitemaps, payment returns): PUBLIC_URL
 * when set, else the request's own origin once its host is one the shop serves. No trailing slash.
 */
export function publicOrigin(request: Request): string {
  return linkOrigin(getHostPolicy(), request.url);
}
