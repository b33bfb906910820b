/** The ski workshop's jobs on the bench, and the heated depot lockers. */
import { C, circle, dark, g, type Ink, light, line, n, path, poly, rect, stroke } from "./kit";

export type Job = "waxing" | "edges" | "full" | "repair" | "binding";

/** A workbench with a ski lying base up, held by two vices. */
function bench(ink: Ink, skiColour: string): string {
  const top = ink.linear([
    [0, light(C.wood, 0.1)],
    [1, dark(C.wood, 0.15)],
  ]);
  return (
    rect(-520, 130, 60, 260, dark(C.wood, 0.4)) +
    rect(460, 130, 60, 260, dark(C.wood, 0.4)) +
    rect(-560, 80, 1120, 60, top, { rx: 10 }) +
    rect(-560, 130, 1120, 14, dark(C.wood, 0.35)) +
    // Vices.
    rect(-340, 10, 90, 80, C.slate, { rx: 8 }) +
    rect(250, 10, 90, 80, C.slate, { rx: 8 }) +
    // The ski's base (graphite black) with its steel edges; the topsheet colour shows at the sidewall.
    path("M-500,-10 L470,-10 Q540,-10 545,-60 L545,-40 Q540,30 470,30 L-500,30 Q-520,30 -520,10 Q-520,-10 -500,-10Z", skiColour) +
    path("M-500,-40 L470,-40 Q530,-40 545,-70 Q540,-10 470,-10 L-500,-10 Q-520,-10 -520,-25 Q-520,-40 -500,-40Z", C.ink) +
    line(-510, -40, 480, -40, C.silver, 5) +
    rect(-345, -50, 100, 60, dark(C.slate, 0.2), { rx: 6 }) +
    rect(245, -50, 100, 60, dark(C.slate, 0.2), { rx: 6 })
  );
}

function waxIron(x: number, y: number): string {
  return g(
    `translate(${x},${y})`,
    path("M-150,0 L150,0 Q160,-70 110,-90 L-100,-90 Q-150,-90 -150,0Z", C.red) +
      rect(-150, -12, 300, 16, C.silver, { rx: 4 }) +
      path("M-80,-90 L-60,-170 L90,-170 L100,-90", "none", { stroke: C.ink, "stroke-width": 28, "stroke-linejoin": "round" }) +
      circle(40, -55, 16, C.yellow) +
      stroke("M-60,-170 Q-200,-230 -260,-150", C.ink, 8),
  );
}

function waxDrops(x: number, colour: string): string {
  let drops = "";
  for (let i = 0; i < 7; i++) drops += path(`M${x + i * 70},-44 q-14,-26 0,-40 q14,14 0,40Z`, colour);
  return drops;
}

function waxBar(x: number, y: number, colour: string): string {
  return g(
    `translate(${x},${y}) rotate(-10)`,
    rect(-70, -50, 140, 100, colour, { rx: 12 }) + rect(-70, -50, 140, 30, dark(colour, 0.2), { rx: 12 }),
  );
}

function edgeFile(x: number, y: number): string {
  return g(
    `translate(${x},${y}) rotate(-4)`,
    rect(-150, -110, 300, 110, C.orange, { rx: 14 }) +
      rect(-120, -140, 240, 50, C.silver, { rx: 6 }) +
      stroke("M-110,-130 L110,-130 M-110,-112 L110,-112", C.steel, 4) +
      poly(
        [
          [-150, -110],
          [-110, -110],
          [-150, -20],
        ],
        dark(C.orange, 0.25),
      ),
  );
}

function scraper(x: number, y: number): string {
  return g(
    `translate(${x},${y}) rotate(20)`,
    rect(-90, -70, 180, 140, C.sky, { rx: 14, opacity: 0.9 }) + rect(-90, -70, 180, 24, light(C.sky, 0.4), { rx: 12 }),
  );
}

function ptexCandle(x: number, y: number): string {
  return g(
    `translate(${x},${y}) rotate(-25)`,
    rect(-16, -200, 32, 200, C.ink, { rx: 10 }) +
      path("M0,-270 Q40,-220 0,-190 Q-40,-220 0,-270Z", C.orange) +
      path("M0,-245 Q18,-220 0,-200 Q-18,-220 0,-245Z", C.yellow),
  );
}

function screwdriver(x: number, y: number): string {
  return g(`translate(${x},${y}) rotate(35)`, rect(-22, -200, 44, 140, C.red, { rx: 18 }) + rect(-8, -70, 16, 180, C.silver, { rx: 4 }));
}

function gauge(x: number, y: number, r: number): string {
  let ticks = "";
  for (let i = 0; i <= 10; i++) {
    const a = Math.PI * (0.8 + (i * 1.4) / 10);
    ticks += line(x + Math.cos(a) * r * 0.72, y + Math.sin(a) * r * 0.72, x + Math.cos(a) * r * 0.86, y + Math.sin(a) * r * 0.86, C.ink, 6);
  }
  return (
    circle(x, y, r + 18, C.slate) +
    circle(x, y, r, C.snow) +
    ticks +
    line(x, y, x + r * 0.55, y - r * 0.45, C.red, 10) +
    circle(x, y, 14, C.ink) +
    path(`M${x - r * 0.5},${y + r * 0.45} A${r * 0.68},${r * 0.68} 0 0 0 ${x + r * 0.5},${y + r * 0.45}`, "none", {
      stroke: C.green,
      "stroke-width": 14,
    })
  );
}

