/**
 * A minimal SMTP server on 127.0.0.1 for tests (EHLO/HELO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT),
 * and a small MIME reader for what it receives and for `.eml` files: enough to check headers and the
 * text and HTML parts of the messages nodemailer builds, not a general parser.
 */
import { createServer, type Socket } from "node:net";

type ReceivedMail = { from: string; to: string[]; data: string };

export type SmtpStandIn = {
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
};

/** `rejectRecipients`: addresses answered with 550 (a permanent rejection) at RCPT TO. */
export async function startSmtpStandIn(options: { rejectRecipients?: string[] } = {}): Promise<SmtpStandIn> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const rejected = new Set((options.rejectRecipients ?? []).map((a) => a.toLowerCase()));

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let envelope: { from: string; to: string[] } = { from: "", to: [] };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();

    const command = (line: string) => {
      const [verb = "", ...rest] = line.split(" ");
      const arg = rest.join(" ");
      switch (verb.toUpperCase()) {
        case "EHLO":
          return reply("250-stand-in greets you\r\n250 8BITMIME");
        case "HELO":
          return reply("250 stand-in");
        case "MAIL":
          envelope = { from: address(arg), to: [] };
          return reply("250 2.1.0 OK");
        case "RCPT": {
          const to = address(arg);
          if (rejected.has(to.toLowerCase())) return reply("550 5.1.1 No such mailbox here");
          envelope.to.push(to);
          return reply("250 2.1.5 OK");
        }
        case "DATA":
          if (envelope.to.length === 0) return reply("554 5.5.1 No valid recipients");
          inData = true;
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          envelope = { from: "", to: [] };
          return reply("250 2.0.0 OK");
        case "NOOP":
          return reply("250 2.0.0 OK");
        case "QUIT":
          reply("221 2.0.0 Bye");
          return socket.end();
        default:
          return reply("502 5.5.2 Command not implemented");
      }
    };

    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          // Undo dot-stuffing: a line starting with "." was sent as "..".
          const data = buffer.slice(0, end + 2).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ ...envelope, data });
          reply("250 2.0.0 OK queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        command(line);
      }
    });
    reply("220 stand-in ESMTP ready");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------
// Reading MIME

export type MimePart = { headers: Map<string, string>; body: string; parts: MimePart[] };

function decodeBytes(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? decodeBytes(text, "base64") : decodeBytes(text.replace(/_/g, " "), "quoted-printable"),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
  }
  return headers;
}

export function parseMime(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const headerBlock = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers = parseHeaders(headerBlock);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`);
    // Drop the preamble and everything after the closing "--boundary--".
    const parts = sections
      .slice(1)
      .filter((s) => !s.startsWith("--"))
      .map((s) => parseMime(s.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
    return { headers, body: "", parts };
  }
  // Lines travel as CRLF; tests compare with the "\n" the code wrote.
  return { headers, body: decodeBytes(body, headers.get("content-transfer-encoding")).replace(/\r\n/g, "\n"), parts: [] };
}

/** The first part of a MIME type (e.g. text/plain) anywhere in the tree. */
export function findPart(message: MimePart, mimeType: string): MimePart | undefined {
  if (message.parts.length === 0)
    return (message.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(mimeType) ? message : undefined;
  for (const part of message.parts) {
    const found = findPart(part, mimeType);
    if (found) return found;
  }
  return undefined;
}
