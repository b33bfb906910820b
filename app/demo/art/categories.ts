/** Category pictures: a small composition of the category's typical products on the same studio set. */
import { ebike, repairKit, waterBottle } from "./bikes";
import { apresBoots, hikingShoes, skiBoots } from "./boots";
import { gloves, hat, pants, top } from "./clothing";
import { backpack, handWarmers, lipBalm, sled, sunscreen, waxKit } from "./gear";
import { bikeHelmet, goggles, skiHelmet } from "./heads";
import { itemLook } from "./items";
import { C, type Draw, type Ink, studio } from "./kit";
import { poles, skiPair, snowboard } from "./skis";
import { depotLockers, serviceJob } from "./workshop";

const CATEGORY_ART: Record<string, { tint: string; draw: Draw }> = {
  "ski-snowboard": {
    tint: C.sky,
    draw: (ink) =>
      snowboard(ink, { style: "allmountain", base: C.navy, accent: C.sky, detail: C.snow }, 700, 330, 0.72) +
      poles(C.red, 1020, 470, 0.9) +
      skiPair(ink, { style: "race", base: C.red, accent: C.snow, detail: C.ink }, 560, 540, 0.78) +
      skiBoots({ shell: C.slate, cuff: C.sky, accent: C.ink, buckles: 3 }, 1000, 820, 0.42),
  },
  "goggles-helmets": {
    tint: C.purple,
    draw: (ink) =>
      skiHelmet(ink, { shell: C.snow, accent: C.navy, kids: false, mips: true }, 450, 560, 0.95) +
      goggles(ink, { frame: C.ink, strap: C.purple, lens: [C.orange, C.pink, C.purple], kids: false }, 900, 660, 0.6),
  },
  sledding: {
    tint: C.wood,
    draw: (ink) => sled(ink, "bob", C.red, 820, 640, 0.6) + sled(ink, "wooden", C.red, 560, 810, 0.85),
  },
  "ski-service": { tint: C.teal, draw: (ink) => serviceJob(ink, "full", C.red, 640, 500, 0.95) },
  depot: { tint: C.navy, draw: () => depotLockers(true, C.teal, 660, 810, 0.95) },
  clothing: {
    tint: C.red,
    draw: (ink) =>
      pants(ink, { body: C.ink, accent: C.navy, detail: C.red }, 850, 500, 0.75) +
      top(ink, { body: C.red, accent: C.ink, detail: C.snow, hood: true, zip: "full", fit: "puffy", pattern: "blocks" }, 500, 460, 0.78) +
      gloves({ body: C.ink, accent: C.blue, palm: C.slate, style: "ski" }, 900, 720, 0.4),
  },
  shoes: {
    tint: C.wood,
    draw: () =>
      apresBoots({ shell: C.wood, cuff: C.rock, accent: C.ink, buckles: 0 }, 440, 800, 0.7) +
      hikingShoes({ shell: C.slate, cuff: C.green, accent: C.orange, buckles: 0 }, 900, 800, 0.62),
  },
  backpacks: {
    tint: C.orange,
    draw: (ink) =>
      backpack(ink, { body: C.sky, accent: C.navy, detail: C.snow, style: "daypack" }, 860, 520, 0.75) +
      backpack(ink, { body: C.ink, accent: C.orange, detail: C.orange, style: "freeride" }, 480, 480, 0.85),
  },
  windbreakers: {
    tint: C.yellow,
    draw: (ink) =>
      top(ink, { body: C.green, accent: C.slate, detail: C.ink, zip: "full", fit: "regular", pattern: "panels" }, 820, 480, 0.75) +
      top(
        ink,
        { body: C.yellow, accent: C.orange, detail: C.ink, hood: true, zip: "full", fit: "regular", pattern: "chest-pocket" },
        470,
        470,
        0.78,
      ),
  },
  sweaters: {
    tint: C.red,
    draw: (ink) =>
      top(ink, { body: C.purple, accent: C.ink, detail: C.snow, zip: "half", fit: "regular", pattern: "grid" }, 820, 480, 0.75) +
      top(ink, { body: C.snow, accent: C.red, detail: C.navy, zip: "none", fit: "regular", pattern: "star" }, 470, 470, 0.78),
  },
  hats: {
    tint: C.navy,
    draw: (ink) =>
      hat(ink, { body: C.teal, accent: C.slate, detail: C.snow, style: "headband" }, 640, 760, 0.55) +
      hat(ink, { body: C.pink, accent: C.sky, detail: C.yellow, style: "pompom" }, 880, 520, 0.6) +
      hat(ink, { body: C.navy, accent: C.navy, detail: C.snow, style: "beanie" }, 420, 500, 0.7),
  },
  other: {
    tint: C.yellow,
    draw: (ink) =>
      handWarmers(C.red, 930, 450, 0.55) +
      sunscreen(ink, C.orange, 420, 800, 0.8) +
      lipBalm(C.sky, 620, 800, 0.6) +
      waxKit(C.pink, 920, 710, 0.45),
  },
  "ebike-fully": {
    tint: C.green,
    draw: (ink) =>
      ebike(ink, { style: "fully", frame: C.green, accent: C.ink, fork: C.ink }, 600, 800, 0.9) +
      bikeHelmet(ink, { shell: C.ink, accent: C.green, kids: false }, 1080, 770, 0.35),
  },
  "ebike-hardtail": {
    tint: C.orange,
    draw: (ink) =>
      ebike(ink, { style: "hardtail", frame: C.orange, accent: C.ink, fork: C.slate }, 600, 800, 0.9) +
      waterBottle(ink, C.blue, 1110, 800, 0.4),
  },
  "ebike-junior": {
    tint: C.lime,
    draw: (ink) =>
      ebike(ink, { style: "junior", frame: C.lime, accent: C.blue, fork: C.slate }, 580, 800, 0.8) +
      bikeHelmet(ink, { shell: C.yellow, accent: C.pink, kids: true }, 1060, 760, 0.38),
  },
  "bike-helmets": {
    tint: C.green,
    draw: (ink) =>
      bikeHelmet(ink, { shell: C.green, accent: C.ink, kids: false }, 500, 520, 0.85) +
      bikeHelmet(ink, { shell: C.yellow, accent: C.pink, kids: true }, 900, 700, 0.6),
  },
  "bike-accessories": {
    tint: C.orange,
    draw: (ink) =>
      repairKit({ pouch: C.slate, accent: C.orange }, 520, 560, 0.7) +
      gloves({ body: C.ink, accent: C.lime, palm: C.slate, style: "bike" }, 960, 420, 0.45) +
      waterBottle(ink, C.blue, 960, 810, 0.55),
  },
};

export function categoryArt(ink: Ink, id: string): string {
  // A category the art does not know gets what an item of that name would get.
  const look = CATEGORY_ART[id] ?? itemLook(id, id, "sale");
  return studio(ink, look.tint, look.draw(ink));
}
