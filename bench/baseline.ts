/**
 * The yardstick of the server benchmarks: a plain React Router framework-mode app (root layout and one route
 * with a heading and a paragraph: no loader, no CSS) generated into a temporary directory, built with the
 * project's own @react-router/dev and served by Express 5 with compression and @react-router/express, as
 * React Router's own Express template does. Its req/s is what server rendering with React Router costs on
 * this machine before the shop does any work of its own: `bench:ssr` gives each page's share of it, and
 * `bench:load` prints it beside the mix's capacity, so figures from hosts of different speeds compare.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort } from "../tests/helpers/server-process";
import { BROWSER_HEADERS } from "./pages";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const projectPackage = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { dependencies: Record<string, string> };

const baselineFiles: Record<string, string> = {
  // @react-router/dev picks its default server entry by the dependencies listed here.
  "package.json": JSON.stringify({
    name: "react-router-baseline",
    private: true,
    type: "module",
    dependencies: Object.fromEntries(
      ["@react-router/express", "@react-router/node", "compression", "express", "isbot", "react", "react-dom", "react-router"].map(
        (name) => [name, projectPackage.dependencies[name]],
      ),
    ),
  }),
  "vite.config.mjs": `import { reactRouter } from "@react-router/dev/vite";
export default { plugins: [reactRouter()], logLevel: "warn" };
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  "app/routes.ts": `import { index } from "@react-router/dev/routes";
export default [index("routes/home.tsx")];
`,
  "app/routes/home.tsx": `export function meta() {
  return [{ title: "Plain React Router page" }];
}
export default function Home() {
  return (
    <main>
      <h1>Plain React Router page</h1>
      <p>A route with no loader, no data and no styles: the floor of server rendering.</p>
    </main>
  );
}
`,
  "server.mjs": `import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
const build = await import("./build/server/index.js");
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1");
`,
};

/** Generates and builds the baseline app; its node_modules is the project's, so versions are the same. */
export function buildBaseline(): string {
  const dir = mkdtempSync(join(tmpdir(), "rr-baseline-"));
  for (const [file, text] of Object.entries(baselineFiles)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
  const built = spawnSync(process.execPath, [join(projectRoot, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (built.status !== 0) {
    removeBaseline(dir);
    throw new Error(`The baseline app did not build:\n${built.stdout}\n${built.stderr}`);
  }
  return dir;
}

export function removeBaseline(dir: string) {
  // Unlink the node_modules link first: removing the folder must never reach into the project's own.
  rmSync(join(dir, "node_modules"), { force: true });
  rmSync(dir, { recursive: true, force: true });
}

export async function startBaseline(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The baseline server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("The baseline server did not answer within 30 s");
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { url, stop };
}

/** The plain React Router page's req/s (10 connections, 2 s warm-up, 5 s): the machine's speed, not the shop's. */
export async function plainPageReqPerSec(url: string): Promise<number> {
  const run = (duration: number) =>
    new Promise<number>((resolve, reject) =>
      autocannon({ url, connections: 10, duration, headers: BROWSER_HEADERS }, (error, result) =>
        error ? reject(error) : resolve(result.non2xx + result.errors + result.timeouts === 0 ? result.requests.average : Number.NaN),
      ),
    );
  await run(2);
  return run(5);
}
