/**
 * fetch with exactly the headers given, Host included: fetch itself sets Host from the URL, and an
 * outsider's forged Host is what the Host-header tests need to send. Answers a fetch Response; redirects
 * are not followed.
 */
import { request as httpRequest } from "node:http";

export function rawRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | URLSearchParams } = {}) {
  return new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    const body = init.body === undefined ? undefined : String(init.body);
    const given = init.headers ?? {};
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? "GET",
        headers: { ...(body !== undefined ? { "Content-Length": String(Buffer.byteLength(body)) } : {}), ...given },
        setHost: !Object.keys(given).some((name) => name.toLowerCase() === "host"),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
          }
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    if (body !== undefined) req.write(body);
    req.end();
  });
}
