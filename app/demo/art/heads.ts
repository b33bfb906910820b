/** Helmets and goggles: helmets seen from the side (front to the right) with their vents, goggles from the front. */
import { C, circle, dark, g, type Ink, light, n, path, rect, stroke } from "./kit";

export type HelmetLook = { shell: string; accent: string; kids: boolean; goggle?: string; mips?: boolean };

const SKI_SHELL =
  "M-250,-10 C-280,-240 -130,-340 20,-340 C190,-340 285,-210 268,-50 L240,-30 L120,-40 Q70,-20 62,50 L-60,60 Q-210,60 -250,-10Z";

export function skiHelmet(ink: Ink, look: HelmetLook, cx = 640, cy = 610, scale = 1.25): string {
  const sheen = ink.linear(
    [
      [0, "#ffffff", 0.45],
      [0.45, "#ffffff", 0],
      [1, "#000000", 0.18],
    ],
    0.2,
    0,
    0.8,
    1,
  );
  let vents = "";
  const count = look.mips ? 5 : 3;
  for (let i = 0; i < count; i++) {
    const angle = -50 + (i * 100) / (count - 1);
    vents += g(`translate(0,-40) rotate(${n(angle)}) translate(0,-262)`, rect(-13, -10, 26, 58, C.ink, { rx: 13 }));
  }
  let pattern = "";
  if (look.kids) {
    for (const [x, y, r] of [
      [-150, -200, 30],
      [-40, -260, 24],
      [90, -230, 34],
      [-120, -90, 22],
      [170, -130, 20],
    ] as const)
      pattern += circle(x, y, r, look.accent);
  } else {
    pattern += path("M-262,-120 C-220,-250 -60,-300 120,-300 L150,-270 C-40,-270 -200,-200 -250,-80Z", look.accent);
  }
  const goggle = look.goggle
    ? path("M-262,-160 Q-20,-190 230,-150 L250,-110 Q-20,-150 -258,-118Z", C.ink) +
      path("M175,-175 Q260,-170 272,-110 Q270,-60 225,-55 Q200,-95 175,-100Z", C.ink) +
      path("M190,-160 Q250,-150 258,-110 Q255,-80 230,-75 Q210,-105 190,-112Z", look.goggle)
    : "";
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    path(SKI_SHELL, look.shell) +
      ink.clip(SKI_SHELL, pattern + path(SKI_SHELL, sheen)) +
      vents +
      // Soft ear pad and chin strap.
      path("M-60,-40 Q40,-70 70,10 Q60,70 -40,70 Q-110,40 -60,-40Z", dark(C.slate, 0.2)) +
      stroke("M20,60 Q40,150 110,170", C.ink, 14) +
      (look.mips ? path("M-230,-20 Q-120,20 60,30", "none", { stroke: C.yellow, "stroke-width": 14 }) : "") +
      (look.kids ? circle(-238, -70, 34, C.ink) + circle(-238, -70, 18, look.accent) : "") +
      goggle,
  );
}

const BIKE_SHELL =
  "M-300,-40 C-300,-200 -150,-300 40,-300 C200,-300 290,-200 300,-90 L280,-60 C180,-70 60,-40 -40,-10 L-200,10 Q-280,10 -300,-40Z";

