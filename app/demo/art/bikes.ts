/** E-bikes from the side (front to the right) and the small bike accessories. */
import { C, circle, dark, el, g, type Ink, light, line, n, path, poly, rect, stroke } from "./kit";

type BikeStyle = "fully" | "hardtail" | "trekking" | "junior";
export type BikeLook = { style: BikeStyle; frame: string; accent: string; fork: string; carbon?: boolean; juniorFork?: boolean };

type P = [number, number];

function wheel(at: P, r: number, knobby: boolean): string {
  const [x, y] = at;
  let spokes = "";
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    spokes += line(x, y, x + Math.cos(a) * (r - 30), y + Math.sin(a) * (r - 30), C.steel, 3);
  }
  return (
    circle(x, y, r, "none", { stroke: C.ink, "stroke-width": knobby ? 30 : 20 }) +
    (knobby ? circle(x, y, r + 14, "none", { stroke: C.ink, "stroke-width": 8, "stroke-dasharray": "10 12" }) : "") +
    circle(x, y, r - 22, "none", { stroke: C.slate, "stroke-width": 10 }) +
    spokes +
    circle(x, y, 18, C.slate) +
    circle(x, y, 8, C.silver)
  );
}

export function ebike(ink: Ink, look: BikeLook, cx = 640, floor = 800, scale = 1): string {
  const junior = look.style === "junior";
  const r = junior ? 165 : 195;
  const knobby = look.style !== "trekking";
  const RA: P = [-345, 0];
  const FA: P = [365, 0];
  const BB: P = [-50, 35];
  const ST: P = [-150, -300];
  const HT: P = [215, -300];
  const HB: P = [250, -205];
  const frame = look.frame;
  const tube = (a: P, b: P, w: number, colour = frame) => line(a[0], a[1], b[0], b[1], colour, w);
  const battery = ink.linear([
    [0, light(look.accent, 0.25)],
    [1, dark(look.accent, 0.2)],
  ]);
  let parts = "";
  // Rear end: a fully pivots with a shock, a hardtail is one rigid triangle.
  if (look.style === "fully") {
    // Chainstay on a pivot by the motor, seatstay to a rocker on the seat tube, and the shock across the
    // front triangle: the parts that tell a fully from a hardtail.
    const rocker: P = [-150, -195];
    const shockFront: P = [95, -88];
    const shockBack: P = [-55, -212];
    parts += tube([-20, 0], RA, 26) + tube(RA, rocker, 22);
    parts += poly([rocker, shockBack, [-100, -150]], dark(frame, 0.25)) + circle(-100, -150, 10, C.silver);
    const angle = n((Math.atan2(shockFront[1] - shockBack[1], shockFront[0] - shockBack[0]) * 180) / Math.PI);
    const length = Math.hypot(shockFront[0] - shockBack[0], shockFront[1] - shockBack[1]);
    parts += g(
      `translate(${shockBack[0]},${shockBack[1]}) rotate(${angle})`,
      rect(0, -15, length, 30, C.ink, { rx: 14 }) +
        rect(length * 0.45, -22, length * 0.4, 44, look.fork, { rx: 10 }) +
        circle(0, 0, 12, C.silver) +
        circle(length, 0, 12, C.silver),
    );
    parts += circle(-20, 0, 14, C.silver);
  } else {
    parts += tube(BB, RA, 20) + tube([-140, -250], RA, 18);
  }
  const stepThrough = look.style === "trekking";
  if (stepThrough) {
    // Low entry: the top tube drops down to the motor.
    parts += stroke(`M${HB[0]},${HB[1]} Q60,-140 ${BB[0] + 20},${BB[1] - 40}`, frame, 46);
    parts += stroke(`M${HB[0] - 20},${HB[1] - 15} Q70,-150 ${BB[0] + 30},${BB[1] - 30}`, battery, 22);
    parts += tube(BB, ST, 28);
  } else {
    parts += tube([ST[0] + 15, ST[1] + 40], HT, 24);
    parts += tube(HB, BB, 50);
    // The battery sits in the down tube: the e-bike's signature.
    parts += g(
      `translate(${(HB[0] + BB[0]) / 2},${(HB[1] + BB[1]) / 2}) rotate(${n((Math.atan2(BB[1] - HB[1], BB[0] - HB[0]) * 180) / Math.PI)})`,
      rect(-120, -13, 240, 26, battery, { rx: 12 }),
    );
    parts += tube(BB, ST, 30);
  }
  parts += tube(HT, HB, 34);
  if (look.carbon) parts += tube([ST[0] + 30, ST[1] + 50], [HT[0] - 20, HT[1] + 10], 8, C.ink);
  // Fork: a suspension fork shows fat silver stanchions, the trekking bike a slim one.
  const forkTop: P = [HB[0], HB[1] + 10];
  const suspended = look.style !== "trekking" && !(junior && !look.juniorFork);
  if (suspended) {
    parts += tube(forkTop, [forkTop[0] + 50, forkTop[1] + 95], 26, C.silver);
    parts += tube([forkTop[0] + 50, forkTop[1] + 95], FA, 28, look.fork);
    parts += tube([forkTop[0] - 6, forkTop[1] - 4], [forkTop[0] + 14, forkTop[1] + 24], 40, look.fork);
  } else {
    parts += tube(forkTop, FA, 18, look.fork);
  }
  // Motor, chainring, crank and pedal.
  parts += circle(BB[0], BB[1], 58, C.ink) + circle(BB[0], BB[1], 40, C.slate);
  parts += circle(BB[0] + 10, BB[1], 44, "none", { stroke: C.steel, "stroke-width": 6 });
  parts += line(BB[0], BB[1], BB[0] + 40, BB[1] + 95, C.slate, 16) + rect(BB[0] + 12, BB[1] + 90, 60, 16, C.ink, { rx: 6 });
  parts += stroke(`M${BB[0] + 10},${BB[1] - 44} L${RA[0]},${RA[1] - 18} M${BB[0] + 10},${BB[1] + 44} L${RA[0]},${RA[1] + 18}`, C.slate, 4);
  // Seat post (a dropper on the mountain bikes) and saddle.
  const post: P = [ST[0] - 25, ST[1] - 95];
  parts += tube(ST, post, 16, look.style === "trekking" ? C.silver : C.ink);
  parts += path(
    `M${post[0] - 90},${post[1] - 8} Q${post[0] - 10},${post[1] - 30} ${post[0] + 70},${post[1] - 12} Q${post[0]},${post[1] + 16} ${post[0] - 90},${post[1] + 8}Z`,
    C.ink,
  );
  // Stem, bar, grip and the motor's display.
  const bar: P = stepThrough ? [HT[0] - 30, HT[1] - 110] : [HT[0] + 10, HT[1] - 70];
  parts += tube(HT, [HT[0] + 5, HT[1] - 40], 22, C.ink) + tube([HT[0] + 5, HT[1] - 40], bar, 16, C.ink);
  parts += rect(bar[0] - 40, bar[1] - 14, 70, 28, C.ink, { rx: 12 }) + rect(HT[0] - 10, HT[1] - 60, 34, 22, C.sky, { rx: 4 });
  if (look.style === "trekking") {
    // Fenders, rack and lights: the bike for cycle paths.
    parts += path(`M${RA[0] - r - 20},${RA[1]} A${r + 22},${r + 22} 0 0 1 ${RA[0] + r * 0.6},${RA[1] - r * 0.85}`, "none", {
      stroke: C.silver,
      "stroke-width": 12,
    });
    parts += path(`M${FA[0] - r * 0.7},${FA[1] - r * 0.8} A${r + 22},${r + 22} 0 0 1 ${FA[0] + r + 20},${FA[1]}`, "none", {
      stroke: C.silver,
      "stroke-width": 12,
    });
    parts +=
      rect(RA[0] - 120, -r - 40, 250, 16, C.ink, { rx: 6 }) +
      line(RA[0] - 100, -r - 30, RA[0], 0, C.ink, 8) +
      line(RA[0] + 120, -r - 30, ST[0] + 20, ST[1] + 60, C.ink, 8);
    parts += rect(HB[0] + 18, HB[1] - 18, 34, 28, C.yellow, { rx: 8 }) + rect(RA[0] - 132, -r - 44, 20, 24, C.red, { rx: 4 });
  }
  return g(
    `translate(${n(cx)},${n(floor - r * scale - 14 * scale)}) scale(${n(scale)})`,
    wheel(RA, r, knobby) + wheel(FA, r, knobby) + parts,
  );
}

