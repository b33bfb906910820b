/**
 * Wide scenes (1600×900): the three branches as alpine village scenes under the pale Dolomite peaks,
 * the two seasons, and the three offers (workshop, depot, sports shop).
 */
import { ebike } from "./bikes";
import { top } from "./clothing";
import { goggles, skiHelmet } from "./heads";
import { C, circle, dark, el, g, hash, type Ink, light, line, n, path, poly, rect, stroke } from "./kit";
import { poles, skiPair } from "./skis";
import { depotLockers, serviceJob } from "./workshop";

const W = 1600;
const H = 900;

type Sky = {
  top: string;
  bottom: string;
  rock: string;
  rockShade: string;
  sun?: { x: number; y: number; r: number; colour: string };
  stars?: boolean;
};

const DAY: Sky = {
  top: "#5aa8e6",
  bottom: "#d9eefb",
  rock: "#eee6d8",
  rockShade: "#c9bda9",
  sun: { x: 1320, y: 140, r: 60, colour: "#fff4c2" },
};
const MORNING: Sky = {
  top: "#8cc4ec",
  bottom: "#fde7c8",
  rock: "#f3e3cf",
  rockShade: "#d2b89a",
  sun: { x: 260, y: 190, r: 70, colour: "#fff0b8" },
};
// Enrosadira: the pink glow of the Dolomites at dusk.
const DUSK: Sky = {
  top: "#2f2b63",
  bottom: "#f19bb0",
  rock: "#f4b7a8",
  rockShade: "#b9788a",
  sun: { x: 1380, y: 120, r: 34, colour: "#fdf6e3" },
  stars: true,
};

function sky(ink: Ink, s: Sky): string {
  let out = rect(
    0,
    0,
    W,
    H,
    ink.linear([
      [0, s.top],
      [1, s.bottom],
    ]),
  );
  if (s.stars) {
    for (let i = 0; i < 40; i++) {
      const h = hash(`star${i}`);
      out += circle(h % W, (h >> 11) % 300, 1.5 + (h % 3), "#ffffff", { opacity: 0.8 });
    }
  }
  if (s.sun)
    out += circle(s.sun.x, s.sun.y, s.sun.r * 1.8, s.sun.colour, { opacity: 0.25 }) + circle(s.sun.x, s.sun.y, s.sun.r, s.sun.colour);
  return out;
}

/** Tower = [left x, width, height above the base]. */
type Tower = [number, number, number];

/**
 * Pale, steep-sided rock towers standing on scree: the Dolomites' silhouette. The right face of each
 * tower is shaded and a few vertical cracks give the rock its texture.
 */
function dolomites(towers: Tower[], base: number, s: Sky, snow: boolean): string {
  let out = "";
  for (const [x, w, h] of towers) {
    const topY = base - h;
    const d: [number, number][] = [
      [x - w * 0.25, base],
      [x, base - h * 0.55],
      [x + w * 0.08, topY + h * 0.12],
      [x + w * 0.22, topY + 8],
      [x + w * 0.38, topY],
      [x + w * 0.5, topY + h * 0.08],
      [x + w * 0.62, topY - 6],
      [x + w * 0.8, topY + h * 0.15],
      [x + w * 0.92, base - h * 0.5],
      [x + w * 1.25, base],
    ];
    out += poly(d, s.rock);
    out += poly(
      [
        [x + w * 0.62, topY - 6],
        [x + w * 0.8, topY + h * 0.15],
        [x + w * 0.92, base - h * 0.5],
        [x + w * 1.25, base],
        [x + w * 0.6, base],
        [x + w * 0.66, topY + h * 0.4],
      ],
      s.rockShade,
    );
    for (let i = 1; i < 4; i++)
      out += line(x + (w * i) / 4, topY + h * 0.2, x + (w * i) / 4 + 6, base - h * 0.2, s.rockShade, 4, { opacity: 0.7 });
    if (snow) {
      out += path(
        `M${n(x - w * 0.2)},${base} Q${n(x + w * 0.1)},${n(base - h * 0.3)} ${n(x + w * 0.3)},${n(base - h * 0.2)} Q${n(x + w * 0.6)},${n(base - h * 0.35)} ${n(x + w * 0.8)},${n(base - h * 0.18)} Q${n(x + w)},${n(base - h * 0.25)} ${n(x + w * 1.2)},${base}Z`,
        "#ffffff",
      );
      out += line(x + w * 0.22, topY + 10, x + w * 0.5, topY + h * 0.1, "#ffffff", 8);
    }
  }
  return out;
}

