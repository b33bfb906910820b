import { describe, expect, it } from "vitest";
import { apiKeySchema, maskedKey } from "./api-key";

describe("the new API key form", () => {
  it("takes a name, scopes in API_SCOPES order each once, and a branch or all branches", () => {
    const parsed = apiKeySchema.parse({ name: " Hotel site ", scopes: ["orders:read", "catalog:read", "orders:read"], shopId: "3" });
    expect(parsed).toEqual({ name: "Hotel site", scopes: ["catalog:read", "orders:read"], shopId: 3 });
    expect(apiKeySchema.parse({ name: "x", scopes: "orders:book", shopId: "" })).toEqual({
      name: "x",
      scopes: ["orders:book"],
      shopId: null,
    });
  });

  it("refuses no scope, an unknown scope, and a branch that is no id", () => {
    const errors = (values: unknown) => apiKeySchema.safeParse(values).error?.issues.map((i) => `${i.path.join(".")} ${i.message}`);
    expect(errors({ name: "x", shopId: "" })).toEqual(["scopes admin.apiKeys.errors.scopes"]);
    expect(errors({ name: "x", scopes: ["orders:delete"], shopId: "" })?.[0]).toMatch(/^scopes/);
    expect(errors({ name: "x", scopes: ["orders:book"], shopId: "01" })).toEqual(["shopId admin.errors.choose"]);
    expect(errors({ name: "", scopes: ["orders:book"], shopId: "" })).toEqual(["name admin.errors.required"]);
  });

  it("names a key by its prefix only", () => {
    expect(maskedKey("abcdefghijkl")).toBe("rk_abcdefghijkl_…");
  });
});
