import { describe, expect, it } from "vitest";
import { type FeedHandover, feedEvents, feedWindow } from "./calendar-feed";

const handover = (kind: "pickup" | "return", at: string, number = "R-2027-000001"): FeedHandover => ({
  orderId: "0b6f0e5e-1f7a-4c1e-9c39-3b7d1f0a2b11",
  number,
  customer: "Anna Test",
  kind,
  at: new Date(at),
  pieces: 3,
  location: "Dolomiti Rent Ciaslin, Strada 1, 39030 Ciaslin",
});

describe("a staff calendar feed's events", () => {
  const text = {
    summary: (h: FeedHandover) => `${h.kind} ${h.number} · ${h.customer} (${h.pieces})`,
    description: (h: FeedHandover) => h.number,
  };
  const url = (id: string) => `https://shop.example/admin/order/${id}`;

  it("are 30-minute events in time order with stable UIDs of the order and kind, linking to the order", () => {
    const events = feedEvents([handover("return", "2027-01-13T16:00:00Z"), handover("pickup", "2027-01-11T08:00:00Z")], text, url);
    expect(events.map((e) => e.uid)).toEqual([
      "staff-0b6f0e5e-1f7a-4c1e-9c39-3b7d1f0a2b11-pickup@shop.example",
      "staff-0b6f0e5e-1f7a-4c1e-9c39-3b7d1f0a2b11-return@shop.example",
    ]);
    expect(events[0]).toMatchObject({
      start: new Date("2027-01-11T08:00:00Z"),
      end: new Date("2027-01-11T08:30:00Z"),
      summary: "pickup R-2027-000001 · Anna Test (3)",
      url: "https://shop.example/admin/order/0b6f0e5e-1f7a-4c1e-9c39-3b7d1f0a2b11",
    });
  });

  it("cover 30 days back to 180 days ahead", () => {
    const now = new Date("2027-01-01T12:00:00Z");
    expect(feedWindow(now)).toEqual({ from: new Date("2026-12-02T12:00:00Z"), to: new Date("2027-06-30T12:00:00Z") });
  });
});
