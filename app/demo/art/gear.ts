/** Sleds, backpacks and the small things sold at the counter. */
import { C, circle, dark, el, g, type Ink, light, line, n, path, rect, stroke } from "./kit";

export type SledStyle = "wooden" | "bob" | "racing";

/** Sleds in three-quarter side view, nose to the right. */
export function sled(ink: Ink, style: SledStyle, colour: string, cx = 640, floor = 790, scale = 1.2): string {
  let art = "";
  if (style === "wooden") {
    const wood = ink.linear([
      [0, light(C.wood, 0.15)],
      [1, dark(C.wood, 0.2)],
    ]);
    // Two curled runners, struts and the slatted seat of a traditional ash sled.
    art += stroke("M-420,-20 L330,-20 Q430,-20 430,-120 Q430,-200 360,-200", dark(C.wood, 0.35), 30);
    for (const x of [-340, -100, 140]) art += line(x, -20, x + 20, -170, dark(C.wood, 0.25), 26);
    art += stroke("M-380,-60 L300,-60 Q380,-60 390,-130 Q390,-170 360,-180", dark(C.wood, 0.1), 24);
    art += rect(-420, -210, 660, 44, wood, { rx: 14 });
    for (let i = 0; i < 6; i++) art += line(-390 + i * 110, -205, -390 + i * 110, -170, dark(C.wood, 0.3), 4);
    art += rect(-420, -170, 700, 18, dark(C.wood, 0.3), { rx: 8 });
    art += stroke("M240,-190 Q320,-260 400,-190", colour, 12);
    art += line(-430, -20, 340, -20, C.slate, 10);
  } else if (style === "bob") {
    const shell = ink.linear([
      [0, light(colour, 0.3)],
      [1, dark(colour, 0.2)],
    ]);
    art += path("M-400,-30 Q-430,-200 -330,-220 L180,-220 Q380,-220 420,-90 Q430,-30 380,-30Z", shell);
    art += path("M-330,-220 Q-350,-300 -260,-300 L-80,-300 Q-40,-300 -40,-220Z", dark(colour, 0.15));
    art += path("M-300,-200 L120,-200 Q200,-200 210,-140 L-300,-140Z", dark(colour, 0.35));
    // Steering wheel and brake levers.
    art +=
      line(180, -220, 230, -320, C.ink, 18) +
      el("ellipse", { cx: 240, cy: -330, rx: 70, ry: 26, fill: "none", stroke: C.ink, "stroke-width": 16 });
    art += line(-300, -160, -360, -250, C.ink, 14) + circle(-362, -256, 14, C.ink);
    art += rect(-380, -40, 780, 26, C.ink, { rx: 12 });
    art += path("M-380,-170 Q-100,-190 300,-160", "none", { stroke: "#ffffff", "stroke-width": 10, opacity: 0.4 });
  } else {
    // Racing luge: low frame, steel runners, a flexible fabric seat.
    art += stroke("M-430,-20 L300,-20 Q400,-20 420,-80", C.silver, 16);
    art += stroke("M-400,-40 L280,-40 Q360,-40 380,-100", C.steel, 14);
    for (const x of [-300, 0, 220]) art += line(x, -30, x + 10, -120, C.ink, 18);
    art += path("M-360,-150 Q-60,-100 260,-150 L260,-110 Q-60,-70 -360,-110Z", colour);
    art += rect(-380, -160, 660, 22, C.ink, { rx: 10 });
    art += stroke("M260,-150 Q330,-230 400,-170", C.ink, 14);
    art += stroke("M-360,-140 Q-60,-95 250,-140", light(colour, 0.4), 6);
  }
  return g(`translate(${n(cx)},${n(floor)}) scale(${n(scale)})`, art);
}

export type PackLook = { body: string; accent: string; detail: string; style: "freeride" | "daypack" };

export function backpack(ink: Ink, look: PackLook, cx = 640, cy = 470, scale = 1): string {
  const big = look.style === "freeride";
  const w = big ? 240 : 210;
  const h = big ? 340 : 290;
  const body = ink.linear(
    [
      [0, light(look.body, 0.12)],
      [1, dark(look.body, 0.15)],
    ],
    0,
    0,
    1,
    0,
  );
  let art =
    // Haul loop and shoulder straps peeking out at the sides.
    stroke(`M-50,${-h - 10} Q0,${-h - 80} 50,${-h - 10}`, C.ink, 14) +
    path(`M${-w - 20},${-h + 80} Q${-w - 60},0 ${-w - 10},${h - 60}`, "none", { stroke: C.ink, "stroke-width": 34 }) +
    path(`M${w + 20},${-h + 80} Q${w + 60},0 ${w + 10},${h - 60}`, "none", { stroke: C.ink, "stroke-width": 34 }) +
    rect(-w, -h, 2 * w, 2 * h, body, { rx: big ? 70 : 110 }) +
    // Top lid and the front pocket's zip.
    path(
      `M${-w},${-h + 140} Q0,${-h + 190} ${w},${-h + 140} L${w},${-h + 60} Q${w},${-h} ${w - 70},${-h} L${-w + 70},${-h} Q${-w},${-h} ${-w},${-h + 60}Z`,
      look.accent,
    ) +
    stroke(`M${-w + 40},${-h + 150} Q0,${-h + 195} ${w - 40},${-h + 150}`, look.detail, 8) +
    rect(-w * 0.65, 0, w * 1.3, h * 0.75, dark(look.body, 0.12), { rx: 40 }) +
    stroke(`M${-w * 0.55},20 L${w * 0.55},20`, look.detail, 8) +
    rect(w * 0.4, 8, 26, 40, C.silver, { rx: 6 });
  if (big) {
    // Diagonal ski carry straps and the shovel pocket's orange zip.
    art += line(-w + 10, 40, w - 10, -60, C.ink, 22) + line(-w + 10, 200, w - 10, 110, C.ink, 22);
    art += rect(-w + 10, 30, 40, 26, C.silver, { rx: 4 }) + rect(-w + 10, 190, 40, 26, C.silver, { rx: 4 });
    art += stroke(`M${w - 30},${-h + 200} L${w - 30},${h - 40}`, C.orange, 8);
  } else {
    art += rect(-60, -h + 40, 120, 50, dark(look.accent, 0.2), { rx: 16 });
  }
  return g(`translate(${n(cx)},${n(cy)}) scale(${n(scale)})`, art);
}

