/**
 * Which picture each item gets. The demo items are drawn one by one so that items of the same kind differ
 * the way the real products do; an item the art does not know (the back office adds items) is drawn from
 * the words of its slug, then its category, then its kind, in colours chosen by its slug.
 */
import { ebike, repairKit, waterBottle } from "./bikes";
import { apresBoots, hikingShoes, skiBoots, snowboardBoots } from "./boots";
import { gloves, hat, pants, socks, top } from "./clothing";
import { backpack, handWarmers, lipBalm, shoppingBag, sled, sunscreen, waxKit } from "./gear";
import { bikeHelmet, goggles, skiHelmet } from "./heads";
import { C, type Draw, hash, type Ink, pick, studio } from "./kit";
import { type SkiStyle, skiPair, snowboard } from "./skis";
import { depotLockers, type Job, serviceJob } from "./workshop";

export type Art = { tint: string; draw: Draw };

const art = (tint: string, draw: Draw): Art => ({ tint, draw });

const DEMO_ITEM_ART: Record<string, Art> = {
  "ski-easy-carve": art(C.sky, (ink) => skiPair(ink, { style: "carve", base: C.sky, accent: C.snow, detail: C.yellow })),
  "ski-all-mountain": art(C.green, (ink) => skiPair(ink, { style: "allmountain", base: C.navy, accent: C.teal, detail: C.lime })),
  "ski-race-pro": art(C.red, (ink) => skiPair(ink, { style: "race", base: C.red, accent: C.snow, detail: C.ink })),
  "ski-freeride-powder": art(C.orange, (ink) => skiPair(ink, { style: "freeride", base: C.yellow, accent: C.orange, detail: C.ink })),
  "ski-junior-easy": art(C.pink, (ink) => skiPair(ink, { style: "kids", base: C.pink, accent: C.yellow, detail: C.sky })),
  "ski-junior-race": art(C.lime, (ink) => skiPair(ink, { style: "kidsrace", base: C.lime, accent: C.blue, detail: C.orange })),
  "snowboard-easy-ride": art(C.teal, (ink) => snowboard(ink, { style: "easy", base: C.teal, accent: C.sky, detail: C.snow })),
  "snowboard-all-mountain": art(C.blue, (ink) => snowboard(ink, { style: "allmountain", base: C.navy, accent: C.sky, detail: C.snow })),
  "snowboard-freestyle-pro": art(C.purple, (ink) => snowboard(ink, { style: "freestyle", base: C.ink, accent: C.purple, detail: C.lime })),
  "snowboard-junior": art(C.orange, (ink) => snowboard(ink, { style: "kids", base: C.orange, accent: C.yellow, detail: C.sky })),
  "ski-boots-comfort": art(C.sky, () => skiBoots({ shell: C.slate, cuff: C.sky, accent: C.ink, buckles: 3 })),
  "ski-boots-sport": art(C.red, () => skiBoots({ shell: C.ink, cuff: C.red, accent: C.red, buckles: 4 })),
  "ski-boots-junior": art(C.lime, () => skiBoots({ shell: C.blue, cuff: C.lime, accent: C.ink, buckles: 1 }, 640, 800, 0.82)),
  "snowboard-boots": art(C.orange, () => snowboardBoots({ shell: C.ink, cuff: C.slate, accent: C.orange, buckles: 0 })),
  "ski-helmet": art(C.steel, (ink) => skiHelmet(ink, { shell: C.slate, accent: C.steel, kids: false })),
  "ski-helmet-kids": art(C.pink, (ink) => skiHelmet(ink, { shell: C.pink, accent: C.yellow, kids: true }, 640, 630, 1.05)),
  "goggles-vista": art(C.purple, (ink) => goggles(ink, { frame: C.ink, strap: C.purple, lens: [C.orange, C.pink, C.purple], kids: false })),
  "goggles-kids": art(C.lime, (ink) => goggles(ink, { frame: C.lime, strap: C.sky, lens: [C.yellow, C.orange, C.red], kids: true })),
  "ski-helmet-mips": art(C.navy, (ink) => skiHelmet(ink, { shell: C.snow, accent: C.navy, kids: false, goggle: C.orange, mips: true })),
  "sled-wooden": art(C.wood, (ink) => sled(ink, "wooden", C.red)),
  "bob-kids": art(C.red, (ink) => sled(ink, "bob", C.red)),
  "sled-racing": art(C.sky, (ink) => sled(ink, "racing", C.blue)),
  "service-waxing": art(C.pink, (ink) => serviceJob(ink, "waxing", C.sky)),
  "service-edges": art(C.orange, (ink) => serviceJob(ink, "edges", C.red)),
  "service-full": art(C.teal, (ink) => serviceJob(ink, "full", C.green)),
  "service-base-repair": art(C.yellow, (ink) => serviceJob(ink, "repair", C.purple)),
  "service-binding-check": art(C.green, (ink) => serviceJob(ink, "binding", C.orange)),
  "depot-locker-day": art(C.orange, () => depotLockers(false, C.teal)),
  "depot-locker-season": art(C.navy, () => depotLockers(true, C.teal)),
  "ski-jacket-freina": art(C.red, (ink) =>
    top(ink, { body: C.red, accent: C.ink, detail: C.snow, hood: true, zip: "full", fit: "puffy", pattern: "blocks" }),
  ),
  "ski-pants-freina": art(C.navy, (ink) => pants(ink, { body: C.ink, accent: C.navy, detail: C.red })),
  "base-layer-merino": art(C.teal, (ink) => top(ink, { body: C.teal, accent: C.teal, detail: C.snow, zip: "none", fit: "slim" })),
  "ski-socks": art(C.orange, () => socks({ body: C.slate, accent: C.orange, detail: C.snow })),
  "ski-gloves": art(C.blue, () => gloves({ body: C.ink, accent: C.blue, palm: C.slate, style: "ski" })),
  "apres-ski-boots": art(C.wood, () => apresBoots({ shell: C.wood, cuff: C.rock, accent: C.ink, buckles: 0 })),
  "winter-hiking-shoes": art(C.green, () => hikingShoes({ shell: C.slate, cuff: C.green, accent: C.orange, buckles: 0 })),
  "backpack-freeride-22": art(C.orange, (ink) => backpack(ink, { body: C.ink, accent: C.orange, detail: C.orange, style: "freeride" })),
  "daypack-15": art(C.sky, (ink) => backpack(ink, { body: C.sky, accent: C.navy, detail: C.snow, style: "daypack" })),
  "windbreaker-light": art(C.yellow, (ink) =>
    top(ink, { body: C.yellow, accent: C.orange, detail: C.ink, hood: true, zip: "full", fit: "regular", pattern: "chest-pocket" }),
  ),
  "softshell-jacket": art(C.green, (ink) =>
    top(ink, { body: C.green, accent: C.slate, detail: C.ink, zip: "full", fit: "regular", pattern: "panels" }),
  ),
  "sweater-wool-ladin": art(C.red, (ink) =>
    top(ink, { body: C.snow, accent: C.red, detail: C.navy, zip: "none", fit: "regular", pattern: "star" }),
  ),
  "fleece-midlayer": art(C.purple, (ink) =>
    top(ink, { body: C.purple, accent: C.ink, detail: C.snow, zip: "half", fit: "regular", pattern: "grid" }),
  ),
  "beanie-freina": art(C.navy, (ink) => hat(ink, { body: C.navy, accent: C.navy, detail: C.snow, style: "beanie" })),
  "headband-merino": art(C.teal, (ink) => hat(ink, { body: C.teal, accent: C.slate, detail: C.snow, style: "headband" })),
  "kids-pompom-hat": art(C.pink, (ink) => hat(ink, { body: C.pink, accent: C.sky, detail: C.yellow, style: "pompom" }, 640, 590, 0.85)),
  "sunscreen-spf50": art(C.yellow, (ink) => sunscreen(ink, C.orange)),
  "lip-balm-spf30": art(C.pink, () => lipBalm(C.sky)),
  "hand-warmers": art(C.orange, () => handWarmers(C.red)),
  "pocket-wax-kit": art(C.pink, () => waxKit(C.pink)),
  "ebike-fully-trail": art(C.green, (ink) => ebike(ink, { style: "fully", frame: C.green, accent: C.ink, fork: C.ink })),
  "ebike-fully-carbon-pro": art(C.red, (ink) => ebike(ink, { style: "fully", frame: C.ink, accent: C.red, fork: C.red, carbon: true })),
  "ebike-hardtail-tour": art(C.sky, (ink) => ebike(ink, { style: "hardtail", frame: C.sky, accent: C.navy, fork: C.ink })),
  "ebike-hardtail-sport": art(C.orange, (ink) => ebike(ink, { style: "hardtail", frame: C.orange, accent: C.ink, fork: C.slate })),
  "ebike-trekking-comfort": art(C.teal, (ink) => ebike(ink, { style: "trekking", frame: C.snow, accent: C.teal, fork: C.slate })),
  "ebike-junior-24": art(C.lime, (ink) => ebike(ink, { style: "junior", frame: C.lime, accent: C.blue, fork: C.slate }, 640, 800, 0.82)),
  "ebike-junior-26": art(C.blue, (ink) =>
    ebike(ink, { style: "junior", frame: C.blue, accent: C.yellow, fork: C.ink, juniorFork: true }, 640, 800, 0.9),
  ),
  "bike-helmet": art(C.green, (ink) => bikeHelmet(ink, { shell: C.green, accent: C.ink, kids: false })),
  "bike-helmet-kids": art(C.yellow, (ink) => bikeHelmet(ink, { shell: C.yellow, accent: C.pink, kids: true }, 640, 620, 1.0)),
  "bike-gloves": art(C.lime, () => gloves({ body: C.ink, accent: C.lime, palm: C.slate, style: "bike" })),
  "water-bottle": art(C.sky, (ink) => waterBottle(ink, C.blue)),
  "bike-repair-kit": art(C.orange, () => repairKit({ pouch: C.slate, accent: C.orange })),
};