function hills(y: number, colour: string, amplitude: number, phase: number): string {
  let d = `M0,${H} L0,${y}`;
  for (let x = 0; x <= W; x += 200) {
    const yy = y + Math.sin((x + phase) / 180) * amplitude;
    d += ` Q${x + 100},${n(yy - amplitude)} ${x + 200},${n(yy)}`;
  }
  return path(`${d} L${W},${H}Z`, colour);
}

function fir(x: number, y: number, size: number, colour: string, snow: boolean): string {
  const layer = (dy: number, w: number) =>
    poly(
      [
        [x, y - size + dy],
        [x + w, y - size * 0.35 + dy],
        [x - w, y - size * 0.35 + dy],
      ],
      colour,
    ) +
    (snow
      ? poly(
          [
            [x, y - size + dy],
            [x + w * 0.4, y - size * 0.75 + dy],
            [x - w * 0.4, y - size * 0.75 + dy],
          ],
          "#ffffff",
        )
      : "");
  return (
    rect(x - size * 0.05, y - size * 0.2, size * 0.1, size * 0.2, dark(C.wood, 0.5)) +
    layer(size * 0.3, size * 0.4) +
    layer(size * 0.05, size * 0.32) +
    layer(-size * 0.15, size * 0.24)
  );
}

function forest(xs: number[], y: number, size: number, colour: string, snow: boolean): string {
  return xs.map((x, i) => fir(x, y + ((i * 37) % 20), size * (0.8 + ((i * 13) % 5) / 10), colour, snow)).join("");
}

type House = { x: number; w: number; h: number; wall: string; roof: string; snow: boolean; lit?: boolean };

function house({ x, w, h, wall, roof, snow, lit }: House, ground: number): string {
  const window = lit ? "#ffd66b" : "#9cc3dd";
  let out = rect(x, ground - h, w, h, wall);
  // Wooden upper floor, as on the valley's farmhouses.
  out += rect(x, ground - h, w, h * 0.35, light(C.wood, 0.1));
  out += poly(
    [
      [x - 24, ground - h + 4],
      [x + w / 2, ground - h - w * 0.42],
      [x + w + 24, ground - h + 4],
    ],
    roof,
  );
  if (snow)
    out += poly(
      [
        [x - 24, ground - h + 4],
        [x + w / 2, ground - h - w * 0.42],
        [x + w + 24, ground - h + 4],
        [x + w / 2, ground - h - w * 0.3],
      ],
      "#ffffff",
    );
  for (let i = 0; i < Math.floor(w / 60); i++) out += rect(x + 20 + i * 60, ground - h * 0.6, 30, 36, window, { rx: 3 });
  out += rect(x + 20, ground - h * 0.27, 30, 32, window, { rx: 3 });
  return out;
}

