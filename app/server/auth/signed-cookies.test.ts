import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { verifiedCookieReader } from "./signed-cookies.server";

const secret = "a-secret-that-is-long-enough-for-the-test-0123456789";
const withCookie = (header: string) => new Request("http://shop.test/", { headers: { cookie: header } });

describe("verifiedCookieReader", () => {
  it("reads a signed value, the same again from what it kept, and nothing from a forged or missing cookie", async () => {
    const cookie = createCookie("bag", { secrets: [secret] });
    const read = verifiedCookieReader(() => cookie);
    const signed = (await cookie.serialize("3f1c")).split(";")[0];
    expect(await read(withCookie(`consent=all; ${signed}`))).toBe("3f1c");
    expect(await read(withCookie(`${signed}; lang=de`))).toBe("3f1c");
    // Another value under the same signature, a signature of another secret, no cookie at all.
    const forged = signed.replace(encodeURIComponent(Buffer.from(JSON.stringify("3f1c")).toString("base64")), "ImFiY2Qi");
    expect(forged).not.toBe(signed);
    expect(await read(withCookie(forged))).toBeNull();
    const foreign = (await createCookie("bag", { secrets: ["another-secret-0123456789-0123456789"] }).serialize("3f1c")).split(";")[0];
    expect(await read(withCookie(foreign))).toBeNull();
    expect(await read(withCookie("consent=all"))).toBeNull();
    expect(await read(new Request("http://shop.test/"))).toBeNull();
  });
});
