/**
 * The demo pictures: clean flat SVG illustrations of every demo item, category, branch, storefront and
 * offer, drawn in code because the shop has no photographs and no internet to fetch any. The picture
 * pipeline renders them to raster at seed time. No text (the pictures serve six languages and fonts differ
 * by machine), no script, no external reference, and the same subject always gives the same bytes.
 */
import { categoryArt } from "./categories";
import { itemArt } from "./items";
import { Ink } from "./kit";
import { offerArt, shopArt, storefrontArt } from "./scenes";

export type ArtSubject =
  | { type: "item"; slug: string; categoryId: string; kind: "rental" | "sale" | "service" | "depot" }
  | { type: "category"; id: string }
  /** `snow`: the branch is open in winter only (one that also rents in summer is drawn without snow). */
  | { type: "shop"; slug: string; snow?: boolean }
  | { type: "storefront"; id: string } // "winter" | "summer"
  | { type: "offer"; kind: "service" | "depot" | "sale" };

const ITEM_SIZE = { width: 1280, height: 960 } as const;
const SCENE_SIZE = { width: 1600, height: 900 } as const;

/** A clean SVG illustration of the subject: no text, no script, no external references; deterministic. */
export function demoArt(subject: ArtSubject): { svg: string; width: number; height: number } {
  const ink = new Ink();
  switch (subject.type) {
    case "item":
      return frame(ink, ITEM_SIZE, itemArt(ink, subject.slug, subject.categoryId, subject.kind));
    case "category":
      return frame(ink, ITEM_SIZE, categoryArt(ink, subject.id));
    case "shop":
      return frame(ink, SCENE_SIZE, shopArt(ink, subject.slug, subject.snow ?? true));
    case "storefront":
      return frame(ink, SCENE_SIZE, storefrontArt(ink, subject.id));
    case "offer":
      return frame(ink, SCENE_SIZE, offerArt(ink, subject.kind));
  }
}

function frame(ink: Ink, size: { width: number; height: number }, body: string) {
  return { svg: ink.svg(size.width, size.height, body), width: size.width, height: size.height };
}
