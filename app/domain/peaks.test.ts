import { describe, expect, it } from "vitest";
import { peakNotes } from "./peaks";

describe("peakNotes", () => {
  it("names the window, its percent and the surcharge of a line wholly inside it", () => {
    const [note, ...rest] = peakNotes([{ name: "Christmas and New Year", percent: 15, days: 5, of: 5 }], 1388, "en");
    expect(rest).toEqual([]);
    expect(note.key).toBe("booking.peak.note");
    expect(note.values).toMatchObject({ name: "Christmas and New Year", count: 5, days: 5 });
    expect(note.values.amount).toMatch(/13\.88/);
    expect(note.values.percent).toMatch(/15/);
  });

  it("says on how many days a window counted, and splits the surcharge over two windows to the cent", () => {
    const notes = peakNotes(
      [
        { name: "New Year", percent: 15, days: 1, of: 4 },
        { name: "Epiphany", percent: 20, days: 2, of: 4 },
      ],
      1760,
      "de",
    );
    expect(notes.map((n) => n.key)).toEqual(["booking.peak.notePart", "booking.peak.notePart"]);
    // 15 : 40 of 17.60 €: 4.80 € and 12.80 €.
    expect(notes.map((n) => n.values.amount.replace(/\s/g, " "))).toEqual(["4,80 €", "12,80 €"]);
  });

  it("has nothing to say without a surcharge", () => {
    expect(peakNotes([], 0, "en")).toEqual([]);
    expect(peakNotes([{ name: "x", percent: 15, days: 1, of: 2 }], 0, "en")).toEqual([]);
  });
});
