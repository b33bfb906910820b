/**
 * The sentence that explains a line's peak surcharge wherever the line is shown (bag, checkout, order page,
 * e-mail, PDF): which peak, how many percent, on how many of the rental days, and how much of the line's
 * price it is. The line's price already contains it, so the lines still add up to the subtotal.
 */
import { formatMoney, formatPercent } from "./format";
import type { Locale } from "./i18n";
import { allocate, type LinePeak } from "./pricing";

export type PeakNote = {
  key: "booking.peak.note" | "booking.peak.notePart";
  values: { name: string; percent: string; count: number; days: number; amount: string };
};

/** One note per peak window of a line; its share of the surcharge follows percent × days, in whole cents that add up. */
export function peakNotes(peaks: readonly LinePeak[], surchargeCents: number, locale: Locale): PeakNote[] {
  if (surchargeCents <= 0 || peaks.length === 0) return [];
  const shares = allocate(
    surchargeCents,
    peaks.map((p) => p.percent * p.days),
  );
  return peaks.map((p, i) => ({
    key: p.days < p.of ? "booking.peak.notePart" : "booking.peak.note",
    values: {
      name: p.name,
      percent: formatPercent(p.percent, locale),
      count: p.days,
      days: p.of,
      amount: formatMoney(shares[i], locale),
    },
  }));
}
