/** Clothing laid flat and seen from the front, like a shop's packshot: tops, pants, socks, gloves and hats. */
import { C, circle, dark, el, g, type Ink, light, line, n, path, poly, rect, stroke } from "./kit";

export type TopLook = {
  body: string;
  accent: string;
  detail: string;
  hood?: boolean;
  zip: "full" | "half" | "none";
  fit: "puffy" | "regular" | "slim";
  pattern?: "star" | "grid" | "quilt" | "blocks" | "chest-pocket" | "panels";
};

function topOutline(fit: TopLook["fit"]): string {
  // A slim base layer hugs the body; a puffy ski jacket stands off it.
  const w = fit === "puffy" ? 1.08 : fit === "slim" ? 0.88 : 1;
  const x = (v: number) => n(v * w);
  return (
    `M${x(-60)},-290 Q0,-255 ${x(60)},-290 L${x(170)},-265 Q${x(255)},-240 ${x(280)},-150 L${x(335)},220 L${x(245)},245 ` +
    `L${x(200)},-40 L${x(205)},300 Q0,318 ${x(-205)},300 L${x(-200)},-40 L${x(-245)},245 L${x(-335)},220 L${x(-280)},-150 ` +
    `Q${x(-255)},-240 ${x(-170)},-265Z`
  );
}

/** Eight-pointed Ladin star, the motif knitted into the valley's sweaters. */
function star(cx: number, cy: number, r: number, fill: string): string {
  const points: [number, number][] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8;
    const radius = i % 2 ? r * 0.45 : r;
    points.push([cx + Math.cos(a) * radius, cy + Math.sin(a) * radius]);
  }
  return poly(points, fill);
}

export function top(ink: Ink, look: TopLook, cx = 640, cy = 470, scale = 1): string {
  const outline = topOutline(look.fit);
  const w = look.fit === "puffy" ? 1.08 : look.fit === "slim" ? 0.88 : 1;
  let inside = rect(-400, -400, 800, 800, look.body);
  switch (look.pattern) {
    case "star":
      inside += rect(-400, -150, 800, 110, look.accent);
      for (let i = 0; i < 8; i++) inside += star(-350 + i * 100, -95, 38, look.detail);
      inside += rect(-400, 40, 800, 14, look.accent) + rect(-400, 170, 800, 14, look.accent);
      for (let i = 0; i < 9; i++) inside += star(-320 + i * 80, 112, 18, look.accent);
      break;
    case "grid":
      for (let i = -16; i <= 16; i++) inside += rect(i * 24, -400, 6, 800, dark(look.body, 0.12));
      for (let i = -16; i <= 16; i++) inside += rect(-400, i * 24, 800, 6, dark(look.body, 0.12));
      inside += rect(-400, -400, 800, 130, look.accent);
      break;
    case "quilt":
      for (let i = 0; i < 7; i++)
        inside += stroke(`M-400,${-170 + i * 70} Q0,${-150 + i * 70} 400,${-170 + i * 70}`, dark(look.body, 0.15), 6);
      inside += poly(
        [
          [-400, -400],
          [400, -400],
          [400, -150],
          [-400, -60],
        ],
        look.accent,
      );
      break;
    case "blocks":
      inside += poly(
        [
          [-400, -400],
          [400, -400],
          [400, -160],
          [-400, -160],
        ],
        look.accent,
      );
      inside += rect(-400, -160, 800, 16, look.detail);
      break;
    case "chest-pocket":
      inside += rect(40 * w, -200, 110, 120, dark(look.body, 0.1), { rx: 10 }) + line(50 * w, -190, 140 * w, -190, look.detail, 6);
      inside += path("M-400,200 L400,120 L400,400 L-400,400Z", look.accent);
      break;
    case "panels":
      inside += path(`M${-200 * w},-40 Q${-150 * w},120 ${-190 * w},310 L${-400},310 L-400,-40Z`, look.accent);
      inside += path(`M${200 * w},-40 Q${150 * w},120 ${190 * w},310 L400,310 L400,-40Z`, look.accent);
      break;
  }
  // Sleeves shaded a little darker than the body: the garment gets volume without gradients.
  inside += path(`M${-280 * w},-150 L${-335 * w},220 L${-245 * w},245 L${-200 * w},-40Z`, "#000000", { opacity: 0.08 });
  inside += path(`M${280 * w},-150 L${335 * w},220 L${245 * w},245 L${200 * w},-40Z`, "#000000", { opacity: 0.08 });
  const cuffs =
    g(`translate(${n(-290 * w)},232) rotate(12)`, rect(-50, -16, 100, 34, dark(look.body, 0.25), { rx: 8 })) +
    g(`translate(${n(290 * w)},232) rotate(-12)`, rect(-50, -16, 100, 34, dark(look.body, 0.25), { rx: 8 })) +
    rect(-205 * w, 284, 410 * w, 30, dark(look.body, 0.2), { rx: 10 });
  const hood = look.hood ? path("M-120,-270 Q-140,-400 0,-410 Q140,-400 120,-270 Q0,-230 -120,-270Z", dark(look.body, 0.22)) : "";
  const collar =
    look.zip === "none"
      ? path("M-62,-290 Q0,-245 62,-290 Q0,-230 -62,-290Z", dark(look.body, 0.3))
      : rect(-70, -330, 140, 60, dark(look.body, 0.1), { rx: 20 });
  const zipEnd = look.zip === "full" ? 300 : -120;
  const zip =
    look.zip === "none"
      ? ""
      : line(0, -325, 0, zipEnd, look.detail, 8) + rect(-9, look.zip === "full" ? -200 : -170, 18, 46, C.silver, { rx: 6 });
  // Zipped hand pockets belong to jackets; a knit or a base layer shows its seams instead (the base
  // layer's flatlock raglan seams in a contrasting thread).
  const pockets =
    look.zip === "none"
      ? look.fit === "slim"
        ? stroke(`M-50,-280 L${-200 * w},-40 M50,-280 L${200 * w},-40`, look.detail, 6, { "stroke-dasharray": "14 8" })
        : stroke("M-120,-200 L-110,300 M120,-200 L110,300", dark(look.body, 0.12), 4)
      : line(-150 * w, 60, -100 * w, 170, look.detail, 7) + line(150 * w, 60, 100 * w, 170, look.detail, 7);
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    hood +
      ink.clip(outline, inside) +
      path(outline, "none", { stroke: dark(look.body, 0.35), "stroke-width": 5 }) +
      cuffs +
      collar +
      zip +
      pockets,
  );
}

