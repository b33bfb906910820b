import { describe, expect, it } from "vitest";
import { seasonSchema } from "../vocabulary";
import { likePattern, listQuery, PAGE_SIZE, pageOf, parseListQuery } from "./list";

const schema = listQuery(["name", "created"], { app: seasonSchema.optional().catch(undefined) });
const parse = (query: string) => parseListQuery(schema, new URL(`http://x/admin/items?${query}`));

describe("list queries in the URL", () => {
  it.each([
    ["", { q: undefined, sort: "name", dir: "asc", page: 1, app: undefined }],
    ["q=%20ski%20&sort=created&dir=desc&page=3&app=summer", { q: "ski", sort: "created", dir: "desc", page: 3, app: "summer" }],
    ["q=&sort=price&dir=up&page=-2&app=spring", { q: undefined, sort: "name", dir: "asc", page: 1, app: undefined }],
    ["page=abc", { page: 1 }],
    [`q=${"x".repeat(101)}`, { q: undefined }],
  ])("%s", (query, expected) => {
    expect({ q: undefined, app: undefined, ...parse(query) }).toMatchObject(expected);
  });

  it("counts pages, at least one", () => {
    expect(pageOf([], 0, 1)).toMatchObject({ pages: 1, total: 0 });
    expect(pageOf([], PAGE_SIZE + 1, 2)).toMatchObject({ pages: 2, page: 2 });
  });

  it("takes LIKE's wildcards literally", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
