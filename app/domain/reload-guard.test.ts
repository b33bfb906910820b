import { describe, expect, it } from "vitest";
import { isChunkLoadError, mayReload, RELOAD_GUARD_MS } from "./reload-guard";

describe("chunk reload guard", () => {
  it("is 10 seconds (docs/spec.md §9)", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it("allows the first reload and blocks another within 10 s", () => {
    const now = 1_000_000;
    expect(mayReload(null, now)).toBe(true);
    expect(mayReload(now - 1, now)).toBe(false);
    expect(mayReload(now - 9_999, now)).toBe(false);
    expect(mayReload(now - 10_000, now)).toBe(true);
    expect(mayReload(Number.NaN, now)).toBe(true);
    expect(mayReload(now + 60_000, now)).toBe(true); // a clock that went back does not lock reloads forever
  });

  it("recognises the browsers' chunk-load errors and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
