import { describe, expect, it } from "vitest";
import { z } from "zod";
import { rowId, rowIdKey, rowIdSchema, slugSchema, wantedCategoryQuery } from "./ids";

describe("rowId", () => {
  it("reads plain decimal ids and numbers", () => {
    expect(rowId.parse("1")).toBe(1);
    expect(rowId.parse("2147483647")).toBe(2147483647);
    expect(rowId.parse(42)).toBe(42);
  });

  it("refuses every other spelling, zero, and ids beyond 32 bits", () => {
    for (const bad of [
      "0x1",
      "1e1",
      " 1",
      "1 ",
      "01",
      "1.0",
      "+1",
      "-1",
      "0",
      "",
      "١",
      "2147483648",
      "99999999999",
      1.5,
      0,
      -3,
      Number.NaN,
    ])
      expect(rowId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("names the form's message", () => {
    const result = rowIdSchema("admin.errors.choose").safeParse("x");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("admin.errors.choose");
  });
});

describe("rowIdKey (a row id naming a group of posted fields)", () => {
  const grid = z.record(rowIdKey, z.string());

  it("keeps a plain decimal id as its key", () => {
    expect(grid.parse({ "7": "a", "2147483647": "b" })).toEqual({ "7": "a", "2147483647": "b" });
  });

  // Zod retries a failing key as a number: "01" and "1.0" would come back as row 1.
  it("refuses the other spellings as keys", () => {
    for (const bad of ["01", "1.0", "0", "1e1", "0x1", "2147483648", " 1", "x"])
      expect(grid.safeParse({ [bad]: "a" }).success, JSON.stringify(bad)).toBe(false);
  });
});

describe("slugSchema", () => {
  it("reads slugs and category ids", () => {
    for (const good of ["ciaslin", "ski-all-mountain", "ebike-fully", "a", "x".repeat(60)])
      expect(slugSchema().safeParse(good).success).toBe(true);
  });

  it("refuses other text", () => {
    for (const bad of ["", "Ciaslin", "ski all", "ski/../x", "ski_x", "x".repeat(61), 1, null])
      expect(slugSchema().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(slugSchema("admin.errors.choose").safeParse("X").error?.issues[0].message).toBe("admin.errors.choose");
  });

  it("reads the category a public page asked for, or none", () => {
    // As readQuery (server/http/query.server.ts) hands a query to its schema.
    const wanted = (query: string) => wantedCategoryQuery.parse(Object.fromEntries(new URLSearchParams(query))).category;
    expect(wanted("category=ski-service")).toBe("ski-service");
    expect(wanted("category=%3Cb%3E")).toBeUndefined();
    expect(wanted("")).toBeUndefined();
  });
});
