import { describe, expect, it } from "vitest";
import { CODE_B, CODE_C, checksum, code128Bars, encodeCode128, START_B, START_C, STOP, symbolWidths } from "./code128";

/**
 * A reader of symbol values for sets B and C, to read the encoder's output back (and check the check symbol,
 * the start and the stop, as a scanner does). Null when the values are no valid B/C symbol.
 */
function decodeCode128Values(values: readonly number[]): string | null {
  if (values.length < 3 || values[values.length - 1] !== STOP) return null;
  const body = values.slice(0, -2);
  if (checksum(body) !== values[values.length - 2]) return null;
  let inC = body[0] === START_C;
  if (!inC && body[0] !== START_B) return null;
  let text = "";
  for (const value of body.slice(1)) {
    if (value === CODE_C && !inC) inC = true;
    else if (value === CODE_B && inC) inC = false;
    else if (inC && value < 100) text += String(value).padStart(2, "0");
    else if (!inC && value < 95) text += String.fromCharCode(value + 32);
    else return null;
  }
  return text;
}

describe("Code 128 symbols", () => {
  it("has 107 patterns of three bars and three spaces adding up to 11 modules, all different, and a stop of 13", () => {
    const patterns = Array.from({ length: 106 }, (_, value) => symbolWidths(value));
    for (const widths of patterns) {
      expect(widths).toHaveLength(6);
      expect(widths.reduce((a, b) => a + b)).toBe(11);
    }
    expect(new Set(patterns.map((w) => w.join(""))).size).toBe(106);
    expect(symbolWidths(STOP)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    // Start B and start C as the standard draws them: 11010010000 and 11010011100.
    expect(symbolWidths(START_B)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(symbolWidths(START_C)).toEqual([2, 1, 1, 2, 3, 2]);
    expect(() => symbolWidths(107)).toThrow(RangeError);
  });
});

describe("encodeCode128", () => {
  it.each([
    // The textbook example: set B throughout; 104 + 48 + 2·42 + 3·42 + 4·17 + 5·18 + 6·19 + 7·35 = 879 ≡ 55 (mod 103).
    ["PJJ123C", [START_B, 48, 42, 42, 17, 18, 19, 35, 55, STOP]],
    // A unit code: letters in B, the four digits at the end as two pairs in C.
    ["CI-SKI-0042", [START_B, 35, 41, 13, 51, 43, 41, 13, CODE_C, 0, 42, 65, STOP]],
    // Digits only, even: C from the start.
    ["123456", [START_C, 12, 34, 56, 44, STOP]],
    // Digits only, odd: pairs in C, the last digit in B.
    ["12345", [START_C, 12, 34, CODE_B, 21, 54, STOP]],
    // Exactly two digits start in C too.
    ["12", [START_C, 12, 14, STOP]],
    ["1", [START_B, 17, 18, STOP]],
    // Seven digits in the middle: the first stays in B, six go to C, then back to B.
    ["A1234567B", [START_B, 33, 17, CODE_C, 23, 45, 67, CODE_B, 34, 99, STOP]],
    // Five digits in the middle are not worth two switches.
    ["AB12345C", [START_B, 33, 34, 17, 18, 19, 20, 21, 35, 43, STOP]],
    // Five at the end: the odd first digit in B, then pairs.
    ["CI-12345", [START_B, 35, 41, 13, 17, CODE_C, 23, 45, 40, STOP]],
    // Three digits at the end stay in B.
    ["SKI-042", [START_B, 51, 43, 41, 13, 16, 20, 18, 21, STOP]],
  ])("%s", (text, values) => {
    expect(encodeCode128(text)).toEqual(values);
    expect(checksum(values.slice(0, -2))).toBe(values[values.length - 2]);
  });

  it("refuses what sets B and C cannot carry", () => {
    expect(() => encodeCode128("")).toThrow(RangeError);
    expect(() => encodeCode128("SKI\n1")).toThrow(RangeError);
    expect(() => encodeCode128("Škoda")).toThrow(RangeError);
    expect(() => encodeCode128("\u007f")).toThrow(RangeError);
  });

  it("reads back as the same text for a thousand mixes of digits, letters and signs, never longer than set B alone", () => {
    // A fixed linear congruential sequence: the same texts every run, with digit runs of every length.
    let seed = 20;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = "0123456789012345678901234567890123456789-AZaz~ ";
    for (let i = 0; i < 1000; i++) {
      const text = Array.from({ length: 1 + next(40) }, () => alphabet[next(alphabet.length)]).join("");
      const values = encodeCode128(text);
      expect(decodeCode128Values(values), text).toBe(text);
      expect(values.length, text).toBeLessThanOrEqual(text.length + 3);
    }
  });
});

describe("code128Bars", () => {
  it("lays the symbols side by side: 11 modules each, 13 for the stop, bars starting with the start symbol's", () => {
    const { modules, bars } = code128Bars("CI-SKI-0042");
    expect(modules).toBe(12 * 11 + 13);
    expect(bars[0]).toEqual({ x: 0, width: 2 });
    expect(bars[1]).toEqual({ x: 3, width: 1 });
    // Three bars per symbol, four in the stop; the last bar ends at the symbol's end.
    expect(bars).toHaveLength(12 * 3 + 4);
    const last = bars[bars.length - 1];
    expect(last.x + last.width).toBe(modules);
    for (let i = 1; i < bars.length; i++) expect(bars[i].x).toBeGreaterThan(bars[i - 1].x + bars[i - 1].width - 1);
  });
});

describe("decodeCode128Values", () => {
  it("checks the check symbol, the start and the stop", () => {
    const values = encodeCode128("CI-SKI-0042");
    expect(decodeCode128Values(values)).toBe("CI-SKI-0042");
    const wrongCheck = [...values];
    wrongCheck[wrongCheck.length - 2] = (wrongCheck[wrongCheck.length - 2] + 1) % 103;
    expect(decodeCode128Values(wrongCheck)).toBeNull();
    expect(decodeCode128Values(values.slice(0, -1))).toBeNull();
    const startA = [103, 33, checksum([103, 33]), STOP];
    expect(decodeCode128Values(startA)).toBeNull();
  });
});