export type PantsLook = { body: string; accent: string; detail: string };

export function pants(ink: Ink, look: PantsLook, cx = 640, cy = 470, scale = 1): string {
  const outline = "M-190,-300 L190,-300 L220,320 L50,320 L0,-60 L-50,320 L-220,320Z";
  const inside =
    rect(-300, -400, 600, 800, look.body) +
    // Articulated knees and reinforced edge guards at the hem.
    stroke("M-205,80 Q-130,110 -40,80 M205,80 Q130,110 40,80", dark(look.body, 0.2), 8) +
    rect(-300, 270, 600, 60, look.accent) +
    path("M-190,-300 L-205,-30 L-170,-30 L-160,-300Z", look.accent, { opacity: 0.9 }) +
    path("M190,-300 L205,-30 L170,-30 L160,-300Z", look.accent, { opacity: 0.9 });
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    ink.clip(outline, inside) +
      path(outline, "none", { stroke: dark(look.body, 0.35), "stroke-width": 5 }) +
      rect(-195, -320, 390, 50, dark(look.body, 0.25), { rx: 12 }) +
      rect(-30, -312, 60, 34, C.silver, { rx: 8 }) +
      line(0, -270, 0, -110, dark(look.body, 0.4), 6) +
      line(-140, -200, -120, -60, look.detail, 7) +
      line(140, -200, 120, -60, look.detail, 7) +
      rect(-215, 40, 90, 110, dark(look.body, 0.12), { rx: 12 }),
  );
}

export type SockLook = { body: string; accent: string; detail: string };

export function socks(look: SockLook, cx = 640, cy = 470, scale = 1): string {
  const one = (shade: number) => {
    const body = dark(look.body, shade);
    const pad = dark(look.accent, shade);
    let ribs = "";
    for (let i = 0; i < 7; i++) ribs += rect(-70 + i * 22, -330, 8, 70, dark(body, 0.2));
    return (
      path("M-75,-330 L75,-330 L75,90 Q80,130 130,135 L250,140 Q320,150 320,215 Q320,270 250,270 L-10,270 Q-90,270 -90,190Z", body) +
      ribs +
      rect(-76, -200, 152, 26, pad) +
      rect(-76, -150, 152, 14, look.detail) +
      // Padded heel and toe.
      path("M-90,170 Q-90,270 -10,270 L40,270 Q30,180 -80,120Z", pad) +
      path("M230,140 Q320,150 320,215 Q320,270 250,270 L210,270 Q190,200 230,140Z", pad)
    );
  };
  return (
    g(`translate(${n(cx - 170 * scale)},${n(cy - 20 * scale)}) scale(${n(scale * 0.95)})`, one(0.2)) +
    g(`translate(${n(cx + 20 * scale)},${n(cy + 30 * scale)}) scale(${n(scale)})`, one(0))
  );
}

