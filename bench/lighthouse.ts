/**
 * `npm run bench:lighthouse`: Lighthouse (its default: mobile, simulated throttling) on the public pages
 * and the first booking steps, against the production server with the demo seed.
 *
 * Prints per page the four category scores, LCP, TBT, CLS, the page's JavaScript, and every failing audit
 * (score below 1) with the elements or resources that make it fail, so they can be fixed. Pages are loaded
 * as a first-time visitor sees them: no cookies, so the consent banner is part of the measure (it is
 * reported, not hidden). Runs Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium). Prints
 * figures; never fails for low scores. Build first (`npm run build`).
 *
 * Each page is measured three times (LIGHTHOUSE_RUNS overrides) and reported as the median run: the run
 * with the median performance score (ties: the median TBT), whose failing audits are the ones printed. Each
 * metric also shows its own median and min–max over the runs, and every run's benchmark index (Lighthouse's
 * measure of the machine's speed at that moment: a loaded machine shows it, and its TBT).
 *
 *   npm run bench:lighthouse                 PGlite (DATABASE_URL for PostgreSQL); the pages of issue 17
 *   LIGHTHOUSE_PAGES=all npm run bench:lighthouse       those and every other public page
 *   LIGHTHOUSE_PAGES=/,/stores npm run bench:lighthouse   only these pages
 *   LIGHTHOUSE_RUNS=5 npm run bench:lighthouse          five runs a page
 *   LIGHTHOUSE_OUT=dir npm run bench:lighthouse   also writes each median run's full report as JSON into dir
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type Result } from "lighthouse";
import { startShopProcess } from "../tests/helpers/server-process";
import { answeringPaths, RENTAL_ITEM_SLUG } from "./pages";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const outDir = process.env.LIGHTHOUSE_OUT;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The pages issue 17 names: home, branches, a branch, the season's branch choice, the dates step, an item. */
const defaultPages = ["/", "/stores", "/shop/ciaslin", "/rental/winter", "/rental/winter/ciaslin", `/item/${RENTAL_ITEM_SLUG}`];

const otherPages = [
  "/rental",
  "/about",
  "/cookies",
  "/privacy",
  "/impressum",
  "/coupon/WELCOME10",
  // The offer pages of issue 6.
  "/ski-service",
  "/ski-depot",
  "/sports-shop",
];

const pagesSetting = process.env.LIGHTHOUSE_PAGES;
const pages = pagesSetting === "all" ? [...defaultPages, ...otherPages] : (pagesSetting?.split(",") ?? defaultPages);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

// ---------------------------------------------------------------------------------------------
// Chromium

