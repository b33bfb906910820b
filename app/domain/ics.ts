/**
 * iCalendar files (RFC 5545) for an order: the pickup and the return as two events that customers add to
 * their own calendar from the thank-you page, so the family turns up at the counter on time.
 */

/** One event of a calendar file; texts are plain, escaping and folding happen here. */
export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
};

/** What an order's calendar needs; the texts arrive already translated. */
export type OrderCalendarInput = {
  orderNumber: string;
  /** Absolute URL of the order page; its host also makes the events' UIDs unique beyond this shop. */
  orderUrl: string;
  pickupAt: Date;
  returnAt: Date;
  /** Branch name and address. */
  location: string;
  text: {
    /** Summary of the pickup event, e.g. "Pick up your rental at Dolomiti Rent Ciaslin". */
    pickup: string;
    /** Summary of the return event. */
    return: string;
    /** Label before the order number in the description, e.g. "Order number". */
    orderNumber: string;
  };
  /** When the file is made (DTSTAMP). */
  stamp: Date;
  /** Length of each event in minutes; default 30. */
  minutes?: number;
};

const PRODUCT_ID = "-//Dolomiti Rent//Order confirmation//EN";
const CRLF = "\r\n";

/** An instant as an RFC 5545 UTC date-time, e.g. 20270111T080000Z. */
export function utcDateTime(date: Date): string {
  // toISOString throws on an invalid date: better than a calendar file with "NaN" in it.
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** Escapes a TEXT value (RFC 5545 §3.3.11); control characters other than tab and newline are not allowed there. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\p{Cc}/gu, (c) => (c === "\t" || c === "\n" ? c : ""))
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, "\\n");
}

function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  // A lone surrogate is written as U+FFFD: three octets as well.
  if (code < 0x10000) return 3;
  return 4;
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): each continuation starts with one space, which counts
 * towards its 75. Splits between characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = utf8Length(char);
    if (octets + size > limit) {
      parts.push(current);
      current = " ";
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** A URI value as the URL parser normalises it: absolute, percent-encoded, with no line break to smuggle in. */
function uri(value: string): string {
  return new URL(value).href;
}

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${uri(event.url)}`,
    "END:VEVENT",
  ];
}

/** A calendar file with the given events; CRLF line endings, folded lines, ending in CRLF. */
export function calendarFile(events: CalendarEvent[], stamp: Date): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...events.flatMap((event) => eventLines(event, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The order's pickup and return as two events, each starting at its instant. */
export function orderCalendar(input: OrderCalendarInput): string {
  const length = (input.minutes ?? 30) * 60_000;
  const host = new URL(input.orderUrl).hostname;
  const description = `${input.text.orderNumber}: ${input.orderNumber}\n${input.orderUrl}`;
  const event = (kind: "pickup" | "return", start: Date): CalendarEvent => ({
    // Stable per order and event, so importing the file again updates the events instead of doubling them.
    uid: `${input.orderNumber}-${kind}@${host}`,
    start,
    end: new Date(start.getTime() + length),
    summary: input.text[kind],
    location: input.location,
    description,
    url: input.orderUrl,
  });
  return calendarFile([event("pickup", input.pickupAt), event("return", input.returnAt)], input.stamp);
}
