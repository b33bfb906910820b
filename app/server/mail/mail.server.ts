/**
 * The shop's e-mail: an outbox table and a delivery loop (docs/architecture.md §3: nodemailer, `.eml` files by default,
 * `SMTP_URL` sends for real).
 *
 * - enqueueEmail writes the message into `email_outbox`; the unique index on (order_id, kind) makes "this
 *   order's confirmation goes out once" a database fact, however many webhook deliveries race.
 * - deliverPendingEmails sends what is due, one row per transaction, holding the row with
 *   `FOR UPDATE SKIP LOCKED` while it is sent, so two processes never send the same message. A crash
 *   mid-send rolls the row back and it is sent again later: at least once rather than maybe never.
 * - Failed rows are retried with a growing delay, counted from when they were queued, up to MAX_ATTEMPTS
 *   tries spread over about eight and a half hours.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { type Locale, languageTag } from "../../domain/i18n";
import { getConfig } from "../config.server";
import { type Db, getDb } from "../db/client.server";
import { emailOutbox, type InlineImage } from "../db/schema";

export type OutgoingEmail = {
  /** The order the message is about; null for messages that may go out more than once (nulls never collide in the unique index). */
  orderId: string | null;
  /** confirmation, cancellation, ... : at most one message of a kind per order */
  kind: string;
  to: string;
  language: Locale;
  subject: string;
  text: string;
  html: string;
  /** Pictures the HTML part shows by Content-ID, e.g. a reminder's QR code. */
  attachments?: InlineImage[];
};

export type DeliveryResult = { sent: number; failed: number };

/** Tries per message before it is left for a person to look at (`last_error` says why). */
const MAX_ATTEMPTS = 10;
/** Messages sent in one run at most, so one run never holds the loop for long. */
const BATCH_SIZE = 50;
const LAST_ERROR_LENGTH = 1000;

/** Queues a message; returns false when the order already has one of this kind. */
export async function enqueueEmail(mail: OutgoingEmail, db: Db = getDb()): Promise<boolean> {
  const inserted = await db
    .insert(emailOutbox)
    .values({
      orderId: mail.orderId,
      kind: mail.kind,
      to: mail.to,
      language: mail.language,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? [],
    })
    .onConflictDoNothing({ target: [emailOutbox.orderId, emailOutbox.kind] })
    .returning({ id: emailOutbox.id });
  return inserted.length > 0;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

type Transport = {
  send(row: OutboxRow): Promise<void>;
  close(): void;
};

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
}

function message(row: OutboxRow, from: string) {
  return {
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    // Inline pictures make the HTML part multipart/related; mail clients show them without loading anything remote.
    attachments: row.attachments.map((a) => ({
      cid: a.cid,
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.base64, "base64"),
      contentDisposition: "inline" as const,
    })),
    // The same row gets the same Message-ID when it is sent again after a crash, so a receiving server
    // or mail client can tell the copies apart from a second message.
    messageId: `<outbox.${row.id}.${row.createdAt.getTime()}@${senderDomain(from)}>`,
    headers: { "Content-Language": languageTag[row.language as Locale] ?? row.language },
  };
}

function smtpTransport(url: string, from: string): Transport {
  // Short timeouts: the row lock (and on PGlite every other query of the process) waits while a message is sent.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    send: async (row) => {
      await transport.sendMail(message(row, from));
    },
    close: () => transport.close(),
  };
}

/** Kind names come from code, but a file name must never leave the folder or trip up a file manager. */
function fileSafe(kind: string): string {
  return kind.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 60) || "mail";
}

function folderTransport(folder: string, from: string): Transport {
  // The stream transport builds the same MIME message SMTP would carry; CRLF line ends as on the wire.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    send: async (row) => {
      const info = await transport.sendMail(message(row, from));
      await mkdir(folder, { recursive: true });
      // Named by row, so a message written again after a crash replaces its first copy.
      await writeFile(join(folder, `${row.id}-${fileSafe(row.kind)}.eml`), info.message as Buffer);
    },
    close: () => {},
  };
}

function createTransport(): Transport {
  const config = getConfig();
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : folderTransport(join(config.DATA_DIR, "outbox"), config.MAIL_FROM);
}