/**
 * Starts Chromium with a DevTools port for Lighthouse. The flags are the machine's (no sandbox as root;
 * no background networking, whose connections this machine refuses) plus chrome-launcher's defaults that
 * keep timers and rendering of a headless tab from being throttled, which would skew the metrics.
 */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  const profile = mkdtempSync(join(tmpdir(), "lighthouse-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-extensions",
      "--disable-default-apps",
      "--mute-audio",
      "--disable-background-timer-throttling",
      "--disable-backgrounding-occluded-windows",
      "--disable-renderer-backgrounding",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port within 30 s:\n${stderr}`)), 30_000);
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}:\n${stderr}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    // Chromium's helper processes can still be writing into the profile just after the browser exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  return { port, stop };
}

// ---------------------------------------------------------------------------------------------
// Reading a report

type Item = Record<string, unknown>;
type Audit = Result["audits"][string];

/** The rows of an audit's details: tables and opportunities directly, insights' lists one level down. */
function detailItems(details: unknown): Item[] {
  if (!details || typeof details !== "object") return [];
  const { type, items, value } = details as { type?: string; items?: unknown; value?: Item };
  // The network dependency tree: one row, the longest chain of requests.
  if (type === "list-section" && value?.type === "network-tree") return [{ chain: longestChain(value.chains as Chains) }];
  if (type === "debugdata" || !Array.isArray(items)) return type === "node" ? [details as Item] : [];
  if (type === "list") return items.flatMap((entry) => (entry?.type === "node" ? [entry as Item] : detailItems(entry)));
  return items as Item[];
}

type Chains = Record<string, { url: string; navStartToEndTime: number; isLongest?: boolean; children?: Chains }>;

function longestChain(chains: Chains | undefined): string[] {
  const next = Object.values(chains ?? {}).find((link) => link.isLongest);
  return next ? [`${next.url} (${next.navStartToEndTime.toFixed(0)} ms)`, ...longestChain(next.children)] : [];
}

const short = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One failing element or resource, in words an engineer can search the code for. */
function describeItem(item: Item, origin: string): string {
  const local = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) || "/" : url);
  const ms = (key: string, words: string) => (typeof item[key] === "number" ? ` (${(item[key] as number).toFixed(0)} ms${words})` : "");
  const node = (item.type === "node" ? item : item.node) as Item | undefined;
  if (node && typeof node === "object") {
    const label = typeof node.nodeLabel === "string" ? `"${short(node.nodeLabel.replace(/\s+/g, " "), 60)}" ` : "";
    // axe's explanation says what is wrong with this element (the contrast ratio and colours, say).
    const why = typeof node.explanation === "string" ? `: ${short(node.explanation.replace(/\s+/g, " "), 200)}` : "";
    const shift = typeof item.score === "number" ? ` (layout shift ${item.score.toFixed(3)})` : "";
    return `${label}${short(String(node.snippet ?? node.selector ?? ""), 140)}${why}${shift}`;
  }
  if (typeof item.href === "string") return `link "${String(item.text ?? "")}" → ${local(item.href)}`;
  if (Array.isArray(item.chain)) return `longest chain: ${item.chain.map((link) => local(String(link))).join(" → ")}`;
  if (typeof item.url === "string") {
    const bytes = typeof item.wastedBytes === "number" ? ` (${(item.wastedBytes / 1024).toFixed(1)} KiB to save)` : "";
    const cpu =
      typeof item.total === "number" ? ` (${item.total.toFixed(0)} ms of CPU, ${Number(item.scripting ?? 0).toFixed(0)} ms scripting)` : "";
    return `${local(item.url)}${bytes}${ms("wastedMs", "")}${cpu}${ms("duration", " task")}`;
  }
  const label = item.groupLabel ?? item.label;
  if (typeof label === "string" && typeof item.duration === "number") return `${label}: ${item.duration.toFixed(0)} ms`;
  const source = item.source as Item | undefined;
  if (source && typeof source === "object") {
    const where = typeof source.url === "string" ? `${local(source.url)}:${Number(source.line) + 1}` : String(source.value ?? "");
    return `${where}${ms("reflowTime", " of forced reflow")}`;
  }
  if (typeof item.issueType === "string") {
    // Chromium's Issues panel; for some kinds (an eval that CSP blocked, say) Lighthouse records no URL.
    const urls = ((item.subItems as { items?: Item[] } | undefined)?.items ?? []).map((sub) => local(String(sub.url)));
    return `${item.issueType}: ${urls.length ? urls.join(", ") : "no URL recorded (see the Issues panel of Chromium's DevTools)"}`;
  }
  return short(JSON.stringify(item), 160);
}

/** A metric's audit names no culprits; these audits do (the long tasks behind TBT, the shifted elements). */
const metricCulprits: Record<string, string> = {
  "largest-contentful-paint": "lcp-breakdown-insight",
  "total-blocking-time": "long-tasks",
  "cumulative-layout-shift": "layout-shifts",
};

/** Audits whose causes are figures of one page (timings, long tasks), not resources shared by pages. */
const perPageCauses = new Set([...Object.keys(metricCulprits), "first-contentful-paint", "speed-index", "mainthread-work-breakdown"]);

/**
 * The audits that cost points, per category: scored, below 1, and shown in Lighthouse's own report; and,
 * apart, the audits that could not run at all (they have no score, so they would pass unseen).
 */
function failingAudits(lhr: Result, origin: string) {
  const failing: { category: string; id: string; title: string; value: string; causes: string[] }[] = [];
  const broken: { id: string; message: string }[] = [];
  for (const category of categories) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit: Audit | undefined = lhr.audits[ref.id];
      // The "hidden" group (TTI, max potential FID) is left out of Lighthouse's report and its scores.
      if (!audit || ref.group === "hidden") continue;
      if (audit.scoreDisplayMode === "error") {
        broken.push({ id: ref.id, message: audit.errorMessage ?? "unknown error" });
        continue;
      }
      if (audit.score === null || audit.score >= 1 || audit.scoreDisplayMode === "informative") continue;
      const culprits = metricCulprits[ref.id];
      const items = detailItems((culprits ? lhr.audits[culprits] : audit)?.details);
      const causes = items.slice(0, 6).map((item) => describeItem(item, origin));
      if (items.length > 6) causes.push(`… and ${items.length - 6} more`);
      failing.push({ category, id: ref.id, title: audit.title, value: audit.displayValue ?? `score ${audit.score}`, causes });
    }
  }
  return { failing, broken };
}

/** Body bytes of a resource as served with gzip (what compression() sends a client that offers only gzip). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

// ---------------------------------------------------------------------------------------------
// The run

/**
 * One Lighthouse run of a page. A run whose trace broke (NO_NAVSTART and the like, seen when another
 * process loads the machine) has no performance score; it is run again, at most twice.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      hostname: "127.0.0.1",
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { runtimeError, categories: scored } = result.lhr;
    const problem = runtimeError
      ? `${runtimeError.code} ${runtimeError.message}`
      : scored.performance?.score == null
        ? "no performance score"
        : "";
    if (!problem) return result;
    console.warn(`warning: ${url}: ${problem}${attempt < 3 ? ", running it again" : ""}`);
    if (attempt === 3) return result;
  }
}

const lighthouseEngines = createRequire(import.meta.url)("lighthouse/package.json").engines.node as string;
console.log(`Node ${process.versions.node}; Lighthouse asks for Node ${lighthouseEngines}: audits that cannot run are listed apart.`);

const shop = await startShopProcess({
  LOG_LEVEL: "silent",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
try {
  const paths = await answeringPaths(shop.url, pages);
  chromium = await launchChromium();
  if (outDir) mkdirSync(outDir, { recursive: true });
  const rows: string[] = [];
  // Per audit, across pages: the pages (with the audit's value there) and the causes named.
  const failures = new Map<string, { pages: string[]; causes: Set<string> }>();
  const brokenAudits = new Map<string, { pages: string[]; message: string }>();
  let version = "";

  for (const path of paths) {
    const results: Awaited<ReturnType<typeof audit>>[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(shop.url + path, chromium.port));
    const perf = (r: (typeof results)[number]) => r.lhr.categories.performance?.score ?? 0;
    const tbtOf = (r: (typeof results)[number]) => r.lhr.audits["total-blocking-time"]?.numericValue ?? 0;
    // The median run: by score, then by TBT (what moves the score from run to run on these pages).
    const byScore = [...results].sort((a, b) => perf(a) - perf(b) || tbtOf(b) - tbtOf(a));
    const result = byScore[Math.floor((byScore.length - 1) / 2)];
    const lhr = result.lhr;
    const indexes = results.map((r) => r.lhr.environment.benchmarkIndex);
    version = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, throttling: ${lhr.configSettings.throttlingMethod}, Chromium ${lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1]}, ${runs} run(s) a page`;
    if (outDir) writeFileSync(join(outDir, `${path.replace(/\W+/g, "_").replace(/^_|_$/g, "") || "home"}.json`), result.report as string);
    for (const warning of lhr.runWarnings) console.warn(`warning: ${path}: ${warning}`);

    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return value === null || value === undefined ? "–" : String(Math.round(value * 100));
    };
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = detailItems(lhr.audits["network-requests"]?.details);
    const scripts = requests.filter((r) => r.resourceType === "Script");
    const transferred = scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
    const gzip = (await Promise.all(scripts.map((r) => gzipBytes(String(r.url))))).reduce((a, b) => a + b, 0);
    // The banner is server-rendered for every visitor without a consent cookie, as Lighthouse's visitor is.
    const html = await (await fetch(shop.url + path, { headers: { "user-agent": lhr.environment.networkUserAgent } })).text();
    const banner = html.includes('aria-labelledby="consent-title"');
    const lcpNode = detailItems(lhr.audits["lcp-breakdown-insight"]?.details).find((item) => item.type === "node");

    // Each metric: its median over the runs, and the range when the runs differ.
    const spread = (values: number[], format: (value: number) => string) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
      const [low, high] = [format(sorted[0]), format(sorted[sorted.length - 1])];
      return low === high ? format(median) : `${format(median)} (${low}–${high})`;
    };
    const across = (id: string, format: (value: number) => string) =>
      spread(
        results.map((r) => r.lhr.audits[id]?.numericValue ?? Number.NaN),
        format,
      );
    const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
    const millis = (value: number) => `${value.toFixed(0)} ms`;
    const line = {
      perf: spread(
        results.map((r) => Math.round(perf(r) * 100)),
        String,
      ),
      a11y: score("accessibility"),
      bp: score("best-practices"),
      seo: score("seo"),
      lcp: across("largest-contentful-paint", seconds),
      tbt: across("total-blocking-time", millis),
      cls: across("cumulative-layout-shift", (value) => value.toFixed(3)),
      tti: across("interactive", seconds),
      si: across("speed-index", seconds),
      index: indexes.map((value) => value.toFixed(0)).join(", "),
    };
    console.log(
      `\n${path}: performance ${line.perf}, accessibility ${line.a11y}, best practices ${line.bp}, SEO ${line.seo}; LCP ${line.lcp}, TBT ${line.tbt}, CLS ${line.cls}, TTI ${line.tti}, SI ${line.si}`,
    );
    console.log(
      `  benchmark index of each run: ${line.index}; the audits below are the median run's (${metric("total-blocking-time").toFixed(0)} ms TBT)`,
    );
    console.log(
      `  JavaScript: ${scripts.length} files, ${kb(transferred)} KiB transferred (as Chromium negotiated it, headers included), ${kb(gzip)} KiB gzip`,
    );
    console.log(
      `  HTML: ${kb(Buffer.byteLength(html))} KiB uncompressed; consent banner: ${banner ? "shown (fixed at the bottom, part of this measure)" : "not in the page"}`,
    );
    if (lcpNode) console.log(`  LCP element: ${describeItem(lcpNode, shop.url)}`);
    const { failing, broken } = failingAudits(lhr, shop.url);
    for (const failed of failing) {
      console.log(`  ✗ ${failed.category}: ${failed.id} (${failed.value}): ${failed.title}`);
      for (const cause of failed.causes) console.log(`      ${cause}`);
      const key = `${failed.category} \`${failed.id}\``;
      const entry = failures.get(key) ?? { pages: [], causes: new Set<string>() };
      entry.pages.push(`\`${path}\` (${failed.value})`);
      // Culprits of a metric differ from page to page (they are listed per page above); resources and
      // elements recur, so the summary names each once, without its per-page figures.
      if (!perPageCauses.has(failed.id)) {
        for (const cause of failed.causes) if (!cause.startsWith("…")) entry.causes.add(cause.replace(/ \([^)]*\d[^)]*\)/g, ""));
      }
      failures.set(key, entry);
    }
    for (const { id, message } of broken) {
      console.log(`  ? ${id} could not run: ${message}`);
      const entry = brokenAudits.get(id) ?? { pages: [], message };
      entry.pages.push(path);
      brokenAudits.set(id, entry);
    }
    rows.push(
      `| \`${path}\` | ${line.perf} | ${line.a11y} | ${line.bp} | ${line.seo} | ${line.lcp} | ${line.tbt} | ${line.cls} | ${line.tti} | ${line.si} | ${kb(transferred)} | ${kb(gzip)} | ${banner ? "yes" : "no"} | ${line.index} |`,
    );
  }

  console.log(`\n${version}\n`);
  console.log(
    `Medians of ${runs} run(s), min–max in brackets where the runs differ; A11y, best practices, SEO and JS of the median run.\n`,
  );
  console.log(
    "| Page | Perf. | A11y | Best pr. | SEO | LCP | TBT | CLS | TTI | SI | JS KiB sent | JS KiB gzip | Banner | Benchmark index |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
  console.log("\nFailing audits (score < 1) of the median runs, per audit:");
  for (const [key, { pages: on, causes }] of failures) {
    console.log(`- ${key} on ${on.length} of ${paths.length} pages: ${on.join(", ")}`);
    for (const cause of [...causes].slice(0, 8)) console.log(`  - ${cause}`);
    if (causes.size > 8) console.log(`  - … and ${causes.size - 8} more`);
  }
  if (brokenAudits.size) console.log("\nAudits that could not run (no score):");
  for (const [id, { pages: on, message }] of brokenAudits) console.log(`- \`${id}\` on ${on.length} pages: ${message}`);
} finally {
  await chromium?.stop();
  await shop.stop();
}
