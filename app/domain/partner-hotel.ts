/**
 * The partner hotel an order (or a bag) names, and what became of its discount. A hotel's discount does not
 * stack with the early-booking discount: `quoteRental` takes the better of the two (docs/decisions/009), so
 * an order can name a hotel, and count for its commission, without carrying its discount.
 */
export type HotelOutcome = "applied" | "offerBetter" | "noDiscount";

type Discount = { kind: string; amountCents: number };

/** Whether the hotel's discount is in the order, the early-booking discount was better, or there was none to give. */
export function hotelOutcome(discounts: readonly Discount[]): HotelOutcome {
  if (discounts.some((d) => d.kind === "hotel" && d.amountCents > 0)) return "applied";
  if (discounts.some((d) => d.kind === "offer" && d.amountCents > 0)) return "offerBetter";
  return "noDiscount";
}

/**
 * The line that names the hotel wherever an order is shown (pages, e-mail, PDF): the message key under
 * `order.hotel` and its values; null when no hotel was chosen.
 */
export function hotelNote(
  hotel: { name: string } | null | undefined,
  discounts: readonly Discount[],
): { key: `order.hotel.${HotelOutcome}`; values: { hotel: string } } | null {
  if (!hotel) return null;
  return { key: `order.hotel.${hotelOutcome(discounts)}`, values: { hotel: hotel.name } };
}

/**
 * A hotel as the bag's list names it: with its town, unless the name says it already ("Alpine Lodge Plan da
 * Sëra" in Plan da Sëra), so the choice fits a phone's select box.
 */
export function hotelChoiceLabel(hotel: { name: string; town: string }): string {
  return hotel.name.toLocaleLowerCase().includes(hotel.town.toLocaleLowerCase()) ? hotel.name : `${hotel.name}, ${hotel.town}`;
}
