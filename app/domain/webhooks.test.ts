import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nextWebhookAttempt, WEBHOOK_RETRY_WINDOW_MS } from "./integrations";
import { checkWebhookUrl, isPrivateAddress, signWebhook, verifyWebhookSignature, webhookBody, webhookEndpointSchema } from "./webhooks";

const secret = "whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const body = JSON.stringify({ id: "e1", type: "order.paid" });
const at = new Date("2027-01-10T09:30:00Z");
const seconds = (s: number) => new Date(at.getTime() + s * 1000);

describe("webhook signature", () => {
  it("signs the timestamp and the raw body, as `t=…,v1=…`, and verifies what it signed", () => {
    const header = signWebhook(secret, body, at);
    const expected = createHmac("sha256", secret).update(`1799573400.${body}`).digest("hex");
    expect(header).toBe(`t=1799573400,v1=${expected}`);
    expect(verifyWebhookSignature(secret, header, body, 300, at)).toBe(true);
  });

  it("accepts a signature within the tolerance either way, and refuses an older or newer one", () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhookSignature(secret, header, body, 300, seconds(300))).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, 300, seconds(-300))).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, 300, seconds(301))).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, seconds(-301))).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 3600, seconds(301))).toBe(true);
  });

  it("refuses a tampered body, a wrong secret, a moved timestamp and broken headers", () => {
    const header = signWebhook(secret, body, at);
    expect(verifyWebhookSignature(secret, header, body.replace("paid", "refunded"), 300, at)).toBe(false);
    expect(verifyWebhookSignature(`${secret}x`, header, body, 300, at)).toBe(false);
    const moved = header.replace(/^t=(\d+)/, (_, t) => `t=${Number(t) + 1}`);
    expect(verifyWebhookSignature(secret, moved, body, 300, at)).toBe(false);
    for (const broken of [null, "", "t=1799573400", "v1=abc", header.replace("v1=", "v0="), "t=x,v1=00"])
      expect(verifyWebhookSignature(secret, broken, body, 300, at)).toBe(false);
  });

  it("accepts any one of several v1 signatures (a secret being replaced)", () => {
    const header = signWebhook(secret, body, at);
    const other = signWebhook("whsec_other", body, at).split(",")[1];
    expect(verifyWebhookSignature(secret, `${header},${other}`, body, 300, at)).toBe(true);
    expect(verifyWebhookSignature(secret, `${header.split(",")[0]},${other}`, body, 300, at)).toBe(false);
  });

  it("writes the body with the event id, type, time and the order", () => {
    const text = webhookBody({ eventId: "6c1f…", type: "order.paid", createdAt: at, data: { id: "R-1" } });
    expect(JSON.parse(text)).toEqual({
      id: "6c1f…",
      type: "order.paid",
      createdAt: "2027-01-10T09:30:00.000Z",
      data: { order: { id: "R-1" } },
    });
  });
});