export function bikeHelmet(ink: Ink, look: HelmetLook, cx = 640, cy = 600, scale = 1.2): string {
  const sheen = ink.linear([
    [0, "#ffffff", 0.4],
    [0.5, "#ffffff", 0],
    [1, "#000000", 0.15],
  ]);
  const shell = look.kids
    ? "M-250,-20 C-270,-220 -120,-310 30,-310 C190,-310 280,-200 270,-70 L240,-50 C150,-60 60,-30 -20,0 L-180,20 Q-240,20 -250,-20Z"
    : BIKE_SHELL;
  let vents = "";
  const count = look.kids ? 4 : 6;
  for (let i = 0; i < count; i++) {
    const angle = -60 + (i * 110) / (count - 1);
    vents += g(`translate(0,-20) rotate(${n(angle)}) translate(0,-230)`, path("M-14,-40 Q0,-60 14,-40 L10,40 Q0,50 -10,40Z", C.ink));
  }
  const pattern = look.kids
    ? circle(-140, -170, 30, look.accent) + circle(120, -220, 26, look.accent) + circle(-20, -260, 20, C.snow)
    : path("M-300,-60 C-250,-160 -100,-200 80,-190 L300,-140 L300,-90 C120,-140 -120,-140 -290,-20Z", look.accent);
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    path(shell, look.shell) +
      ink.clip(shell, pattern + path(shell, sheen)) +
      vents +
      // Visor on the front (adult) or a rear light (kids).
      (look.kids
        ? rect(-268, -90, 34, 70, C.red, { rx: 14 }) + rect(-262, -80, 22, 50, light(C.red, 0.5), { rx: 10 })
        : path("M200,-150 Q320,-150 360,-90 L300,-70 Q260,-110 190,-115Z", C.ink)) +
      stroke("M-40,0 Q-20,120 70,160 M70,160 Q130,110 170,-60", C.ink, 10),
  );
}

export type GoggleLook = { frame: string; strap: string; lens: [string, string, string]; kids: boolean };

export function goggles(ink: Ink, look: GoggleLook, cx = 640, cy = 470, scale = 1): string {
  const w = look.kids ? 250 : 320;
  const h = look.kids ? 150 : 170;
  const lens = ink.linear(
    [
      [0, look.lens[0]],
      [0.5, look.lens[1]],
      [1, look.lens[2]],
    ],
    0,
    0,
    1,
    1,
  );
  const outline = `M${-w},${-h * 0.6} Q${-w},${-h} ${-w * 0.6},${-h} L${w * 0.6},${-h} Q${w},${-h} ${w},${-h * 0.6} L${w},${h * 0.4} Q${w},${h} ${w * 0.55},${h} L${w * 0.2},${h} Q0,${h * 0.35} ${-w * 0.2},${h} L${-w * 0.55},${h} Q${-w},${h} ${-w},${h * 0.4}Z`;
  const inner = `M${-w + 26},${-h * 0.55} Q${-w + 26},${-h + 26} ${-w * 0.58},${-h + 26} L${w * 0.58},${-h + 26} Q${w - 26},${-h + 26} ${w - 26},${-h * 0.55} L${w - 26},${h * 0.36} Q${w - 26},${h - 26} ${w * 0.53},${h - 26} L${w * 0.22},${h - 26} Q0,${h * 0.2} ${-w * 0.22},${h - 26} L${-w * 0.53},${h - 26} Q${-w + 26},${h - 26} ${-w + 26},${h * 0.36}Z`;
  let strap = rect(-w - 200, -h * 0.35, 2 * w + 400, h * 0.7, look.strap, { rx: 30 });
  for (let i = 0; i < 5; i++) strap += rect(-w - 170 + i * 36, -h * 0.35, 14, h * 0.7, dark(look.strap, 0.15));
  for (let i = 0; i < 5; i++) strap += rect(w + 30 + i * 36, -h * 0.35, 14, h * 0.7, dark(look.strap, 0.15));
  // Mirrored lens: two bright diagonal reflections over the gradient.
  const shine =
    path(`M${-w},${h} L${-w * 0.2},${-h} L${w * 0.05},${-h} L${-w * 0.75},${h}Z`, "#ffffff", { opacity: 0.35 }) +
    path(`M${-w * 0.55},${h} L${w * 0.25},${-h} L${w * 0.33},${-h} L${-w * 0.47},${h}Z`, "#ffffff", { opacity: 0.3 });
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    strap +
      path(outline, look.frame) +
      path(inner, lens) +
      ink.clip(inner, shine) +
      (look.kids ? path(inner, "none", { stroke: light(look.frame, 0.4), "stroke-width": 8 }) : "") +
      path(outline, "none", { stroke: dark(look.frame, 0.35), "stroke-width": 6 }),
  );
}
