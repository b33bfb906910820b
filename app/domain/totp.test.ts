import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, groupedSecret, hotp, matchTotp, normalizeCode, otpauthUri, totp, totpStep } from "./totp";

const ascii = (s: string) => new TextEncoder().encode(s);

describe("base32 (RFC 4648 section 10)", () => {
  it.each([
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ])("%j <-> %s", (plain, encoded) => {
    expect(base32Encode(ascii(plain))).toBe(encoded);
    expect(new TextDecoder().decode(base32Decode(encoded) ?? undefined)).toBe(plain);
  });

  it("decodes what people type: lower case, spaces, dashes and padding", () => {
    expect(base32Decode("mzxw 6ytb-oi======")).toEqual(ascii("foobar"));
  });

  it("refuses letters outside the alphabet", () => {
    expect(base32Decode("MZXW1")).toBeNull();
    expect(base32Decode("MZ8W")).toBeNull();
  });

  it("round-trips random secrets", () => {
    for (let n = 0; n < 50; n++) {
      const bytes = Uint8Array.from({ length: n % 33 }, () => Math.floor(Math.random() * 256));
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
  });
});

describe("HOTP (RFC 4226 appendix D)", () => {
  it("gives the test values for counters 0 to 9", () => {
    const secret = ascii("12345678901234567890");
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expect(expected.map((_, counter) => hotp(secret, counter))).toEqual(expected);
  });
});

describe("TOTP (RFC 6238 appendix B)", () => {
  // The appendix's seeds: the ASCII digits repeated to the key length of each hash.
  const seeds = {
    sha1: ascii("12345678901234567890"),
    sha256: ascii("12345678901234567890123456789012"),
    sha512: ascii("1234567890123456789012345678901234567890123456789012345678901234"),
  };
  it.each([
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ])("at %i s: %s (SHA-1), %s (SHA-256), %s (SHA-512)", (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totp(seeds.sha1, at, { digits: 8 })).toBe(sha1);
    expect(totp(seeds.sha256, at, { digits: 8, algorithm: "sha256" })).toBe(sha256);
    expect(totp(seeds.sha512, at, { digits: 8, algorithm: "sha512" })).toBe(sha512);
  });

  it("shows six digits by default, the last six of the eight-digit value", () => {
    expect(totp(seeds.sha1, 59_000)).toBe("287082");
    expect(totp(seeds.sha1, 1111111109_000)).toBe("081804");
  });
});

describe("matching a typed code", () => {
  const secret = ascii("12345678901234567890");
  const now = 1111111111_000; // step 37037037
  const step = totpStep(now);

  it("accepts the current step and one either side, and says which", () => {
    expect(matchTotp(secret, totp(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totp(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totp(secret, now + 30_000), now)).toBe(step + 1);
  });

  it("refuses codes two steps away", () => {
    expect(matchTotp(secret, totp(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totp(secret, now + 60_000), now)).toBeNull();
  });

  it("never accepts a step at or before the last one used", () => {
    const code = totp(secret, now);
    expect(matchTotp(secret, code, now, step)).toBeNull();
    expect(matchTotp(secret, code, now, step + 1)).toBeNull();
    expect(matchTotp(secret, code, now, step - 1)).toBe(step);
    expect(matchTotp(secret, totp(secret, now - 30_000), now, step - 1)).toBeNull();
  });

  it("takes spaces between digit groups and refuses anything else", () => {
    const code = totp(secret, now);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(normalizeCode("12345")).toBeNull();
    expect(normalizeCode("1234567")).toBeNull();
    expect(normalizeCode("12a456")).toBeNull();
    expect(normalizeCode(" 123 456 ")).toBe("123456");
  });
});

describe("otpauth URI", () => {
  it("names issuer and account and carries the base32 secret", () => {
    const uri = otpauthUri({ issuer: "Dolomiti Rent", account: "anna+ski@example.com", secret: ascii("12345678901234567890") });
    expect(uri).toBe(
      "otpauth://totp/Dolomiti%20Rent:anna%2Bski%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Dolomiti%20Rent&algorithm=SHA1&digits=6&period=30",
    );
    expect(groupedSecret(ascii("12345678901234567890"))).toBe("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
  });
});
