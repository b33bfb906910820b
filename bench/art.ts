/**
 * `npm run bench:art`: what the demo pictures cost the seed. For every demo subject (items, categories,
 * branches, storefronts, offers): building the SVG string, and sharp rasterising it at its full size
 * (1280×960 or 1600×900) to PNG, as the picture pipeline does before encoding. ROUNDS passes over all
 * subjects (default 3) after one warm-up pass; prints p50/p95/max per step and the SVG sizes. The CPU
 * time of the rasterising (all of the process's threads) is printed beside its wall time: on a shared,
 * busy machine the wall time measures the queue for a core, the CPU time the work.
 * Never fails for being slow.
 */
import sharp from "sharp";
import { demoArt } from "../app/demo/art/index";
import { demoArtSubjects, subjectKey } from "../app/demo/art/subjects";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const subjects = demoArtSubjects();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function report(label: string, samples: number[], unit = "ms") {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (n: number) => (unit === "ms" ? n.toFixed(2) : String(Math.round(n))).padStart(9);
  console.log(`${label.padEnd(40)} ${f(percentile(sorted, 50))} ${f(percentile(sorted, 95))} ${f(sorted.at(-1)!)} ${unit}`);
}

const build: number[] = [];
const render: number[] = [];
const renderCpu: number[] = [];
const slowest = new Map<string, number>();
for (let round = 0; round <= ROUNDS; round++) {
  for (const subject of subjects) {
    let started = performance.now();
    const { svg } = demoArt(subject);
    const built = performance.now() - started;
    started = performance.now();
    const cpu = process.cpuUsage();
    await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
    const rendered = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    if (round === 0) continue;
    build.push(built);
    render.push(rendered);
    renderCpu.push((user + system) / 1000);
    slowest.set(subjectKey(subject), Math.max(slowest.get(subjectKey(subject)) ?? 0, rendered));
  }
}
console.log(`${subjects.length} subjects × ${ROUNDS} rounds${"".padEnd(14)}       p50       p95       max`);
report("build the SVG", build);
report("rasterise to PNG at full size (sharp)", render);
report("  the same, CPU time", renderCpu);
report(
  "SVG size",
  subjects.map((s) => demoArt(s).svg.length),
  "bytes",
);
const top = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 3);
console.log(`slowest to rasterise: ${top.map(([key, ms]) => `${key} ${ms.toFixed(0)} ms`).join(", ")}`);
