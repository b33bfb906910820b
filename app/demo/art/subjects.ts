/** Every subject of the demo catalogue that gets a picture: the list the art tests and the contact sheet walk. */
import { demoCategories, demoItems, demoShops, demoStorefronts } from "../demo-data";
import type { ArtSubject } from "./index";

export function demoArtSubjects(): ArtSubject[] {
  return [
    ...demoItems.map((item): ArtSubject => ({ type: "item", slug: item.slug, categoryId: item.categoryId, kind: item.kind })),
    ...demoCategories.map((category): ArtSubject => ({ type: "category", id: category.id })),
    ...demoShops.map(shopSubject),
    ...demoStorefronts.map((storefront): ArtSubject => ({ type: "storefront", id: storefront.id })),
    ...(["service", "depot", "sale"] as const).map((kind): ArtSubject => ({ type: "offer", kind })),
  ];
}

/** A branch's picture: with snow only when it is open in winter alone, as its picture shows on its seasons' pages. */
export function shopSubject(shop: { row: { slug: string }; appIds: readonly string[] }): ArtSubject {
  return { type: "shop", slug: shop.row.slug, snow: !shop.appIds.includes("summer") };
}

export function subjectKey(subject: ArtSubject): string {
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
}