/**
 * A rejection the server would repeat for this message (5xx: unknown mailbox ...). Anything else, like a
 * refused connection or a timeout, says the server is unwell right now.
 */
function isPermanent(error: unknown): boolean {
  return (error as { permanent?: unknown } | null)?.permanent === true;
}

function errorText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.message}${"code" in error && error.code ? ` (${String(error.code)})` : ""}` : String(error);
  return text.slice(0, LAST_ERROR_LENGTH);
}

/** Sends the oldest due message, or returns null when none is due (or every due one is being sent elsewhere). */
async function deliverOne(db: Db, transport: Transport): Promise<{ sent: true } | { sent: false; permanent: boolean } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          lt(emailOutbox.attempts, MAX_ATTEMPTS),
          // Try again 1, 3, 7, 15 ... 511 minutes after queueing, so a mail server that is down for an hour or
          // two costs no message its last try. No extra column needed: the delay follows from `attempts`.
          sql`${emailOutbox.createdAt} <= now() - make_interval(mins => (power(2, ${emailOutbox.attempts}) - 1)::int)`,
        ),
      )
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    try {
      await transport.send(row);
    } catch (error) {
      await tx
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: errorText(error) })
        .where(eq(emailOutbox.id, row.id));
      return { sent: false, permanent: isPermanent(error) };
    }
    await tx
      .update(emailOutbox)
      .set({ sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    return { sent: true };
  });
}

/** Sends the messages that are due, oldest first, through SMTP or into `DATA_DIR/outbox/`. */
export async function deliverPendingEmails(db: Db = getDb()): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0 };
  const transport = createTransport();
  try {
    while (result.sent + result.failed < BATCH_SIZE) {
      const outcome = await deliverOne(db, transport);
      if (!outcome) break;
      if (outcome.sent) {
        result.sent++;
        continue;
      }
      result.failed++;
      // A server that is down would fail the rest too and use up their tries: leave them for the next run.
      if (!outcome.permanent) break;
    }
  } finally {
    transport.close();
  }
  return result;
}

/**
 * Delivers in the background every `intervalMs`, never two runs at once. `kick()` asks for a run soon (right
 * after a message was queued); a kick during a run starts another one when it ends, so a message queued
 * meanwhile does not wait for the next interval. A tick during a run is simply skipped.
 */
export function startMailer(options: {
  intervalMs: number;
  onDelivered?: (result: DeliveryResult) => void;
  onError?: (error: unknown) => void;
}): { stop(): void; kick(): void } {
  let running = false;
  let kickedWhileRunning = false;
  let stopped = false;
  let soon: ReturnType<typeof setTimeout> | null = null;

  const run = (kicked: boolean) => {
    if (stopped) return;
    if (running) {
      if (kicked) kickedWhileRunning = true;
      return;
    }
    running = true;
    kickedWhileRunning = false;
    deliverPendingEmails()
      .then((result) => {
        if (result.sent + result.failed > 0) options.onDelivered?.(result);
      })
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = false;
        if (kickedWhileRunning) run(true);
      });
  };

  const timer = setInterval(() => run(false), options.intervalMs);
  timer.unref();
  const mailer = {
    stop() {
      stopped = true;
      if (holder[MAILER] === mailer) delete holder[MAILER];
      clearInterval(timer);
      if (soon) clearTimeout(soon);
    },
    kick() {
      // Kicks in quick succession (several orders paid at once) make one run.
      if (stopped || soon) return;
      soon = setTimeout(() => {
        soon = null;
        run(true);
      }, 0);
      soon.unref();
    },
  };
  holder[MAILER] = mailer;
  return mailer;
}

/**
 * The process's running mailer (server.ts starts it; none in scripts and tests that deliver by hand). On
 * globalThis because server.ts runs this module from the sources while the routes run their own copy from
 * the server build: a module variable would leave the routes' copy without the mailer.
 */
const MAILER = Symbol.for("rental.mailer");
const holder = globalThis as { [MAILER]?: { stop(): void; kick(): void } };

/** Asks the running mailer to deliver soon, e.g. right after a message was queued. */
export function kickMailer() {
  holder[MAILER]?.kick();
}