export type GloveLook = { body: string; accent: string; palm: string; style: "ski" | "bike" };

export function gloves(look: GloveLook, cx = 640, cy = 470, scale = 1): string {
  const ski = look.style === "ski";
  const one = (shade: number, mirror: number) => {
    const body = dark(look.body, shade);
    const fingers = [
      [-95, -150, 250],
      [-35, -190, 290],
      [25, -180, 280],
      [82, -140, 230],
    ];
    let out = "";
    for (const [x, top, h] of fingers) out += rect(x! - 30, top!, 60, h!, body, { rx: 30 });
    if (!ski) for (const [x, top] of fingers) out += rect(x! - 28, top!, 56, 46, light(look.palm, 0.2), { rx: 26 });
    out += g("translate(-120,40) rotate(-40)", rect(-34, -130, 68, 180, body, { rx: 34 }));
    out += rect(-130, -30, 250, 230, body, { rx: 60 });
    out += path("M-120,40 Q0,20 118,40 L118,90 Q0,70 -120,90Z", dark(look.accent, shade));
    out += ski
      ? rect(-150, 170, 290, 170, dark(look.accent, shade), { rx: 30 }) +
        rect(-150, 290, 290, 26, C.ink, { rx: 10 }) +
        stroke("M120,320 Q200,380 150,430", C.ink, 10)
      : rect(-125, 170, 240, 70, C.ink, { rx: 20 }) + rect(-40, 180, 80, 50, dark(look.accent, shade), { rx: 10 });
    return g(`scale(${mirror},1)`, out);
  };
  return (
    g(`translate(${n(cx - 170 * scale)},${n(cy - 30 * scale)}) scale(${n(scale * 0.95)}) rotate(-8)`, one(0.2, -1)) +
    g(`translate(${n(cx + 150 * scale)},${n(cy)}) scale(${n(scale)}) rotate(8)`, one(0, 1))
  );
}

export type HatLook = { body: string; accent: string; detail: string; style: "beanie" | "pompom" | "headband" };

/** A white edelweiss, embroidered on the beanie. */
function edelweiss(x: number, y: number, r: number): string {
  let petals = "";
  for (let i = 0; i < 8; i++)
    petals += g(`translate(${x},${y}) rotate(${i * 45})`, el("ellipse", { cx: 0, cy: -r, rx: r * 0.35, ry: r * 0.75, fill: C.snow }));
  return petals + circle(x, y, r * 0.45, C.yellow);
}

export function hat(ink: Ink, look: HatLook, cx = 640, cy = 500, scale = 1): string {
  if (look.style === "headband") {
    let ribs = "";
    for (let i = 0; i < 14; i++) ribs += rect(-330 + i * 48, -40, 10, 150, dark(look.body, 0.12));
    return g(
      `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
      path("M-340,-40 Q0,-150 340,-40 L340,-20 Q0,-120 -340,-20Z", dark(look.body, 0.3)) +
        path("M-340,-40 Q0,40 340,-40 L340,110 Q0,200 -340,110Z", look.body) +
        ribs +
        path("M-340,70 Q0,160 340,70 L340,110 Q0,200 -340,110Z", look.accent),
    );
  }
  let ribs = "";
  for (let i = 0; i < 15; i++) ribs += rect(-280 + i * 38, 60, 12, 170, dark(look.accent, 0.15));
  const stripes =
    look.style === "pompom"
      ? rect(-300, -70, 600, 40, look.detail) + rect(-300, -170, 600, 40, look.detail) + rect(-300, -270, 600, 30, look.detail)
      : "";
  const dome = "M-270,80 Q-280,-330 0,-340 Q280,-330 270,80Z";
  let pom = "";
  if (look.style === "pompom") {
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      pom += circle(Math.cos(a) * 70, -400 + Math.sin(a) * 70, 60, i % 2 ? look.detail : light(look.detail, 0.2));
    }
    pom += circle(0, -400, 80, look.detail);
  }
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    pom +
      ink.clip(dome, path(dome, look.body) + stripes) +
      stroke("M-150,-290 Q-180,-100 -170,80 M0,-340 L0,80 M150,-290 Q180,-100 170,80", dark(look.body, 0.15), 8) +
      rect(-290, 50, 580, 190, look.accent, { rx: 40 }) +
      ribs +
      (look.style === "beanie" ? edelweiss(170, 145, 44) : ""),
  );
}
