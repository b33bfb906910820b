/**
 * Code 128, the barcode printed on the unit labels beside the QR code: what a counter's hand scanner and
 * the camera read back as the unit's code. Pure: text in, symbol values and bars out; drawing is the
 * caller's (the label sheet draws the bars as one PDF path).
 *
 * Only code sets B (printable ASCII) and C (digit pairs) are used: unit codes are capital letters, digits
 * and dashes (`CI-SKI-0042`), and set A adds only control characters. Set C is taken where it makes the
 * symbol shorter, by the usual rule (ISO/IEC 15417 annex E, as GS1 words it): start in C before four or
 * more digits (or when the text is two digits), switch to C for a run of at least six digits, or four at
 * the end, leaving an odd first digit in B; leave C when fewer than two digits are left.
 */

/**
 * The 107 symbols as widths of bar, space, bar, space, bar, space in modules (each adds up to 11), by
 * value; 106 is the stop, with its final two-module bar.
 */
// biome-ignore format: ten symbols a line, as the standard's table
const PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
] as const;

export const CODE_C = 99;
export const CODE_B = 100;
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;
/** White space a reader needs on each side of the bars, in modules. */
export const QUIET_ZONE = 10;

/** The widths of one symbol (bar first), for tests and for drawing. */
export function symbolWidths(value: number): number[] {
  const pattern = PATTERNS[value];
  if (pattern === undefined) throw new RangeError(`No Code 128 symbol ${value}`);
  return [...pattern].map(Number);
}

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/** How many digits follow from `start` on. */
function digitRun(text: string, start: number): number {
  let end = start;
  while (isDigit(text[end])) end++;
  return end - start;
}

/** The check symbol: the start value plus each data symbol times its position, modulo 103. */
export function checksum(values: readonly number[]): number {
  return values.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
}

/**
 * The symbol values of `text`: start, data (with code set switches), check symbol and stop. Throws on a
 * character outside printable ASCII (space to tilde), which sets B and C cannot carry.
 */
export function encodeCode128(text: string): number[] {
  if (text === "") throw new RangeError("Code 128 needs at least one character");
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 32 || code > 126) throw new RangeError(`Code 128 sets B and C cannot carry ${JSON.stringify(char)}`);
  }
  const leading = digitRun(text, 0);
  const startInC = leading >= 4 || (leading === 2 && text.length === 2);
  const values = [startInC ? START_C : START_B];
  let inC = startInC;
  let i = 0;
  while (i < text.length) {
    const run = digitRun(text, i);
    if (inC) {
      if (run >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(CODE_B);
      inC = false;
    }
    const atEnd = i + run === text.length;
    if (run >= 6 || (atEnd && run >= 4)) {
      // An odd run leaves its first digit in B, so that C takes whole pairs to the run's end.
      if (run % 2 === 1) {
        values.push(text.charCodeAt(i) - 32);
        i++;
      }
      values.push(CODE_C);
      inC = true;
      continue;
    }
    values.push(text.charCodeAt(i) - 32);
    i++;
  }
  values.push(checksum(values), STOP);
  return values;
}

/**
 * The bars of `text` as offsets and widths in modules from the left edge of the start symbol (the quiet
 * zones not included), and the symbol's whole width.
 */
export function code128Bars(text: string): { modules: number; bars: { x: number; width: number }[] } {
  const bars: { x: number; width: number }[] = [];
  let x = 0;
  for (const value of encodeCode128(text)) {
    symbolWidths(value).forEach((width, n) => {
      if (n % 2 === 0) bars.push({ x, width });
      x += width;
    });
  }
  return { modules: x, bars };
}
