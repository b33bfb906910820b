/**
 * The drawing kit shared by every picture: one palette, a deterministic hash to vary details by slug,
 * colour mixing for flat shading, and `Ink`, which collects gradient definitions with ids that are unique
 * within one picture (a category picture draws several products into the same SVG, so ids cannot be fixed
 * per product).
 */

/** One palette family for the whole shop, so every picture looks like the same catalogue. */
export const C = {
  ink: "#1f2a37",
  slate: "#3d4a5c",
  steel: "#8d99ae",
  silver: "#c9d1dc",
  snow: "#f8fafc",
  red: "#d7263d",
  orange: "#f46036",
  yellow: "#f6c945",
  lime: "#9bc53d",
  green: "#2e9e6a",
  teal: "#1b998b",
  sky: "#4ea8de",
  blue: "#2e6fd8",
  navy: "#1d3557",
  purple: "#6c4ab6",
  pink: "#e85d9c",
  wood: "#c58b4e",
  rock: "#e9e1d3",
} as const;

/** FNV-1a: a stable 32-bit number per string, the same on every machine and run. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(list: readonly T[], seed: number, salt = 0): T {
  return list[(seed + salt * 7919) % list.length]!;
}

/** Numbers are printed with at most one decimal: the pictures stay a few kilobytes. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

function channels(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mixes `hex` towards `other` by `amount` (0..1). */
function mix(hex: string, other: string, amount: number): string {
  const a = channels(hex);
  const b = channels(other);
  const out = a.map((c, i) => Math.round(c + (b[i]! - c) * amount));
  return `#${out.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
export const light = (hex: string, amount: number) => mix(hex, "#ffffff", amount);
export const dark = (hex: string, amount: number) => mix(hex, "#000000", amount);

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  let out = "";
  for (const [key, value] of Object.entries(a)) {
    if (value === undefined) continue;
    out += ` ${key}="${typeof value === "number" ? n(value) : value}"`;
  }
  return out;
}

export const el = (tag: string, a: Attrs, children?: string) =>
  children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`;
export const path = (d: string, fill: string, extra: Attrs = {}) => el("path", { d, fill, ...extra });
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}) =>
  el("rect", { x, y, width: w, height: h, fill, ...extra });
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) => el("circle", { cx, cy, r, fill, ...extra });
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}) =>
  el("ellipse", { cx, cy, rx, ry, fill, ...extra });
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra: Attrs = {}) =>
  el("line", { x1, y1, x2, y2, stroke, "stroke-width": width, "stroke-linecap": "round", ...extra });
export const poly = (points: [number, number][], fill: string, extra: Attrs = {}) =>
  el("polygon", { points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(" "), fill, ...extra });
/** A stroked path without fill: tubes, straps, seams. */
export const stroke = (d: string, colour: string, width: number, extra: Attrs = {}) =>
  path(d, "none", { stroke: colour, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...extra });
export const g = (transform: string, children: string, extra: Attrs = {}) => el("g", { transform, ...extra }, children);

/** Collects the gradients of one picture. */
export class Ink {
  private readonly defs: string[] = [];
  private count = 0;

  private id(prefix: string) {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** A linear gradient from (x1,y1) to (x2,y2) in the shape's bounding box (0..1). */
  linear(stops: [offset: number, colour: string, opacity?: number][], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id("l");
    const body = stops.map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op })).join("");
    this.defs.push(el("linearGradient", { id, x1, y1, x2, y2 }, body));
    return `url(#${id})`;
  }

  radial(stops: [offset: number, colour: string, opacity?: number][], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id("r");
    const body = stops.map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op })).join("");
    this.defs.push(el("radialGradient", { id, cx, cy, r }, body));
    return `url(#${id})`;
  }

  /** Clips `children` to the outline `d`: graphics on a ski's topsheet stay inside its edges. */
  clip(d: string, children: string): string {
    const id = this.id("c");
    this.defs.push(el("clipPath", { id }, path(d, "#000")));
    return el("g", { "clip-path": `url(#${id})` }, children);
  }

  svg(width: number, height: number, body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${this.defs.join("")}</defs>${body}</svg>`
    );
  }
}

/** A product drawn in the 1280×960 item canvas, centred near (640, 470). */
export type Draw = (ink: Ink) => string;

/**
 * The product-photo set: a light studio background, a soft disc in the product's tint behind it and a
 * shadow on the floor, the same for every product so the shop's cards look like one series.
 */
export function studio(ink: Ink, tint: string, product: string, width = 1280, height = 960, floorY = 800): string {
  const bg = ink.linear([
    [0, "#f7f9fb"],
    [1, "#e3e9ef"],
  ]);
  const disc = ink.radial([
    [0, light(tint, 0.72)],
    [0.7, light(tint, 0.82)],
    [1, light(tint, 0.9), 0],
  ]);
  const shadow = ink.radial([
    [0, "#1f2a37", 0.28],
    [1, "#1f2a37", 0],
  ]);
  const cx = width / 2;
  return (
    rect(0, 0, width, height, bg) +
    circle(cx, height * 0.48, height * 0.42, disc) +
    rect(0, floorY, width, height - floorY, "#dfe6ed", { opacity: 0.6 }) +
    ellipse(cx, floorY, width * 0.36, 34, shadow) +
    product
  );
}
