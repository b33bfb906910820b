import { describe, expect, it } from "vitest";
import { cachePolicy } from "./cache-policy";

describe("cachePolicy", () => {
  it("never stores personal pages, their documents or their data requests, in any language", () => {
    for (const path of [
      "/admin",
      "/de/admin/orders",
      "/admin/orders.csv",
      "/admin/order/5c0e/contract.pdf",
      "/da/admin/settings/hotels/report.csv",
      "/account",
      "/login",
      "/it/logout",
      "/order/abc",
      "/be/order/abc/confirmation.pdf",
      "/order/abc/calendar.ics",
      "/pay/demo/demo_123",
      "/rental/bag",
      "/nl/rental/checkout",
      "/rental/winter/ciaslin",
      "/rental/winter/ciaslin/persons",
      "/de/rental/summer/ciaslin/equipment",
      "/admin.data",
      "/de/admin/orders.data",
      "/rental/bag.data",
      "/de/account.data",
    ])
      expect(cachePolicy(path), path).toBe("no-store");
  });

  it("leaves public pages public", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/de",
      "/de/_.data",
      "/stores",
      "/de/shop/ciaslin",
      "/item/ski-easy-carve",
      "/rental",
      "/rental/winter",
      "/de/rental/winter.data",
      "/sitemap.xml",
      "/coupon/WELCOME10",
      "/administration",
      "/orders",
      "/assets/entry.client-1234.js",
    ])
      expect(cachePolicy(path), path).toBe("public");
  });
});
