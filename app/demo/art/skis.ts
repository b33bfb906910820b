/** Skis, poles and snowboards, seen from above like a shop's catalogue photo of the topsheet. */
import { C, circle, dark, type Ink, light, line, n, path, poly, rect, stroke } from "./kit";

export type SkiStyle = "carve" | "allmountain" | "race" | "freeride" | "kids" | "kidsrace";

type SkiSpec = { length: number; tip: number; waist: number; tail: number; twin: boolean };

const SKI_SPECS: Record<SkiStyle, SkiSpec> = {
  carve: { length: 880, tip: 118, waist: 82, tail: 106, twin: false },
  allmountain: { length: 940, tip: 132, waist: 92, tail: 118, twin: false },
  race: { length: 980, tip: 104, waist: 66, tail: 94, twin: false },
  freeride: { length: 980, tip: 176, waist: 132, tail: 156, twin: true },
  kids: { length: 600, tip: 104, waist: 80, tail: 96, twin: false },
  kidsrace: { length: 700, tip: 100, waist: 70, tail: 90, twin: false },
};

/** Outline of one ski along the x axis, tail at -length/2, tip at +length/2, with its sidecut. */
function skiOutline({ length, tip, waist, tail, twin }: SkiSpec): string {
  const x0 = -length / 2;
  const x1 = length / 2;
  const tipStart = x1 - tip * 1.1;
  const tailStart = x0 + (twin ? tip * 0.9 : 26);
  const mid = (tipStart + tailStart) / 2;
  const ctrl = -waist + (tip + tail) / 4;
  const tailEnd = twin
    ? `C${n(x0 + tail * 0.15)},${n(tail / 2)} ${n(x0)},${n(tail * 0.3)} ${n(x0)},0 C${n(x0)},${n(-tail * 0.3)} ${n(x0 + tail * 0.15)},${n(-tail / 2)} ${n(tailStart)},${n(-tail / 2)}`
    : `C${n(x0)},${n(tail / 2)} ${n(x0)},${n(-tail / 2)} ${n(tailStart)},${n(-tail / 2)}`;
  return (
    `M${n(tailStart)},${n(-tail / 2)} Q${n(mid)},${n(ctrl)} ${n(tipStart)},${n(-tip / 2)} ` +
    `C${n(x1 - tip * 0.25)},${n(-tip / 2)} ${n(x1)},${n(-tip * 0.3)} ${n(x1)},0 ` +
    `C${n(x1)},${n(tip * 0.3)} ${n(x1 - tip * 0.25)},${n(tip / 2)} ${n(tipStart)},${n(tip / 2)} ` +
    `Q${n(mid)},${n(-ctrl)} ${n(tailStart)},${n(tail / 2)} ${tailEnd}Z`
  );
}

export type SkiLook = { style: SkiStyle; base: string; accent: string; detail: string };

/** Topsheet graphics per style: what tells a race ski from a powder ski at a glance. */
function topsheet(look: SkiLook, spec: SkiSpec): string {
  const { length, tip } = spec;
  const x0 = -length / 2;
  const x1 = length / 2;
  const { base, accent, detail } = look;
  let art = rect(x0, -tip, length, tip * 2, base);
  switch (look.style) {
    case "race": {
      // Racing stripes and chevrons pointing to the tip.
      art += rect(x0, -8, length, 16, detail);
      for (let i = 0; i < 5; i++) {
        const x = x1 - 200 - i * 46;
        art += poly(
          [
            [x, -tip],
            [x + 26, -tip],
            [x + 56, 0],
            [x + 26, tip],
            [x, tip],
            [x + 30, 0],
          ],
          i % 2 ? detail : accent,
        );
      }
      art += poly(
        [
          [x0, -tip],
          [x0 + 190, -tip],
          [x0 + 120, tip],
          [x0, tip],
        ],
        accent,
      );
      break;
    }
    case "freeride": {
      // Bold peaks across the ski: the mountain it is made for.
      const peaks: [number, number][] = [[x0, tip]];
      for (let i = 0; i <= 10; i++) peaks.push([x0 + 60 + i * 85, i % 2 ? -tip * 0.05 : tip * 0.35]);
      peaks.push([x1, tip]);
      art += poly(peaks, accent);
      art += rect(x0, tip * 0.32, length, tip, dark(accent, 0.2));
      art += rect(x1 - 230, -tip, 14, tip * 2, detail) + rect(x1 - 260, -tip, 8, tip * 2, detail);
      break;
    }
    case "allmountain": {
      art += poly(
        [
          [x0 + 120, tip],
          [x0 + 330, -tip * 0.2],
          [x0 + 420, tip * 0.2],
          [x0 + 560, -tip * 0.4],
          [x0 + 760, tip],
        ],
        accent,
      );
      art += rect(x1 - 190, -tip, 60, tip * 2, detail);
      art += rect(x1 - 120, -tip, 16, tip * 2, accent);
      break;
    }
    case "carve": {
      // A soft swoosh: easy and friendly.
      art += path(`M${x0},${tip * 0.6} C${x0 + 300},${-tip} ${x0 + 520},${tip} ${x1},${-tip * 0.8} L${x1},${tip} L${x0},${tip}Z`, accent);
      art += path(`M${x0},${tip * 0.25} C${x0 + 300},${-tip * 1.3} ${x0 + 520},${tip * 0.7} ${x1},${-tip * 1.1}`, "none", {
        stroke: detail,
        "stroke-width": 12,
      });
      break;
    }
    case "kids": {
      const dots = [detail, accent, C.snow];
      for (let i = 0; i < 14; i++) art += circle(x0 + 30 + i * 42, ((i * 37) % 60) - 30, 12 + (i % 3) * 5, dots[i % 3]!);
      break;
    }
    case "kidsrace": {
      art += rect(x0, -tip * 0.18, length, tip * 0.36, accent);
      art += poly(
        [
          [x1 - 220, -tip],
          [x1 - 150, -tip],
          [x1 - 190, -6],
          [x1 - 120, -6],
          [x1 - 230, tip],
          [x1 - 200, 8],
          [x1 - 260, 8],
        ],
        detail,
      );
      break;
    }
  }
  return art;
}

