/**
 * One HTTP request to a webhook endpoint: to the address the SSRF guard checked, no redirects followed, at
 * most 10 s in all, and the first 1,000 characters of the answer kept for the delivery log.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedTarget } from "./address.server";

const SEND_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_CHARS = 1000;

export type SendOutcome = { status: number; response: string } | { error: string };

export function sendWebhook(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs = SEND_TIMEOUT_MS) {
  const { url, address } = target;
  // Whatever name the client would look up, it gets the checked address (DNS rebinding).
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: pinned,
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT_CHARS);
          finish({ status: response.statusCode ?? 0, response: text });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Four bytes per character at most: enough for the excerpt, and a huge answer is not read.
          if (size >= RESPONSE_EXCERPT_CHARS * 4) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `timeout after ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => finish({ error: error.message.slice(0, RESPONSE_EXCERPT_CHARS) }));
    request.end(body);
  });
}
