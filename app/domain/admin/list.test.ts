import { describe, expect, it } from "vitest";
import { seasonSchema } from "../vocabulary";
import { foldSearch, likePattern, listQuery, PAGE_SIZE, pageOf, SEARCH_FOLD } from "./list";

const schema = listQuery(["name", "created"], { app: seasonSchema.optional().catch(undefined) });
// As readQuery (server/http/query.server.ts) hands a query to its schema.
const parse = (query: string) => schema.parse(Object.fromEntries(new URLSearchParams(query)));

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

describe("a search text folded", () => {
  it("writes umlauts as two letters and accents as their base letter, in lower case", () => {
    expect(foldSearch("Müller")).toBe("mueller");
    expect(foldSearch("MÜLLER")).toBe("mueller");
    expect(foldSearch("Straße")).toBe("strasse");
    expect(foldSearch("Zoë Brontë")).toBe("zoe bronte");
    expect(foldSearch("Søren Æbelø, Århus")).toBe("soeren aebeloe, aarhus");
    expect(foldSearch("Čech Łódź")).toBe("cech lodz");
    expect(foldSearch("mueller")).toBe("mueller");
  });

  it("lists each letter it folds one for one, small and capital", () => {
    expect([...SEARCH_FOLD.from]).toHaveLength([...SEARCH_FOLD.to].length);
    expect(SEARCH_FOLD.pairs).toContainEqual(["Ö", "oe"]);
  });
});