/** The rental shop: a wide front with a striped awning and skis or bikes in the windows. */
function shopFront(x: number, ground: number, w: number, h: number, wall: string, stripe: string, summer: boolean, lit = false): string {
  let out = rect(x, ground - h, w, h, wall);
  out += poly(
    [
      [x - 30, ground - h + 2],
      [x + w / 2, ground - h - w * 0.3],
      [x + w + 30, ground - h + 2],
    ],
    dark(C.wood, 0.45),
  );
  if (!summer)
    out += poly(
      [
        [x - 30, ground - h + 2],
        [x + w / 2, ground - h - w * 0.3],
        [x + w + 30, ground - h + 2],
        [x + w / 2, ground - h - w * 0.2],
      ],
      "#ffffff",
    );
  // A sign board without words: the shop's mountain mark.
  out +=
    rect(x + w * 0.3, ground - h + 20, w * 0.4, 56, C.navy, { rx: 8 }) +
    poly(
      [
        [x + w * 0.4, ground - h + 66],
        [x + w * 0.47, ground - h + 32],
        [x + w * 0.52, ground - h + 52],
        [x + w * 0.57, ground - h + 28],
        [x + w * 0.62, ground - h + 66],
      ],
      "#ffffff",
    );
  const windowTop = ground - h * 0.55;
  const glass = lit ? "#ffe29a" : "#cfe6f5";
  out += rect(x + 30, windowTop, w * 0.36, h * 0.5, glass) + rect(x + w * 0.6, windowTop, w * 0.33, h * 0.5, glass);
  const goods = summer ? [C.green, C.orange, C.sky] : [C.red, C.sky, C.yellow, C.lime, C.purple];
  goods.forEach((colour, i) => {
    if (summer) {
      const bx = x + 60 + i * 60;
      out += circle(bx, ground - 40, 26, "none", { stroke: C.ink, "stroke-width": 6 });
      out += line(bx, ground - 40, bx + 20, ground - 80, colour, 8);
    } else {
      out += rect(x + 45 + i * 28, windowTop + 14, 14, h * 0.44, colour, { rx: 7 });
    }
  });
  out += rect(x + w * 0.45, ground - h * 0.5, w * 0.12, h * 0.5, dark(C.wood, 0.3));
  out += circle(x + w * 0.54, ground - h * 0.25, 5, C.yellow);
  // Scalloped, striped awning.
  const aw = ground - h * 0.62;
  const stripes = Math.round(w / 40);
  for (let i = 0; i < stripes; i++) {
    const sx = x - 10 + (i * (w + 20)) / stripes;
    const sw = (w + 20) / stripes;
    out += path(
      `M${n(sx)},${n(aw - 50)} L${n(sx + sw)},${n(aw - 50)} L${n(sx + sw)},${n(aw)} Q${n(sx + sw / 2)},${n(aw + 22)} ${n(sx)},${n(aw)}Z`,
      i % 2 ? "#ffffff" : stripe,
    );
  }
  return out;
}

function ground(ink: Ink, y: number, summer: boolean): string {
  return rect(
    0,
    y,
    W,
    H - y,
    ink.linear(
      summer
        ? [
            [0, "#8fce6a"],
            [1, "#4f9e46"],
          ]
        : [
            [0, "#ffffff"],
            [1, "#dbe8f3"],
          ],
    ),
  );
}

const TOWERS: Record<string, Tower[]> = {
  // Ciaslin: a broad group of towers like the Sassolungo.
  ciaslin: [
    [180, 220, 330],
    [430, 160, 400],
    [620, 260, 290],
    [980, 200, 360],
    [1240, 240, 300],
  ],
  // Plan da Sëra: a flat-topped massif like the Sella, under the gondola.
  "plan-da-sera": [
    [120, 520, 300],
    [700, 520, 320],
    [1260, 300, 260],
  ],
  // Runcadoz: three sharp needles like the Tre Cime, glowing at dusk.
  runcadoz: [
    [500, 150, 430],
    [690, 140, 480],
    [860, 120, 380],
    [1200, 240, 250],
  ],
};

/**
 * A branch in its village. `snow` for a branch open in winter only: a branch that also rents in summer is
 * drawn without snow (issue 33: its picture also shows on the summer pages), skis and a bike by its door.
 */
