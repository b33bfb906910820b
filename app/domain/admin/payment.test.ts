import { describe, expect, it } from "vitest";
import { counterMethodWord, paymentWords } from "./payment";

describe("a payment in words", () => {
  it("names where and how it was paid by message keys, never a provider's code", () => {
    expect(paymentWords("counter", "cash")).toEqual({ provider: "admin.orders.provider.counter", method: "admin.orders.methods.cash" });
    expect(paymentWords("counter", "card")).toEqual({ provider: "admin.orders.provider.counter", method: "admin.orders.methods.card" });
    expect(paymentWords("demo", "paypal")).toEqual({ provider: "admin.orders.provider.demo", method: "admin.orders.onlineMethod.paypal" });
    expect(paymentWords("stripe", "card")).toEqual({ provider: "admin.orders.provider.stripe", method: "admin.orders.onlineMethod.card" });
    expect(paymentWords("stripe", "sepa_debit")).toEqual({
      provider: "admin.orders.provider.stripe",
      method: "admin.orders.onlineMethod.other",
    });
    expect(paymentWords("acme", null)).toEqual({ provider: "admin.orders.provider.other", method: null });
    expect(counterMethodWord("voucher")).toBe("admin.orders.onlineMethod.other");
  });
});