/** A cosmetic tube standing on its cap, a lip balm stick beside it, or both. */
export function sunscreen(ink: Ink, colour: string, cx = 640, floor = 800, scale = 1): string {
  const body = ink.linear(
    [
      [0, light(colour, 0.3)],
      [0.6, colour],
      [1, dark(colour, 0.2)],
    ],
    0,
    0,
    1,
    0,
  );
  return g(
    `translate(${n(cx)},${n(floor)}) scale(${n(scale)})`,
    path("M-150,-560 L150,-560 L120,-110 L-120,-110Z", body) +
      rect(-160, -580, 320, 36, dark(colour, 0.2), { rx: 8 }) +
      rect(-110, -110, 220, 110, C.snow, { rx: 20 }) +
      // A sun and a snowflake: protection in the mountains.
      circle(0, -380, 70, C.yellow) +
      path("M0,-480 L0,-455 M0,-305 L0,-280 M-100,-380 L-75,-380 M75,-380 L100,-380", "none", {
        stroke: C.yellow,
        "stroke-width": 14,
        "stroke-linecap": "round",
      }) +
      rect(-90, -250, 180, 22, C.snow, { rx: 10 }) +
      rect(-60, -210, 120, 16, light(colour, 0.6), { rx: 8 }),
  );
}

export function lipBalm(colour: string, cx = 600, floor = 790, scale = 1.25): string {
  return g(
    `translate(${n(cx)},${n(floor)}) scale(${n(scale)})`,
    // Open stick with the cap lying beside it.
    rect(-80, -420, 160, 420, colour, { rx: 24 }) +
      rect(-80, -120, 160, 60, C.snow) +
      path("M-62,-420 L-62,-500 Q0,-560 62,-500 L62,-420Z", light(C.pink, 0.55)) +
      rect(-80, -440, 160, 30, dark(colour, 0.25), { rx: 8 }) +
      g("translate(250,-60) rotate(90)", rect(-60, -80, 120, 260, dark(colour, 0.1), { rx: 24 })) +
      circle(0, -300, 40, C.yellow) +
      rect(-60, -340, 10, 80, "#ffffff", { opacity: 0.4 }),
  );
}

export function handWarmers(colour: string, cx = 640, cy = 470, scale = 1): string {
  const pad = (angle: number, shade: number) => {
    const fill = dark(colour, shade);
    let dots = "";
    for (let i = 0; i < 4; i++) for (let j = 0; j < 5; j++) dots += circle(-90 + i * 60, -140 + j * 70, 10, dark(fill, 0.2));
    return g(
      `rotate(${angle})`,
      rect(-150, -210, 300, 420, fill, { rx: 50 }) +
        dots +
        // Warm waves.
        stroke(
          "M-60,-300 q20,-30 0,-60 q-20,-30 0,-60 M0,-300 q20,-30 0,-60 q-20,-30 0,-60 M60,-300 q20,-30 0,-60 q-20,-30 0,-60",
          C.orange,
          12,
        ),
    );
  };
  return g(
    `translate(${n(cx)},${n(cy + 80)}) scale(${n(scale)})`,
    g("translate(-170,0)", pad(-10, 0.15)) + g("translate(170,20)", pad(8, 0)),
  );
}

export function waxKit(colour: string, cx = 640, cy = 500, scale = 1): string {
  // A bar of rub-on wax in its wrapper, the bare wax end showing, and a small scraper with a notch for the edges.
  return g(
    `translate(${n(cx)},${n(cy)}) scale(${n(scale)})`,
    g(
      "translate(-130,0) rotate(-10)",
      rect(-240, -130, 480, 260, light(colour, 0.35), { rx: 36 }) +
        rect(-120, -130, 360, 260, colour, { rx: 36 }) +
        rect(-120, -130, 60, 260, dark(colour, 0.2)) +
        path("M0,60 L60,-30 L100,20 L150,-60 L210,60Z", C.snow) +
        rect(-240, -130, 480, 40, "#ffffff", { opacity: 0.25, rx: 20 }),
    ) +
      g(
        "translate(260,90) rotate(14)",
        path("M-120,-170 L120,-170 L120,170 L-120,170 L-120,40 L-80,20 L-120,0Z", C.sky, { opacity: 0.9 }) +
          rect(-120, -170, 240, 46, light(C.sky, 0.45), { rx: 10 }),
      ),
  );
}

/** The fallback for a product the art does not know: a shop's paper bag. */
export function shoppingBag(colour: string, cx = 640, floor = 800, scale = 1): string {
  return g(
    `translate(${n(cx)},${n(floor)}) scale(${n(scale)})`,
    stroke("M-120,-480 Q-120,-640 0,-640 Q120,-640 120,-480", C.ink, 18) +
      path("M-260,0 L-230,-520 L230,-520 L260,0Z", colour) +
      path("M150,-520 L230,-520 L260,0 L190,0Z", dark(colour, 0.15)) +
      path("M-140,-260 L-60,-370 L0,-300 L60,-400 L140,-260Z", C.snow),
  );
}