export function waterBottle(ink: Ink, colour: string, cx = 640, floor = 800, scale = 1): string {
  const body = ink.linear(
    [
      [0, light(colour, 0.35)],
      [0.5, colour],
      [1, dark(colour, 0.25)],
    ],
    0,
    0,
    1,
    0,
  );
  const outline =
    "M-110,-420 L110,-420 Q140,-400 140,-360 L140,-260 Q120,-200 140,-140 L140,-20 Q140,0 110,0 L-110,0 Q-140,0 -140,-20 L-140,-140 Q-120,-200 -140,-260 L-140,-360 Q-140,-400 -110,-420Z";
  return g(
    `translate(${n(cx)},${n(floor)}) scale(${n(scale)})`,
    path(outline, body) +
      rect(-90, -500, 180, 90, C.ink, { rx: 20 }) +
      rect(-40, -560, 80, 70, C.slate, { rx: 14 }) +
      // Abstract peaks: the logo without its name.
      path("M-100,-90 L-40,-170 L0,-120 L40,-190 L100,-90Z", C.snow) +
      path("M40,-190 L60,-160 L20,-160Z", light(colour, 0.6)) +
      rect(-140, -60, 280, 20, "#ffffff", { opacity: 0.3 }),
  );
}

export function repairKit(look: { pouch: string; accent: string }, cx = 640, cy = 500, scale = 1): string {
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    // Open pouch with the tools laid out on it.
    rect(-380, -220, 760, 440, look.pouch, { rx: 40 }) +
      rect(-380, -220, 760, 440, "none", { rx: 40, stroke: dark(look.pouch, 0.3), "stroke-width": 8, "stroke-dasharray": "18 12" }) +
      // Mini pump.
      rect(-330, -150, 80, 320, C.silver, { rx: 20 }) +
      rect(-320, -190, 60, 60, C.ink, { rx: 10 }) +
      rect(-330, 60, 80, 20, look.accent) +
      // Multi-tool.
      g(
        "translate(-90,0) rotate(-20)",
        rect(-60, -150, 120, 300, C.ink, { rx: 30 }) +
          rect(-30, -200, 20, 90, C.silver, { rx: 6 }) +
          rect(10, -190, 18, 70, C.silver, { rx: 6 }),
      ) +
      // Tyre levers.
      g("translate(120,-20) rotate(8)", rect(-24, -160, 48, 320, look.accent, { rx: 24 })) +
      g("translate(190,-20) rotate(-6)", rect(-24, -160, 48, 320, look.accent, { rx: 24 })) +
      // Patches.
      rect(260, -150, 80, 80, C.yellow, { rx: 14 }) +
      el("ellipse", { cx: 300, cy: 40, rx: 44, ry: 44, fill: C.orange }) +
      rect(260, 110, 80, 60, C.snow, { rx: 10 }),
  );
}