function binding(spec: SkiSpec, colour: string): string {
  const w = spec.waist;
  const heel = -150;
  const toe = 30;
  return (
    rect(heel - 70, -w * 0.22, 330, w * 0.44, dark(colour, 0.35), { rx: 10 }) +
    rect(toe, -w * 0.46, 110, w * 0.92, colour, { rx: 26 }) +
    rect(toe + 22, -w * 0.28, 60, w * 0.56, light(colour, 0.25), { rx: 14 }) +
    rect(heel - 60, -w * 0.44, 120, w * 0.88, colour, { rx: 22 }) +
    rect(heel - 70, -w * 0.18, 40, w * 0.36, C.ink, { rx: 8 }) +
    // Brake arms reach past the edges: a detail every skier knows.
    line(heel + 70, -w * 0.5, heel + 40, -w * 0.72, C.slate, 10) +
    line(heel + 70, w * 0.5, heel + 40, w * 0.72, C.slate, 10)
  );
}

/** One ski in local coordinates (along x). */
function ski(ink: Ink, look: SkiLook, bindingColour: string): string {
  const spec = SKI_SPECS[look.style];
  const outline = skiOutline(spec);
  // The light on the upturned tip: long on a rockered freeride ski (and on its twin tail), short on a
  // cambered piste ski.
  const rocker = look.style === "freeride";
  const tipShade = ink.linear(
    [
      [0, "#ffffff", rocker ? 0.4 : 0],
      [rocker ? 0.16 : 0, "#ffffff", 0],
      [rocker ? 0.7 : 0.82, "#ffffff", 0],
      [1, "#ffffff", rocker ? 0.55 : 0.45],
    ],
    0,
    0,
    1,
    0,
  );
  return (
    path(outline, C.ink, { transform: "translate(0,10)", opacity: 0.18 }) +
    ink.clip(outline, topsheet(look, spec) + rect(-spec.length / 2, -spec.tip, spec.length, spec.tip * 2, tipShade)) +
    path(outline, "none", { stroke: dark(look.base, 0.45), "stroke-width": 5 }) +
    binding(spec, bindingColour)
  );
}

/** A pair of skis lying diagonally, like a catalogue photo. */
export function skiPair(ink: Ink, look: SkiLook, cx = 640, cy = 470, scale = 1, angle = -30): string {
  const spec = SKI_SPECS[look.style];
  const gap = spec.tip + 34;
  const bindingColour = look.style === "race" || look.style === "kidsrace" ? C.silver : look.style === "freeride" ? C.ink : C.slate;
  return (
    `<g transform="translate(${n(cx)},${n(cy)}) rotate(${n(angle)}) scale(${n(scale)})">` +
    `<g transform="translate(-30,${n(-gap / 2)})">${ski(ink, look, bindingColour)}</g>` +
    `<g transform="translate(30,${n(gap / 2)})">${ski(ink, look, bindingColour)}</g></g>`
  );
}

/** A pair of poles standing at an angle, for the category pictures. */
export function poles(colour: string, cx: number, cy: number, scale = 1, angle = 14): string {
  const one = (dx: number) =>
    line(dx, -300, dx, 300, C.silver, 12) +
    rect(dx - 16, -340, 32, 110, colour, { rx: 14 }) +
    stroke(`M${dx - 16},-320 q-30,40 0,80`, C.ink, 6) +
    circle(dx, 250, 40, "none", { stroke: C.ink, "stroke-width": 10 }) +
    line(dx - 40, 250, dx + 40, 250, C.ink, 6);
  return `<g transform="translate(${n(cx)},${n(cy)}) rotate(${n(angle)}) scale(${n(scale)})">${one(-30)}${one(30)}</g>`;
}

type BoardStyle = "easy" | "allmountain" | "freestyle" | "kids";
export type BoardLook = { style: BoardStyle; base: string; accent: string; detail: string };