/** Colours for items the art has not seen: a base, an accent and a detail that go together. */
const SCHEMES: [string, string, string][] = [
  [C.red, C.snow, C.ink],
  [C.blue, C.yellow, C.snow],
  [C.green, C.lime, C.ink],
  [C.purple, C.pink, C.snow],
  [C.orange, C.ink, C.snow],
  [C.teal, C.sky, C.yellow],
  [C.navy, C.red, C.snow],
  [C.slate, C.orange, C.sky],
];

type Kind = "rental" | "sale" | "service" | "depot";

/** What the words of a slug or a category name say the item is, or nothing if they say nothing. */
function byWords(text: string, all: string, kind: Kind, seed: number): Art | undefined {
  const [base, accent, detail] = pick(SCHEMES, seed);
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const has = (...list: string[]) => list.some((w) => words.some((word) => word.startsWith(w)));
  // Age and sport come from the slug and the category together: "kids" in either makes it small.
  const allWords = all.toLowerCase().split(/[^a-z0-9]+/);
  const young = ["kids", "kid", "junior", "child", "children"].some((w) => allWords.includes(w));
  const bike = allWords.some((w) => w.startsWith("bike") || w.startsWith("ebike") || w === "mtb");

  if (kind === "service" || has("service")) {
    const job: Job = has("wax") ? "waxing" : has("edge") ? "edges" : has("repair", "ptex") ? "repair" : has("binding") ? "binding" : "full";
    return art(base, (ink) => serviceJob(ink, job, base));
  }
  if (kind === "depot" || has("depot", "locker")) return art(base, () => depotLockers(has("season"), base));
  if (has("helmet")) {
    return bike
      ? art(base, (ink) => bikeHelmet(ink, { shell: base, accent, kids: young }))
      : art(base, (ink) => skiHelmet(ink, { shell: base, accent, kids: young }));
  }
  if (has("goggle")) return art(base, (ink) => goggles(ink, { frame: C.ink, strap: base, lens: [accent, base, C.purple], kids: young }));
  if (has("boot", "boots")) {
    if (has("snowboard")) return art(base, () => snowboardBoots({ shell: C.ink, cuff: base, accent, buckles: 0 }));
    if (has("apres", "winter", "snow")) return art(base, () => apresBoots({ shell: base, cuff: C.rock, accent: C.ink, buckles: 0 }));
    return art(base, () => skiBoots({ shell: base, cuff: accent === C.snow ? C.slate : accent, accent: C.ink, buckles: young ? 1 : 3 }));
  }
  if (has("shoe", "shoes", "sneaker")) return art(base, () => hikingShoes({ shell: C.slate, cuff: base, accent, buckles: 0 }));
  if (has("glove", "gloves", "mitten"))
    return art(base, () => gloves({ body: C.ink, accent: base, palm: C.slate, style: bike ? "bike" : "ski" }));
  if (has("sock", "socks")) return art(base, () => socks({ body: base, accent, detail }));
  if (has("pants", "trousers", "salopette")) return art(base, (ink) => pants(ink, { body: base, accent: C.ink, detail: accent }));
  if (has("headband")) return art(base, (ink) => hat(ink, { body: base, accent, detail, style: "headband" }));
  if (has("hat", "hats", "beanie", "cap")) {
    return art(base, (ink) =>
      hat(ink, { body: base, accent: young ? C.snow : base, detail: accent, style: young || has("pompom") ? "pompom" : "beanie" }),
    );
  }
  if (has("sweater", "sweaters", "fleece", "pullover", "hoodie")) {
    return art(base, (ink) =>
      top(ink, {
        body: base,
        accent,
        detail,
        zip: has("fleece") ? "half" : "none",
        fit: "regular",
        pattern: has("fleece") ? "grid" : "star",
      }),
    );
  }
  if (has("windbreaker", "windbreakers", "softshell", "shell", "vest")) {
    return art(base, (ink) =>
      top(ink, { body: base, accent, detail: C.ink, hood: has("windbreaker"), zip: "full", fit: "regular", pattern: "chest-pocket" }),
    );
  }
  if (has("jacket", "anorak", "parka"))
    return art(base, (ink) => top(ink, { body: base, accent: C.ink, detail, hood: true, zip: "full", fit: "puffy", pattern: "blocks" }));
  if (has("shirt", "layer", "tee", "clothing"))
    return art(base, (ink) => top(ink, { body: base, accent, detail, zip: "none", fit: "slim" }));
  if (has("backpack", "backpacks", "pack", "daypack", "rucksack")) {
    return art(base, (ink) =>
      backpack(ink, { body: base, accent: C.ink, detail: accent, style: has("daypack", "day") ? "daypack" : "freeride" }),
    );
  }
  if (has("sled", "sledding", "bob", "luge", "toboggan")) {
    return art(base, (ink) => sled(ink, has("bob") ? "bob" : has("racing", "race", "luge") ? "racing" : "wooden", base));
  }
  if (has("sunscreen", "cream", "spf")) return art(C.yellow, (ink) => (has("lip") ? lipBalm(base) : sunscreen(ink, base)));
  if (has("lip")) return art(base, () => lipBalm(base));
  if (has("warmer", "warmers")) return art(C.orange, () => handWarmers(base));
  if (has("wax")) return art(base, () => waxKit(base));
  if (has("bottle")) return art(base, (ink) => waterBottle(ink, base));
  if (has("repair", "tool", "pump", "kit")) return art(base, () => repairKit({ pouch: C.slate, accent: base }));
  if (has("bike", "ebike", "mtb", "cycling", "fully", "hardtail", "trekking")) {
    const style = young ? "junior" : has("fully", "full") ? "fully" : has("trekking", "city") ? "trekking" : "hardtail";
    return art(base, (ink) =>
      ebike(ink, { style, frame: base, accent: detail === C.snow ? C.ink : detail, fork: C.ink }, 640, 800, young ? 0.85 : 1),
    );
  }
  if (has("ski", "skis", "carve", "carving", "race", "freeride", "powder")) {
    const style: SkiStyle = young
      ? has("race")
        ? "kidsrace"
        : "kids"
      : has("race", "racing", "slalom", "gs")
        ? "race"
        : has("freeride", "powder")
          ? "freeride"
          : has("all")
            ? "allmountain"
            : "carve";
    return art(base, (ink) => skiPair(ink, { style, base, accent, detail }));
  }
  if (has("snowboard", "board")) {
    const style = young ? "kids" : has("freestyle", "park", "pro") ? "freestyle" : has("easy", "beginner") ? "easy" : "allmountain";
    return art(base, (ink) => snowboard(ink, { style, base, accent, detail }));
  }
  return undefined;
}

function fallback(slug: string, categoryId: string, kind: Kind): Art {
  const seed = hash(`${categoryId}/${slug}`);
  const all = `${slug} ${categoryId}`;
  const found = byWords(slug, all, kind, seed) ?? byWords(categoryId, all, kind, seed);
  if (found) return found;
  const [base, accent, detail] = pick(SCHEMES, seed);
  // Nothing in the words: a rental is most likely winter gear, a sale something for the shop's bag.
  if (kind === "rental") return art(base, (ink) => skiPair(ink, { style: "allmountain", base, accent, detail }));
  return art(base, () => shoppingBag(base));
}

export function itemLook(slug: string, categoryId: string, kind: Kind): Art {
  return DEMO_ITEM_ART[slug] ?? fallback(slug, categoryId, kind);
}

export function itemArt(ink: Ink, slug: string, categoryId: string, kind: Kind): string {
  const look = itemLook(slug, categoryId, kind);
  return studio(ink, look.tint, look.draw(ink));
}