export function shopArt(ink: Ink, slug: string, snow = true): string {
  const towers = TOWERS[slug] ?? TOWERS.ciaslin!;
  const s = slug === "plan-da-sera" ? MORNING : slug === "runcadoz" ? DUSK : DAY;
  const lit = slug === "runcadoz";
  const base = 560;
  let out = sky(ink, s) + dolomites(towers, base, s, snow);
  out += hills(600, snow ? light(C.sky, 0.85) : "#a7cf8a", 20, hash(slug) % 300);
  out += forest([60, 130, 210, 1390, 1460, 1530, 1300], 640, 110, lit ? "#1f4a3a" : "#2d6a4f", snow);
  out += ground(ink, 700, !snow);
  if (slug === "plan-da-sera") {
    // The gondola's cable and cabins running up from the valley station.
    out += line(1100, 560, 1600, 120, C.ink, 4) + line(1100, 580, 1600, 140, C.ink, 3);
    for (const [cx, cy] of [
      [1250, 430],
      [1450, 254],
    ] as const)
      out +=
        line(cx, cy, cx, cy + 40, C.ink, 4) +
        rect(cx - 36, cy + 40, 72, 60, C.red, { rx: 14 }) +
        rect(cx - 26, cy + 50, 52, 24, "#cfe6f5", { rx: 6 });
    out +=
      rect(1060, 560, 180, 160, C.slate) +
      poly(
        [
          [1040, 570],
          [1150, 520],
          [1260, 570],
        ],
        C.ink,
      );
  }
  if (slug === "runcadoz") {
    // The floodlit sledge run winding down to the hamlet (a gravel path without snow).
    out += stroke("M1500,600 Q1200,640 1300,690 Q1400,740 1100,780", snow ? "#ffffff" : "#e6d8b8", 40);
    for (const [lx, ly] of [
      [1420, 600],
      [1270, 650],
      [1320, 730],
    ] as const)
      out +=
        line(lx, ly, lx, ly - 90, C.ink, 5) +
        circle(lx, ly - 92, 10, "#fff2b0") +
        poly(
          [
            [lx, ly - 90],
            [lx - 50, ly],
            [lx + 50, ly],
          ],
          "#fff2b0",
          { opacity: 0.35 },
        );
  }
  const layout: Record<string, House[]> = {
    ciaslin: [
      { x: 90, w: 200, h: 170, wall: "#f4efe6", roof: dark(C.wood, 0.4), snow: true },
      { x: 1180, w: 230, h: 190, wall: "#f3e1c7", roof: dark(C.wood, 0.5), snow: true },
      { x: 1430, w: 150, h: 140, wall: "#f4efe6", roof: dark(C.wood, 0.4), snow: true },
    ],
    "plan-da-sera": [{ x: 120, w: 220, h: 180, wall: "#f4efe6", roof: dark(C.wood, 0.4), snow: true }],
    runcadoz: [
      { x: 80, w: 180, h: 160, wall: "#e8d8c0", roof: dark(C.wood, 0.5), snow: true, lit: true },
      { x: 300, w: 150, h: 130, wall: "#f0e6d6", roof: dark(C.wood, 0.4), snow: true, lit: true },
    ],
  };
  for (const h of layout[slug] ?? layout.ciaslin!) out += house({ ...h, snow: h.snow && snow, lit: h.lit ?? lit }, 780);
  const front =
    slug === "runcadoz"
      ? { x: 560, w: 420, stripe: C.green }
      : slug === "plan-da-sera"
        ? { x: 460, w: 520, stripe: C.blue }
        : { x: 420, w: 620, stripe: C.red };
  out += shopFront(front.x, 790, front.w, 330, slug === "runcadoz" ? "#e8d8c0" : "#f7f3ec", front.stripe, !snow, lit);
  if (slug === "ciaslin") {
    // The ski bus stop beside the shop.
    out += line(1110, 790, 1110, 600, C.slate, 10) + circle(1110, 590, 34, C.yellow) + rect(1092, 576, 36, 26, C.navy, { rx: 6 });
  }
  // Skis leaning by the door.
  out += g(
    `translate(${front.x + front.w + 40},790)`,
    rect(-8, -190, 16, 190, C.red, { rx: 8 }) + rect(14, -200, 16, 200, C.sky, { rx: 8 }) + rect(-6, -120, 30, 14, C.ink),
  );
  out += ground(ink, 790, !snow) + rect(0, 790, W, 14, snow ? "#e4edf5" : "#d9cfb8");
  // A snow bank (a meadow bank without snow) and two firs in the foreground give the picture depth.
  const bank = snow ? "#ffffff" : "#6fb35a";
  out +=
    path("M0,900 L0,830 Q200,800 420,840 Q520,860 600,900Z", bank) +
    path("M1600,900 L1600,820 Q1400,790 1200,850 Q1120,880 1080,900Z", bank);
  out += fir(70, 880, 200, "#2d6a4f", snow) + fir(1530, 880, 230, "#2d6a4f", snow);
  return out;
}

