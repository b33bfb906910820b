import { describe, expect, it } from "vitest";
import { unpaidBecause } from "./order-page.server";

describe("why an order ended unpaid", () => {
  const at = new Date("2026-12-01T10:00:00.000Z");
  const later = new Date("2026-12-01T10:30:00.000Z");

  it("a checkout closed in the same instant the order expired was cancelled (a CI run read it as a timeout)", () => {
    expect(unpaidBecause({ status: "expired", expiresAt: at }, [{ status: "expired", updatedAt: at }])).toBe("cancelled");
  });

  it("a checkout closed after the hold ran out, and none at all, are a timeout; a failed one failed", () => {
    expect(unpaidBecause({ status: "expired", expiresAt: at }, [{ status: "expired", updatedAt: later }])).toBe("timeout");
    expect(unpaidBecause({ status: "expired", expiresAt: at }, [{ status: "created", updatedAt: at }])).toBe("timeout");
    expect(unpaidBecause({ status: "expired", expiresAt: at }, [{ status: "failed", updatedAt: later }])).toBe("failed");
    expect(unpaidBecause({ status: "paid", expiresAt: null }, [])).toBeNull();
  });
});
