import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("has working defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.LANGUAGE_COOKIE).toBe("lang");
    expect(config.GTM_ID).toBeUndefined();
  });

  it("accepts a valid GTM container id and refuses an invalid one with a clear message", () => {
    expect(parseConfig({ GTM_ID: "GTM-AB12CD" }).GTM_ID).toBe("GTM-AB12CD");
    for (const bad of ["GTM-ab12", "UA-12345", "GTM-", "GTM-AB 12"]) {
      expect(() => parseConfig({ GTM_ID: bad })).toThrow(ConfigError);
    }
    expect(() => parseConfig({ GTM_ID: "gtm-x" })).toThrow(/GTM_ID: must look like GTM-ABC123/);
  });

  it("refuses a bad port, database URL or cookie key", () => {
    expect(() => parseConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ LANGUAGE_COOKIE: "a b" })).toThrow(/LANGUAGE_COOKIE/);
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", GTM_ID: "" }).DATABASE_URL).toBeUndefined();
  });
});