export function storefrontArt(ink: Ink, id: string): string {
  const summer = id === "summer";
  if (summer) {
    const s: Sky = { ...DAY, top: "#4aa3e0" };
    let out = sky(ink, s) + dolomites(TOWERS.ciaslin!, 520, s, false);
    out += hills(540, "#a5d67e", 30, 40) + forest([90, 160, 240, 1320, 1400, 1480, 1550], 600, 120, "#2d6a4f", false);
    out += hills(640, "#7cc05a", 26, 160);
    // Wildflowers on the meadow.
    for (let i = 0; i < 60; i++) {
      const h = hash(`flower${i}`);
      out += circle(h % W, 700 + ((h >> 9) % 190), 5 + (h % 4), [C.yellow, "#ffffff", C.purple, C.pink][h % 4]!);
    }
    // The trail, and an e-bike on it.
    out += path("M0,860 Q500,720 900,760 Q1300,800 1600,700 L1600,760 Q1300,860 900,820 Q500,780 0,900Z", "#d8c39b");
    out += ebike(ink, { style: "fully", frame: C.orange, accent: C.ink, fork: C.ink }, 820, 800, 0.62);
    return out;
  }
  let out = sky(ink, DAY) + dolomites(TOWERS["plan-da-sera"]!, 540, DAY, true);
  out += hills(560, light(C.sky, 0.85), 30, 90) + forest([80, 170, 250, 1330, 1420, 1500], 620, 110, "#2d6a4f", true);
  out += ground(ink, 640, false);
  // Ski tracks carved down the slope, a pair of skis and poles standing upright in the snow.
  out +=
    stroke("M1500,640 Q1200,700 1300,760 Q1400,820 1000,900", light(C.sky, 0.6), 8) +
    stroke("M1530,645 Q1230,705 1330,765 Q1430,825 1030,900", light(C.sky, 0.6), 8);
  out += skiPair(ink, { style: "allmountain", base: C.red, accent: C.snow, detail: C.ink }, 720, 600, 0.5, -86);
  out += poles(C.ink, 905, 705, 0.6, 4);
  out += el("ellipse", { cx: 790, cy: 850, rx: 260, ry: 22, fill: "#c9d9e8" });
  return out;
}

