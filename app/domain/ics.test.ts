import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine, orderCalendar, utcDateTime } from "./ics";

const octets = (text: string) => new TextEncoder().encode(text).length;
/** Undoes folding as a calendar client does (RFC 5545 §3.1). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe("utcDateTime", () => {
  it.each([
    ["2027-01-11T08:00:00.000Z", "20270111T080000Z"],
    ["2027-01-13T16:00:00.000Z", "20270113T160000Z"],
    // Milliseconds are dropped, not rounded.
    ["2026-12-31T23:59:59.999Z", "20261231T235959Z"],
    ["2027-07-01T00:00:00+02:00", "20270630T220000Z"],
  ])("%s -> %s", (iso, expected) => {
    expect(utcDateTime(new Date(iso))).toBe(expected);
  });

  it("refuses an invalid date", () => {
    expect(() => utcDateTime(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("escapeText", () => {
  it.each([
    ["plain", "Dolomiti Rent Ciaslin", "Dolomiti Rent Ciaslin"],
    ["comma", "Via Roma 1, 39100 Bolzano", "Via Roma 1\\, 39100 Bolzano"],
    ["semicolon", "a;b", "a\\;b"],
    ["backslash first, so escapes are not doubled", "C:\\temp;x", "C:\\\\temp\\;x"],
    ["LF", "line 1\nline 2", "line 1\\nline 2"],
    ["CRLF and CR", "a\r\nb\rc", "a\\nb\\nc"],
    ["colon and quotes stay", 'Note: "skis"', 'Note: "skis"'],
    ["control characters go, tab stays", "a\u0000b\u0007c\td", "abc\td"],
    ["non-ASCII stays", "Sëra, Ærø", "Sëra\\, Ærø"],
  ])("%s", (_name, input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });
});

describe("foldLine", () => {
  const ascii75 = `SUMMARY:${"x".repeat(67)}`;
  it.each([
    ["short line unchanged", "VERSION:2.0", ["VERSION:2.0"]],
    ["exactly 75 octets unchanged", ascii75, [ascii75]],
    ["76 octets: one character moves on", `${ascii75}y`, [ascii75, " y"]],
    // 73 ASCII + "ä" (2 octets) = 75; the next "ö" would make 77.
    ["umlaut at the boundary", `${"a".repeat(73)}äöü`, [`${"a".repeat(73)}ä`, " öü"]],
    // 74 ASCII, then "æ" (2 octets) would make 76: it starts the next line whole.
    ["two-octet character not split", `${"a".repeat(74)}æøå`, ["a".repeat(74), " æøå"]],
    // "€" is three octets: 73 + 3 = 76 > 75.
    ["three-octet character not split", `${"a".repeat(73)}€`, ["a".repeat(73), " €"]],
    // An emoji is one character of four octets (two UTF-16 units): never cut between the halves.
    ["four-octet character not split", `${"a".repeat(72)}🎿`, ["a".repeat(72), " 🎿"]],
  ])("%s", (_name, input, expected) => {
    expect(foldLine(input).split("\r\n")).toEqual(expected);
  });

  it("folds a long line of umlauts and æøå into lines of at most 75 octets that unfold to the original", () => {
    const line = `DESCRIPTION:${"Grüße aus Südtirol, Ærøskøbing og Århus – på ski i Dolomitterne! ".repeat(6)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(5);
    for (const [index, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(" ")).toBe(true);
      // No replacement character: no multi-byte sequence was cut.
      expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
    }
    // Lines are filled: all but the last are within 3 octets of the limit.
    for (const part of physical.slice(0, -1)) expect(octets(part)).toBeGreaterThanOrEqual(73);
    expect(unfold(folded)).toBe(line);
  });
});

describe("orderCalendar", () => {
  const input = {
    orderNumber: "R-2026-000123",
    orderUrl: "https://rent.example/da/order/AbCdEfGhIjKlMnOpQrStUv",
    pickupAt: new Date("2027-01-11T08:00:00Z"),
    returnAt: new Date("2027-01-13T16:00:00Z"),
    location: "Dolomiti Rent Plan da Sëra, Strada Plan 5, 39048 Sëlva",
    text: {
      pickup: "Hent dit lejeudstyr hos Dolomiti Rent Plan da Sëra",
      return: "Aflever dit lejeudstyr; tak!",
      orderNumber: "Ordrenummer",
    },
    stamp: new Date("2026-12-01T10:00:00.250Z"),
  };
  const file = orderCalendar(input);
  const lines = unfold(file).split("\r\n");
  const events = unfold(file)
    .split("BEGIN:VEVENT\r\n")
    .slice(1)
    .map((block) => Object.fromEntries(block.split("\r\n").map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1)])));

  it("is one calendar of CRLF lines of at most 75 octets, ending in CRLF", () => {
    expect(file.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of file.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("has two events", () => {
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(2);
    expect(events).toHaveLength(2);
  });

  it.each([
    ["pickup", 0, "20270111T080000Z", "20270111T083000Z", "Hent dit lejeudstyr hos Dolomiti Rent Plan da Sëra"],
    ["return", 1, "20270113T160000Z", "20270113T163000Z", "Aflever dit lejeudstyr\\; tak!"],
  ])("the %s event", (kind, index, start, end, summary) => {
    expect(events[index as number]).toMatchObject({
      UID: `R-2026-000123-${kind}@rent.example`,
      DTSTAMP: "20261201T100000Z",
      DTSTART: start,
      DTEND: end,
      SUMMARY: summary,
      LOCATION: "Dolomiti Rent Plan da Sëra\\, Strada Plan 5\\, 39048 Sëlva",
      DESCRIPTION: "Ordrenummer: R-2026-000123\\nhttps://rent.example/da/order/AbCdEfGhIjKlMnOpQrStUv",
      URL: "https://rent.example/da/order/AbCdEfGhIjKlMnOpQrStUv",
    });
  });

  it("takes another event length", () => {
    expect(orderCalendar({ ...input, minutes: 60 })).toContain("DTEND:20270111T090000Z");
  });

  it("refuses an order URL that is not absolute", () => {
    expect(() => orderCalendar({ ...input, orderUrl: "/order/abc" })).toThrow();
  });
});

describe("calendarFile", () => {
  it("writes a URL percent-encoded, so no line break or space gets into the property", () => {
    const at = new Date("2027-01-11T08:00:00Z");
    const file = calendarFile(
      [{ uid: "a@b", start: at, end: at, summary: "s", location: "l", description: "d", url: "https://x.example/a b\r\nX-EVIL:1" }],
      at,
    );
    expect(file).toContain("URL:https://x.example/a%20bX-EVIL:1\r\n");
    expect(unfold(file).split("\r\n")).not.toContain("X-EVIL:1");
  });

  it("is an empty calendar without events", () => {
    expect(calendarFile([], new Date(0)).split("\r\n")).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Dolomiti Rent//Order confirmation//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "END:VCALENDAR",
      "",
    ]);
  });
});
