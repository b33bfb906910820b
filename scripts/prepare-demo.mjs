// `npm install`, after the React Router patch: draws the demo shop's pictures into the picture cache
// (app/server/media/demo-pictures.server.ts, decision 031), so the first `npm start` only writes rows. It
// never fails the install: without the dev tools (a production install) or on any error, the first start
// draws them instead.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
if (!existsSync(join(root, "node_modules", "tsx"))) process.exit(0);
const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/warm-demo-pictures.ts"], { cwd: root, stdio: "inherit" });
if (result.status !== 0) console.warn("The demo pictures were not prepared; the first start will draw them.");
