import { describe, expect, it } from "vitest";
import {
  addressKey,
  codeForm,
  loginForm,
  PENDING_TOTP_MS,
  retryAfterSeconds,
  SESSION_LIFETIMES,
  SESSION_TOUCH_MS,
  sessionExpiry,
  sessionVerdict,
  signupForm,
  slidingCount,
  windowStart,
} from "./accounts";

describe("session lifetimes", () => {
  const start = new Date("2026-01-10T08:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);
  const session = (role: "customer" | "staff" | "admin", lastSeenMs = 0, pendingTotp = false) => ({
    createdAt: start,
    lastSeenAt: at(lastSeenMs),
    expiresAt: sessionExpiry(role, start, pendingTotp),
    pendingTotp,
  });

  it("gives staff and admins a shorter idle time than customers", () => {
    expect(SESSION_LIFETIMES.admin.idleMs).toBeLessThan(SESSION_LIFETIMES.customer.idleMs);
    expect(SESSION_LIFETIMES.staff.idleMs).toBeLessThan(SESSION_LIFETIMES.customer.idleMs);
    expect(SESSION_LIFETIMES.staff.absoluteMs).toBeLessThan(SESSION_LIFETIMES.customer.absoluteMs);
  });

  it.each(["customer", "staff", "admin"] as const)("ends a %s session after its idle time", (role) => {
    const { idleMs } = SESSION_LIFETIMES[role];
    expect(sessionVerdict(session(role), role, at(idleMs - 1)).alive).toBe(true);
    expect(sessionVerdict(session(role), role, at(idleMs)).alive).toBe(false);
  });

  it.each(["customer", "staff", "admin"] as const)("ends a %s session at its absolute end, however busy", (role) => {
    const { absoluteMs } = SESSION_LIFETIMES[role];
    expect(sessionVerdict(session(role, absoluteMs - 60_000), role, at(absoluteMs - 1)).alive).toBe(true);
    expect(sessionVerdict(session(role, absoluteMs - 60_000), role, at(absoluteMs)).alive).toBe(false);
  });

  it("applies the limits of the role the user has now", () => {
    const customerSession = session("customer");
    expect(sessionVerdict(customerSession, "customer", at(2 * 3_600_000)).alive).toBe(true);
    expect(sessionVerdict(customerSession, "admin", at(2 * 3_600_000)).alive).toBe(false);
  });

  it("gives a password-checked session only minutes to type the code", () => {
    const pending = session("admin", 0, true);
    expect(pending.expiresAt.getTime() - start.getTime()).toBe(PENDING_TOTP_MS);
    expect(sessionVerdict(pending, "admin", at(PENDING_TOTP_MS - 1)).alive).toBe(true);
    expect(sessionVerdict(pending, "admin", at(PENDING_TOTP_MS)).alive).toBe(false);
  });

  it("writes last_seen_at only every few minutes", () => {
    expect(sessionVerdict(session("customer"), "customer", at(SESSION_TOUCH_MS - 1)).touch).toBe(false);
    expect(sessionVerdict(session("customer"), "customer", at(SESSION_TOUCH_MS)).touch).toBe(true);
  });
});

describe("rate-limit windows", () => {
  it("starts fixed windows on the minute and says how long until the next", () => {
    const now = new Date("2026-01-10T08:00:42.500Z");
    expect(windowStart(now, 60_000).toISOString()).toBe("2026-01-10T08:00:00.000Z");
    expect(retryAfterSeconds(now, 60_000)).toBe(18);
    expect(retryAfterSeconds(new Date("2026-01-10T08:00:59.999Z"), 60_000)).toBe(1);
  });

  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::7", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["", "unknown"],
    [undefined, "unknown"],
  ])("address %s counts as %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe("forms", () => {
  it("keeps `next` to same-site paths", () => {
    expect(loginForm.parse({ email: "a@b.example", password: "x", next: "//evil.example" }).next).toBe("/");
    expect(loginForm.parse({ email: "a@b.example", password: "x", next: "/de/admin" }).next).toBe("/de/admin");
  });

  it("asks a name, an e-mail address and a good password at sign-up", () => {
    const result = signupForm.safeParse({ name: " ", email: "nope", password: "password" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({ name: "validation.required", email: "validation.email", password: "account.errors.passwordCommon" });
  });

  it("takes a six-digit code with spaces", () => {
    expect(codeForm.parse({ code: "123 456" }).code).toBe("123456");
    expect(codeForm.safeParse({ code: "12345" }).error?.issues[0].message).toBe("account.errors.codeFormat");
    expect(codeForm.safeParse({ code: "" }).error?.issues[0].message).toBe("validation.required");
  });
});

describe("slidingCount", () => {
  it.each([
    // current, previous, seconds into the window, estimate
    [3, 0, 30, 3],
    [3, 7, 0, 10],
    [4, 7, 6, 4 + 7 * 0.9], // ten just before the minute and the 11th just after: 10.3, over a limit of 10
    [10, 10, 59.999, 10 + 10 * (0.001 / 60)],
  ])("%i now and %i before, %ss in: %f", (current, previous, seconds, estimate) => {
    const now = new Date(Date.UTC(2026, 0, 10, 8, 0, 0) + seconds * 1000);
    expect(slidingCount(current, previous, now, 60_000)).toBeCloseTo(estimate, 6);
  });
});
