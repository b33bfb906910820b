/**
 * The demo shop's pictures, drawn as SVG so the shop needs no photographs (issue 17). This is the
 * pipeline's placeholder: one calm colour per subject over a mountain line. The real illustrations
 * replace this file with the same signature; the seed renders whatever it returns through the picture
 * pipeline (app/server/media/pictures.server.ts).
 */
import { createHash } from "node:crypto";

export type ArtSubject =
  | { type: "item"; slug: string; categoryId: string; kind: "rental" | "sale" | "service" | "depot" }
  | { type: "category"; id: string }
  | { type: "shop"; slug: string }
  | { type: "storefront"; id: string }
  | { type: "offer"; kind: "service" | "depot" | "sale" };

const key = (subject: ArtSubject) => {
  switch (subject.type) {
    case "item":
      return `item:${subject.slug}`;
    case "category":
      return `category:${subject.id}`;
    case "shop":
      return `shop:${subject.slug}`;
    case "storefront":
      return `storefront:${subject.id}`;
    case "offer":
      return `offer:${subject.kind}`;
  }
};

/** A clean SVG illustration of the subject: no text, no script, no external references; deterministic. */
export function demoArt(subject: ArtSubject): { svg: string; width: number; height: number } {
  const wide = subject.type === "shop" || subject.type === "storefront" || subject.type === "offer";
  const [width, height] = wide ? [1600, 900] : [1280, 960];
  // The same subject always gets the same hue, so a seeded picture's content hash never changes.
  const hue = createHash("sha256").update(key(subject)).digest()[0] * (360 / 256);
  const sky = `hsl(${hue.toFixed(0)} 55% 78%)`;
  const ground = `hsl(${hue.toFixed(0)} 35% 42%)`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${sky}"/>` +
    `<path d="M0 ${height * 0.75} L${width * 0.3} ${height * 0.35} L${width * 0.5} ${height * 0.6} L${width * 0.72} ${height * 0.25} L${width} ${height * 0.7} V${height} H0 Z" fill="${ground}"/>` +
    `</svg>`;
  return { svg, width, height };
}