export function offerArt(ink: Ink, kind: "service" | "depot" | "sale"): string {
  const wall = ink.linear([
    [0, "#f3ece1"],
    [1, "#e6dccd"],
  ]);
  let out = rect(0, 0, W, H, wall);
  out += rect(0, 760, W, 140, dark("#e6dccd", 0.12));
  for (let i = 0; i < 9; i++) out += line(i * 200, 0, i * 200, 760, dark("#e6dccd", 0.05), 4);
  if (kind === "service") {
    // Pegboard with tools above the bench.
    out += rect(300, 90, 1000, 300, "#d9c7a6", { rx: 12 });
    for (let i = 0; i < 20; i++) for (let j = 0; j < 6; j++) out += circle(330 + i * 50, 120 + j * 50, 4, dark("#d9c7a6", 0.2));
    out += g("translate(420,240) rotate(10)", rect(-16, -110, 32, 160, C.red, { rx: 12 }) + rect(-6, 50, 12, 80, C.silver));
    out += g("translate(560,240)", rect(-70, -60, 140, 60, C.orange, { rx: 10 }) + rect(-60, -90, 120, 40, C.silver, { rx: 6 }));
    out += g("translate(760,220)", circle(0, 0, 70, "none", { stroke: C.slate, "stroke-width": 18 }) + rect(-10, 60, 20, 80, C.slate));
    out += g("translate(960,240) rotate(-20)", rect(-60, -60, 120, 120, C.sky, { rx: 14, opacity: 0.9 }));
    out += g("translate(1150,240)", rect(-80, -50, 160, 100, C.pink, { rx: 12 }) + rect(-80, -50, 160, 30, dark(C.pink, 0.2), { rx: 12 }));
    out += serviceJob(ink, "full", C.blue, 800, 560, 1.15);
    out +=
      line(800, 0, 800, 60, C.ink, 6) +
      path("M720,60 L880,60 L840,20 L760,20Z", C.ink) +
      el("ellipse", { cx: 800, cy: 64, rx: 80, ry: 10, fill: "#fff2b0" });
    return out;
  }
  if (kind === "depot") {
    out += depotLockers(true, C.teal, 700, 790, 1.05);
    // A bench to sit on while changing boots.
    out +=
      rect(1180, 640, 340, 40, C.wood, { rx: 10 }) +
      rect(1200, 680, 24, 110, dark(C.wood, 0.4)) +
      rect(1476, 680, 24, 110, dark(C.wood, 0.4));
    out += g(
      "translate(1300,640) scale(0.35)",
      path("M-240,-30 L-250,-300 L-232,-560 Q-100,-595 40,-560 L70,-360 Q120,-290 200,-225 Q262,-170 258,-90 L252,-30Z", C.red) +
        rect(-258, -44, 520, 44, C.ink, { rx: 10 }),
    );
    return out;
  }
  // Sports shop: shelves of folded clothes, a rail of jackets, helmets and goggles on display.
  out += rect(120, 120, 520, 620, dark(C.wood, 0.25), { rx: 8 });
  const folded = [C.red, C.navy, C.yellow, C.teal, C.purple, C.orange, C.green, C.sky, C.pink];
  for (let shelf = 0; shelf < 3; shelf++) {
    const y = 300 + shelf * 200;
    out += rect(130, y, 500, 18, light(C.wood, 0.2));
    for (let i = 0; i < 3; i++) {
      const colour = folded[(shelf * 3 + i) % folded.length]!;
      for (let k = 0; k < 3; k++) out += rect(160 + i * 160, y - 40 - k * 42, 130, 40, k % 2 ? dark(colour, 0.1) : colour, { rx: 8 });
    }
  }
  out += line(720, 180, 1200, 180, C.slate, 12) + line(730, 180, 730, 760, C.slate, 10) + line(1190, 180, 1190, 760, C.slate, 10);
  const jackets: [string, string][] = [
    [C.red, C.ink],
    [C.yellow, C.orange],
    [C.green, C.slate],
    [C.navy, C.sky],
  ];
  jackets.forEach(([body, accent], i) => {
    const x = 800 + i * 115;
    out += stroke(`M${x},180 q0,30 0,40`, C.ink, 6);
    out += top(ink, { body, accent, detail: C.snow, zip: "full", fit: "regular", hood: i % 2 === 0, pattern: "blocks" }, x, 400, 0.33);
  });
  out += rect(1260, 440, 280, 18, light(C.wood, 0.2)) + rect(1260, 620, 280, 18, light(C.wood, 0.2));
  out += skiHelmet(ink, { shell: C.sky, accent: C.navy, kids: false }, 1400, 420, 0.32);
  out += goggles(ink, { frame: C.ink, strap: C.purple, lens: [C.orange, C.pink, C.purple], kids: false }, 1400, 570, 0.28);
  return out;
}