describe("private addresses (SSRF)", () => {
  it.each([
    ["0.0.0.0", true],
    ["10.1.2.3", true],
    ["100.64.0.1", true],
    ["100.127.255.255", true],
    ["127.0.0.1", true],
    ["127.255.255.254", true],
    ["169.254.169.254", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["192.0.0.8", true],
    ["192.0.2.1", true],
    ["192.168.1.1", true],
    ["198.18.0.1", true],
    ["198.19.255.255", true],
    ["224.0.0.1", true],
    ["240.0.0.1", true],
    ["255.255.255.255", true],
    ["::", true],
    ["::1", true],
    ["[::1]", true],
    ["fc00::1", true],
    ["fd12:3456::1", true],
    ["fe80::1", true],
    ["fe80::1%eth0", true],
    ["ff02::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["::ffff:10.0.0.1", true],
    ["::ffff:169.254.169.254", true],
    ["not an address", true],
    // IPv6 forms that wrap this host or a private network (issue 33): only global unicast passes.
    ["::127.0.0.1", true],
    ["[::127.0.0.1]", true],
    ["::8.8.8.8", true],
    ["::ffff:0:127.0.0.1", true],
    ["::ffff:0:8.8.8.8", true],
    ["2002:7f00:1::", true],
    ["2002:a00:1::1", true],
    ["2002:a9fe:a9fe::", true],
    ["64:ff9b::7f00:1", true],
    ["64:ff9b::808:808", true],
    ["64:ff9b:1::1", true],
    ["2001::1", true],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", true],
    ["2001:db8::1", true],
    ["3fff::1", true],
    ["100::1", true],
    ["fec0::1", true],
    ["::ffff:192.88.99.1", true],
    ["0:0:0:0:0:ffff:7f00:1", true],
    ["::FFFF:127.0.0.1", true],
    ["1::1", true],
    ["4000::1", true],
    ["8.8.8.8", false],
    ["1.1.1.1", false],
    ["100.63.255.255", false],
    ["100.128.0.0", false],
    ["172.15.255.255", false],
    ["172.32.0.0", false],
    ["93.184.216.34", false],
    ["2606:4700:4700::1111", false],
    ["::ffff:8.8.8.8", false],
    ["2002:808:808::1", false],
    ["2a00:1450:4001:80b::200e", false],
    ["2001:4860:4860::8888", false],
  ])("%s is private: %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it("refuses URLs that are not http(s), carry credentials or name a private address before any DNS", () => {
    const error = (text: string) => {
      const checked = checkWebhookUrl(text);
      return checked.ok ? null : checked.errors?.url;
    };
    expect(error("https://hooks.example.com/rental")).toBeNull();
    expect(error("http://hooks.example.com:8080/x")).toBeNull();
    expect(error("ftp://hooks.example.com/")).toBe("admin.webhooks.errors.url");
    expect(error("javascript:alert(1)")).toBe("admin.webhooks.errors.url");
    expect(error("hooks.example.com")).toBe("admin.webhooks.errors.url");
    expect(error("https://user:pw@hooks.example.com/")).toBe("admin.webhooks.errors.credentials");
    expect(error("http://127.0.0.1:3000/")).toBe("admin.webhooks.errors.private");
    expect(error("http://[::1]/")).toBe("admin.webhooks.errors.private");
    expect(error("http://2130706433/")).toBe("admin.webhooks.errors.private"); // 127.0.0.1 as one number
    expect(error("http://0x7f.1/")).toBe("admin.webhooks.errors.private");
    expect(error("http://[::ffff:169.254.169.254]/")).toBe("admin.webhooks.errors.private");
    expect(error("http://[::127.0.0.1]/")).toBe("admin.webhooks.errors.private");
    expect(error("http://[::ffff:0:127.0.0.1]/")).toBe("admin.webhooks.errors.private");
    expect(error("http://[2002:7f00:1::]/")).toBe("admin.webhooks.errors.private");
    expect(checkWebhookUrl("http://127.0.0.1:3000/", true).ok).toBe(true);
  });

  it("parses the endpoint form: events in their canonical order, at least one", () => {
    const parsed = webhookEndpointSchema.safeParse({ url: " https://h.example/x ", events: ["order.paid", "order.created"], active: "on" });
    expect(parsed.success && parsed.data).toEqual({
      url: "https://h.example/x",
      description: "",
      events: ["order.created", "order.paid"],
      active: true,
    });
    expect(webhookEndpointSchema.safeParse({ url: "https://h.example/x" }).error?.issues[0]?.message).toBe("admin.webhooks.errors.events");
    expect(webhookEndpointSchema.safeParse({ url: "https://h.example/x", events: ["order.lost"] }).success).toBe(false);
  });
});

describe("backoff", () => {
  const first = new Date("2027-01-10T09:00:00Z");
  it("doubles the wait from 30 s up to 4 h, with at most a tenth of jitter", () => {
    const waits = [1, 2, 3, 4, 5, 10, 20].map(
      (attempts) => (nextWebhookAttempt(first, attempts, first, 0)?.getTime() ?? 0) - first.getTime(),
    );
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 4 * 3600_000, 4 * 3600_000]);
    const jittered = nextWebhookAttempt(first, 1, first, 0.999)?.getTime() ?? 0;
    expect(jittered - first.getTime()).toBeGreaterThan(30_000);
    expect(jittered - first.getTime()).toBeLessThanOrEqual(33_000);
  });

  it("gives up once the next try would fall after a day from the first", () => {
    const late = new Date(first.getTime() + WEBHOOK_RETRY_WINDOW_MS - 60_000);
    expect(nextWebhookAttempt(first, 3, late, 0)).toBeNull();
    expect(nextWebhookAttempt(first, 1, late, 0)).not.toBeNull();
  });
});
