import { describe, expect, it } from "vitest";
import { allowedHostsSchema, hostAllowed, hostPolicy, linkOrigin, sameOrigin, trustProxySchema, UntrustedHostError } from "./hosts";

describe("hostPolicy", () => {
  it("serves only the loopback names when nothing is configured", () => {
    const policy = hostPolicy({});
    expect([...policy.hosts]).toEqual(["localhost", "127.0.0.1", "[::1]"]);
    expect(policy.publicOrigin).toBeNull();
    expect(hostAllowed(policy, "LOCALHOST")).toBe(true);
    expect(hostAllowed(policy, "evil.example")).toBe(false);
    expect(hostAllowed(policy, "localhost.evil.example")).toBe(false);
  });

  it("serves PUBLIC_URL's host and ALLOWED_HOSTS, and no longer the loopback names", () => {
    const policy = hostPolicy({ PUBLIC_URL: "https://Rent.Example/", ALLOWED_HOSTS: ["www.rent.example"] });
    expect(policy.publicOrigin).toBe("https://rent.example");
    expect([...policy.hosts]).toEqual(["rent.example", "www.rent.example"]);
    expect(hostAllowed(policy, "localhost")).toBe(false);
  });
});

describe("linkOrigin", () => {
  it("is PUBLIC_URL whatever the request's host", () => {
    const policy = hostPolicy({ PUBLIC_URL: "https://rent.example" });
    expect(linkOrigin(policy, "http://evil.example/login")).toBe("https://rent.example");
  });

  it("is the request's origin for a served host, and refuses any other", () => {
    const policy = hostPolicy({});
    expect(linkOrigin(policy, "http://localhost:3000/de")).toBe("http://localhost:3000");
    expect(() => linkOrigin(policy, "http://evil.example/de")).toThrow(UntrustedHostError);
  });
});

describe("sameOrigin", () => {
  const local = hostPolicy({});
  const own = "http://127.0.0.1:3000";

  it("takes the Origin header first, and never the literal null", () => {
    expect(sameOrigin(local, own, { origin: own })).toBe(true);
    expect(sameOrigin(local, own, { origin: "http://evil.example", referer: `${own}/x` })).toBe(false);
    expect(sameOrigin(local, own, { origin: "null", secFetchSite: "same-origin" })).toBe(false);
    expect(sameOrigin(local, own, { origin: `${own}.evil.example` })).toBe(false);
  });

  it("falls back to the Referer's origin, then to Sec-Fetch-Site: same-origin", () => {
    expect(sameOrigin(local, own, { referer: `${own}/rental/bag?x=1` })).toBe(true);
    expect(sameOrigin(local, own, { referer: "https://evil.example/" })).toBe(false);
    expect(sameOrigin(local, own, { referer: "::not a url" })).toBe(false);
    expect(sameOrigin(local, own, { secFetchSite: "same-origin" })).toBe(true);
    expect(sameOrigin(local, own, { secFetchSite: "same-site" })).toBe(false);
    expect(sameOrigin(local, own, {})).toBe(false);
  });

  it("compares with PUBLIC_URL's origin, not with a Host the request brought", () => {
    const configured = hostPolicy({ PUBLIC_URL: "https://rent.example" });
    expect(sameOrigin(configured, "http://rent.example", { origin: "https://rent.example" })).toBe(true);
    expect(sameOrigin(configured, "http://evil.example", { origin: "http://evil.example" })).toBe(false);
  });
});

describe("the environment's lists", () => {
  it("ALLOWED_HOSTS: host names, lower-cased, no scheme or port", () => {
    expect(allowedHostsSchema.parse("Rent.Example, www.rent.example,[::1]")).toEqual(["rent.example", "www.rent.example", "[::1]"]);
    for (const bad of ["", "https://rent.example", "rent.example:3000", "evil example", "*.rent.example", "[not-ip]"])
      expect(allowedHostsSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("TRUST_PROXY: named ranges, addresses and CIDR ranges; never everyone", () => {
    expect(trustProxySchema.parse("loopback, 10.0.0.10,fd00::/8")).toEqual(["loopback", "10.0.0.10", "fd00::/8"]);
    for (const bad of ["", "true", "*", "10.0.0.0/33", "10.0.0.1/8/1", "proxy.example"])
      expect(trustProxySchema.safeParse(bad).success, bad).toBe(false);
  });
});