function bindingCloseUp(colour: string): string {
  return (
    rect(-320, -90, 230, 80, colour, { rx: 24 }) +
    rect(-300, -150, 120, 70, dark(colour, 0.2), { rx: 20 }) +
    rect(100, -100, 260, 90, colour, { rx: 24 }) +
    rect(240, -170, 120, 80, dark(colour, 0.2), { rx: 20 }) +
    rect(-260, -82, 90, 30, C.silver, { rx: 8 }) +
    rect(150, -92, 90, 30, C.silver, { rx: 8 })
  );
}

export function serviceJob(ink: Ink, job: Job, skiColour: string, cx = 640, cy = 520, scale = 1): string {
  let tools = "";
  switch (job) {
    case "waxing":
      tools = waxDrops(-300, C.pink) + waxIron(40, -42) + waxBar(-380, -120, C.pink);
      break;
    case "edges":
      tools =
        edgeFile(80, -4) +
        // Filings flying off the edge.
        stroke("M-80,-30 l-40,-40 M-110,-20 l-60,-20 M-100,-50 l-30,-70", C.steel, 6) +
        g("translate(-300,-130) rotate(-8)", rect(-120, -24, 240, 48, C.slate, { rx: 8 }) + rect(-180, -18, 70, 36, C.ink, { rx: 8 }));
      break;
    case "full":
      tools =
        waxIron(-200, -42) +
        edgeFile(230, -4) +
        scraper(-420, -150) +
        // The stone grinder's wheel behind the bench.
        circle(440, -260, 110, C.steel) +
        circle(440, -260, 80, light(C.steel, 0.3)) +
        circle(440, -260, 20, C.ink);
      break;
    case "repair":
      tools =
        // Scratches in the base being filled with P-Tex.
        stroke("M-200,-28 l120,4 M-60,-24 l80,-6", C.snow, 5) +
        path("M-20,-44 q-10,-20 0,-30 q10,10 0,30Z", C.ink) +
        ptexCandle(40, -90) +
        scraper(-380, -150);
      break;
    case "binding":
      tools = bindingCloseUp(C.slate) + screwdriver(0, -160) + gauge(-380, -250, 110);
      break;
  }
  return g(`translate(${n(cx)},${n(cy)}) scale(${n(scale)})`, bench(ink, skiColour) + tools);
}

/** One locker with its door open on a pair of skis, poles and boots warming on the heated rack. */
function locker(x: number, y: number, colour: string, open: boolean, skis: [string, string]): string {
  const w = 220;
  const h = 560;
  let out = rect(x, y, w, h, dark(colour, 0.15), { rx: 10 });
  if (open) {
    out += rect(x + 14, y + 14, w - 28, h - 28, C.ink, { rx: 6 });
    out += rect(x + 40, y + 40, 34, h - 80, skis[0], { rx: 16 }) + rect(x + 82, y + 50, 34, h - 90, skis[1], { rx: 16 });
    out += line(x + 140, y + 60, x + 150, y + h - 40, C.silver, 8) + line(x + 160, y + 60, x + 170, y + h - 40, C.silver, 8);
    // Heated boot rack: warm waves rise from the boots.
    out += rect(x + 30, y + h - 130, 160, 90, C.orange, { rx: 14 });
    out += stroke(
      `M${x + 70},${y + h - 150} q12,-20 0,-40 M${x + 110},${y + h - 150} q12,-20 0,-40 M${x + 150},${y + h - 150} q12,-20 0,-40`,
      C.orange,
      7,
    );
    // The open door, swung towards us.
    out += path(`M${x + w},${y} L${x + w + 130},${y + 40} L${x + w + 130},${y + h - 40} L${x + w},${y + h}Z`, colour);
    out += rect(x + w + 90, y + h / 2 - 40, 14, 80, C.silver, { rx: 6 });
  } else {
    out += rect(x + 10, y + 10, w - 20, h - 20, colour, { rx: 8 });
    for (let i = 0; i < 5; i++) out += rect(x + 50, y + 40 + i * 22, w - 100, 8, dark(colour, 0.25), { rx: 4 });
    out += rect(x + w - 50, y + h / 2 - 40, 14, 80, C.silver, { rx: 6 });
    out += circle(x + w / 2, y + h - 80, 24, dark(colour, 0.3)) + circle(x + w / 2, y + h - 80, 10, C.green);
  }
  return out;
}

function keyCard(x: number, y: number, colour: string): string {
  return g(
    `translate(${x},${y}) rotate(-14)`,
    rect(-110, -70, 220, 140, colour, { rx: 16 }) +
      path("M-80,40 L-30,-20 L0,10 L40,-40 L80,40Z", C.snow) +
      rect(40, -50, 50, 36, C.yellow, { rx: 6 }),
  );
}

export function depotLockers(season: boolean, colour: string, cx = 640, floor = 800, scale = 1): string {
  const y = -600;
  let art = "";
  if (season) {
    for (let i = 0; i < 4; i++) art += locker(-470 + i * 230, y, colour, i === 1, [C.red, C.sky]);
    art += keyCard(380, -80, C.navy);
  } else {
    art += locker(-300, y, colour, false, [C.red, C.sky]) + locker(-70, y, colour, true, [C.orange, C.blue]);
  }
  return g(`translate(${n(cx)},${n(floor)}) scale(${n(scale)})`, art);
}
