/** Boots and shoes, seen from the side (toe to the right) as a pair, the rear one set back. */
import { C, circle, dark, g, light, line, n, path, rect, stroke } from "./kit";

export type BootLook = { shell: string; cuff: string; accent: string; buckles: number };

/** Draws the front boot and a darker copy behind it: a pair reads at once, even on a phone. */
function pair(one: (shade: number) => string, cx: number, floor: number, scale: number): string {
  return (
    g(`translate(${n(cx - 150 * scale)},${n(floor - 24 * scale)}) scale(${n(scale * 0.94)})`, one(0.22)) +
    g(`translate(${n(cx + 60 * scale)},${n(floor)}) scale(${n(scale)})`, one(0))
  );
}

export function skiBoots(look: BootLook, cx = 640, floor = 800, scale = 1): string {
  const one = (shade: number) => {
    const shell = dark(look.shell, shade);
    const cuff = dark(look.cuff, shade);
    let buckles = "";
    const spots: [number, number, number][] = [
      [110, -235, 38],
      [-30, -400, 4],
      [40, -310, 30],
      [-30, -490, 4],
    ];
    for (let i = 0; i < look.buckles; i++) {
      const [x, y, angle] = spots[i]!;
      buckles += g(
        `translate(${x},${y}) rotate(${angle})`,
        rect(-55, -12, 110, 24, dark(look.accent, shade), { rx: 8 }) + rect(5, -17, 56, 34, C.silver, { rx: 8 }),
      );
    }
    return (
      // Liner peeking out of the cuff.
      path("M-225,-540 Q-100,-600 30,-560 L30,-590 Q-100,-630 -225,-580Z", light(C.slate, 0.3)) +
      path("M-240,-30 L-250,-300 L-232,-560 Q-100,-595 40,-560 L70,-360 Q120,-290 200,-225 Q262,-170 258,-90 L252,-30Z", shell) +
      // Cuff: the upper shell, in its own colour.
      path("M-250,-300 L-232,-560 Q-100,-595 40,-560 L70,-360 Q-80,-300 -250,-300Z", cuff) +
      path("M-210,-520 Q-100,-545 30,-520 L34,-490 Q-100,-515 -214,-490Z", C.ink) +
      path("M-245,-270 Q-250,-120 -215,-40 L-175,-40 Q-200,-150 -200,-270Z", "#ffffff", { opacity: 0.14 }) +
      buckles +
      rect(-258, -44, 520, 44, C.ink, { rx: 10 }) +
      rect(-262, -56, 70, 28, C.slate, { rx: 6 }) +
      rect(200, -56, 66, 28, C.slate, { rx: 6 })
    );
  };
  return pair(one, cx, floor, scale);
}

export function snowboardBoots(look: BootLook, cx = 640, floor = 800, scale = 1): string {
  const one = (shade: number) => {
    const body = dark(look.shell, shade);
    let laces = "";
    for (let i = 0; i < 5; i++) laces += line(-30 + i * 30, -470 + i * 60, 40 + i * 34, -480 + i * 58, light(look.accent, 0.2), 10);
    return (
      path("M-230,-30 L-242,-330 Q-245,-480 -200,-520 L-60,-545 Q10,-560 30,-520 L45,-330 Q200,-260 250,-150 Q272,-70 245,-30Z", body) +
      path("M-60,-545 Q10,-565 40,-580 L70,-540 Q40,-500 30,-470 Z", dark(look.cuff, shade)) +
      path("M-242,-330 Q-245,-480 -200,-520 L-60,-545 Q-120,-420 -150,-330Z", dark(look.cuff, shade)) +
      laces +
      circle(-150, -250, 34, C.ink) +
      circle(-150, -250, 20, dark(look.accent, shade)) +
      path("M-120,-120 Q40,-160 230,-110", "none", { stroke: "#ffffff", "stroke-width": 6, opacity: 0.35 }) +
      rect(-240, -50, 500, 50, C.ink, { rx: 20 }) +
      rect(-240, -62, 500, 16, light(C.ink, 0.25), { rx: 8 })
    );
  };
  return pair(one, cx, floor, scale);
}

/** Après-ski boots: puffy quilted shaft and a fur cuff. */
export function apresBoots(look: BootLook, cx = 640, floor = 800, scale = 1): string {
  const one = (shade: number) => {
    const body = dark(look.shell, shade);
    const fur = dark(look.cuff, shade);
    let quilt = "";
    for (let i = 0; i < 4; i++)
      quilt += stroke(`M-200,${-150 - i * 70} Q-40,${-130 - i * 70} ${110 - i * 25},${-150 - i * 70}`, dark(body, 0.18), 6);
    let furTop = "";
    for (let i = 0; i < 8; i++) furTop += circle(-205 + i * 44, -440 + (i % 2) * 10, 40, fur);
    return (
      path("M-230,-40 Q-250,-250 -210,-430 L110,-430 Q130,-300 150,-230 Q270,-200 265,-110 L260,-40Z", body) +
      quilt +
      furTop +
      rect(-245, -70, 520, 70, dark(look.accent, shade), { rx: 30 }) +
      rect(-245, -14, 520, 14, C.ink, { rx: 6 })
    );
  };
  return pair(one, cx, floor, scale);
}

/** Mid-cut hiking shoes: laces, toe cap and a lugged winter sole. */
export function hikingShoes(look: BootLook, cx = 640, floor = 800, scale = 1): string {
  const one = (shade: number) => {
    const body = dark(look.shell, shade);
    let laces = "";
    for (let i = 0; i < 5; i++) {
      const x = -10 + i * 40;
      const y = -330 + i * 38;
      laces += circle(x - 14, y, 7, C.silver) + line(x - 14, y, x + 30, y - 6, dark(look.accent, shade), 8);
    }
    let lugs = "";
    for (let i = 0; i < 9; i++) lugs += rect(-250 + i * 58, -14, 36, 16, C.ink);
    return (
      path("M-230,-40 L-235,-300 Q-230,-360 -170,-370 L-30,-370 Q10,-320 40,-270 Q180,-220 250,-150 Q280,-100 262,-40Z", body) +
      path("M-235,-300 Q-230,-360 -170,-370 L-30,-370 Q-60,-320 -80,-260 Q-160,-250 -234,-260Z", dark(look.cuff, shade)) +
      path("M120,-210 Q230,-180 262,-110 L262,-60 L110,-60Z", dark(look.accent, shade)) +
      laces +
      rect(-250, -64, 520, 56, light(C.slate, 0.15), { rx: 18 }) +
      rect(-250, -36, 520, 24, dark(look.accent, shade + 0.3), { rx: 8 }) +
      lugs
    );
  };
  return pair(one, cx, floor, scale * 1.1);
}