function boardOutline(length: number, width: number, waist: number): string {
  const x0 = -length / 2;
  const x1 = length / 2;
  const nose = width * 0.62;
  return (
    `M${n(x0 + nose)},${n(-width / 2)} Q0,${n(-waist / 2 - (width - waist) / 2)} ${n(x1 - nose)},${n(-width / 2)} ` +
    `C${n(x1 - nose * 0.2)},${n(-width / 2)} ${n(x1)},${n(-width * 0.3)} ${n(x1)},0 ` +
    `C${n(x1)},${n(width * 0.3)} ${n(x1 - nose * 0.2)},${n(width / 2)} ${n(x1 - nose)},${n(width / 2)} ` +
    `Q0,${n(waist / 2 + (width - waist) / 2)} ${n(x0 + nose)},${n(width / 2)} ` +
    `C${n(x0 + nose * 0.2)},${n(width / 2)} ${n(x0)},${n(width * 0.3)} ${n(x0)},0 ` +
    `C${n(x0)},${n(-width * 0.3)} ${n(x0 + nose * 0.2)},${n(-width / 2)} ${n(x0 + nose)},${n(-width / 2)}Z`
  );
}

function boardGraphic(look: BoardLook, length: number, width: number): string {
  const x0 = -length / 2;
  const { base, accent, detail } = look;
  let art = rect(x0, -width, length, width * 2, base);
  switch (look.style) {
    case "easy":
      art += path(
        `M${x0},${width * 0.5} C${x0 + 300},${-width * 0.2} ${-x0 - 300},${width * 0.9} ${-x0},${-width * 0.1} V${width} H${x0}Z`,
        accent,
      );
      art += circle(-x0 - 170, -width * 0.15, 50, detail);
      break;
    case "allmountain": {
      const peaks: [number, number][] = [[x0, width]];
      for (let i = 0; i <= 8; i++) peaks.push([x0 + i * (length / 8), i % 2 ? -width * 0.25 : width * 0.2]);
      peaks.push([-x0, width]);
      art += poly(peaks, accent);
      art += poly(
        [
          [x0 + length / 8 - 40, -width * 0.12],
          [x0 + length / 8, -width * 0.25],
          [x0 + length / 8 + 40, -width * 0.12],
        ],
        detail,
      );
      break;
    }
    case "freestyle":
      // Twin-tip: the graphic is mirrored nose to tail.
      for (const sign of [-1, 1]) {
        art += poly(
          [
            [sign * 120, -width],
            [sign * 260, -width],
            [sign * 520, width],
            [sign * 380, width],
          ],
          accent,
        );
        art += circle(sign * 420, -width * 0.15, 46, detail);
      }
      art += rect(-40, -width, 80, width * 2, detail);
      break;
    case "kids":
      for (let i = 0; i < 9; i++) {
        const x = x0 + 70 + i * 70;
        const y = ((i * 53) % 120) - 60;
        art += circle(x, y, 20, i % 2 ? accent : detail);
      }
      art += path(`M${x0},${width * 0.3} Q0,${-width * 0.2} ${-x0},${width * 0.3} V${width} H${x0}Z`, accent, { opacity: 0.7 });
      break;
  }
  return art;
}

function boardBinding(x: number, angle: number, width: number, colour: string): string {
  const w = width * 0.86;
  return (
    `<g transform="translate(${n(x)},0) rotate(${angle})">` +
    rect(-46, -w / 2, 92, w, C.ink, { rx: 30 }) +
    path(`M-46,${n(-w * 0.4)} Q-96,0 -46,${n(w * 0.4)} Z`, dark(colour, 0.2)) +
    rect(-40, -w * 0.36, 70, 44, colour, { rx: 12 }) +
    rect(-34, w * 0.14, 76, 54, colour, { rx: 12 }) +
    rect(-20, -w * 0.06, 40, w * 0.12, C.steel, { rx: 6 }) +
    "</g>"
  );
}

export function snowboard(ink: Ink, look: BoardLook, cx = 640, cy = 470, scale = 1): string {
  const kids = look.style === "kids";
  const length = kids ? 760 : 1040;
  const width = kids ? 240 : 280;
  const outline = boardOutline(length, width, width * 0.9);
  const stance = kids ? 150 : 210;
  const sheen = ink.linear([
    [0, "#ffffff", 0.35],
    [0.4, "#ffffff", 0],
    [1, "#000000", 0.12],
  ]);
  return (
    `<g transform="translate(${n(cx)},${n(cy)}) rotate(-14) scale(${n(scale)})">` +
    path(outline, C.ink, { transform: "translate(0,14)", opacity: 0.2 }) +
    ink.clip(outline, boardGraphic(look, length, width) + rect(-length / 2, -width, length, width * 2, sheen)) +
    path(outline, "none", { stroke: dark(look.base, 0.5), "stroke-width": 6 }) +
    boardBinding(-stance, 14, width, look.detail) +
    boardBinding(stance, look.style === "freestyle" ? -14 : 0, width, look.detail) +
    "</g>"
  );
}
