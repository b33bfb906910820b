// Run by `npm install` (postinstall): keeps React Router's route matches per path (decision 037).
//
// The server matches the request's path against every route branch three to six times per page (the request
// handler, the static handler's query, and once per parent path for the partial manifest of lazy route
// discovery). With six languages as an optional `:lang?` segment the table has about 150 branches, and the
// matching was a fifth of a page's CPU (docs/benchmarks.md). The matches depend only on the route table and
// the path, so `matchRoutesImpl`, when React Router hands it its precomputed branches (the table of one
// router), now keeps its answer per path and gives each caller a copy.
//
// The change is made in place in node_modules/react-router/dist, marked, so a second run leaves it alone. If
// the function is not found as written (another React Router version), the script says so and changes
// nothing: the shop works as before, only slower. React Router is pinned in package.json for this reason.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const MARK = "/* dolomiti-rent: matches kept per path (scripts/patch-react-router.mjs) */";
const SIGNATURE = "function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {";
const KEPT = `${MARK}
const keptMatches = new WeakMap();
function copyMatches(matches) {
  return matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  if (!precomputedBranches) return matchRoutesAnew(routes, locationArg, basename, allowPartial, precomputedBranches);
  let byPath = keptMatches.get(precomputedBranches);
  if (!byPath) {
    byPath = new Map();
    keptMatches.set(precomputedBranches, byPath);
  }
  const pathname = typeof locationArg === "string" ? locationArg : locationArg.pathname;
  const key = pathname + "\\u0000" + basename + "\\u0000" + allowPartial;
  if (byPath.has(key)) return copyMatches(byPath.get(key));
  const matches = matchRoutesAnew(routes, locationArg, basename, allowPartial, precomputedBranches);
  // Paths come from requests: past this many, new ones are matched every time instead of kept.
  if (byPath.size < 5000) byPath.set(key, matches);
  return copyMatches(matches);
}
function matchRoutesAnew(routes, locationArg, basename, allowPartial, precomputedBranches) {`;

const root = new URL("../node_modules/react-router/dist/", import.meta.url).pathname;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.m?js$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

let patched = 0;
let already = 0;
try {
  for (const file of files(root)) {
    const text = readFileSync(file, "utf8");
    if (text.includes(MARK)) {
      already++;
      continue;
    }
    const at = text.indexOf(SIGNATURE);
    if (at === -1) continue;
    writeFileSync(file, text.slice(0, at) + KEPT + text.slice(at + SIGNATURE.length));
    patched++;
  }
} catch (error) {
  console.warn(`patch-react-router: React Router not found (${error.message}); nothing changed.`);
  process.exit(0);
}
if (patched + already === 0) {
  console.warn("patch-react-router: matchRoutesImpl not found as expected (another React Router version?); nothing changed.");
} else if (patched > 0) {
  console.log(`patch-react-router: route matches kept per path in ${patched} file(s) of React Router.`);
}
