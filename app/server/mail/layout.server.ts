/**
 * The frame of the shop's short e-mails (welcome, cancellation, refund, reminders): paragraphs, an optional
 * block of details, a picture (a reminder's QR code) and one button, as plain text that reads well on its
 * own and as simple inline-styled HTML (mail clients drop style sheets). Every value is escaped in the HTML part.
 */
import { type Locale, languageTag } from "../../domain/i18n";
import type { RenderedEmail } from "./order-confirmation.server";

export type ShortEmail = {
  subject: string;
  brand: string;
  greeting: string;
  /** Paragraphs before the details and the button. */
  intro: string[];
  details?: { label: string; value: string }[];
  /** A picture after the details, attached to the message and shown by Content-ID (a QR code), with a caption. */
  image?: { cid: string; alt: string; caption: string; width: number };
  /** Lines listed under the details, e.g. what an order held, with an optional lead. */
  list?: string[];
  listTitle?: string;
  /** Paragraphs after the details, before the button. */
  body?: string[];
  button?: { lead: string; label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
  signature: string;
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function textPart(m: ShortEmail): string {
  const lines = [m.greeting, ""];
  for (const p of m.intro) lines.push(p, "");
  if (m.details?.length) lines.push(...m.details.map((d) => `${d.label}: ${d.value}`), "");
  if (m.image) lines.push(m.image.caption, "");
  if (m.list?.length) lines.push(...(m.listTitle ? [m.listTitle] : []), ...m.list.map((l) => `  - ${l}`), "");
  for (const p of m.body ?? []) lines.push(p, "");
  if (m.button) lines.push(m.button.lead, m.button.url, "");
  for (const p of m.outro) lines.push(p, "");
  lines.push(m.signature, "");
  return lines.join("\n");
}

function htmlPart(m: ShortEmail, locale: Locale): string {
  const e = escapeHtml;
  const paragraph = (p: string) => `<p style="margin:0 0 14px;">${e(p)}</p>\n`;
  const details = m.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 14px;">
${m.details.map((d) => `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;color:#475569;">${e(d.label)}</td><td style="padding:4px 0;vertical-align:top;"><strong>${e(d.value)}</strong></td></tr>`).join("\n")}
</table>
`
    : "";
  const image = m.image
    ? `<p style="margin:0 0 6px;"><img src="cid:${e(m.image.cid)}" width="${m.image.width}" height="${m.image.width}" alt="${e(m.image.alt)}" style="display:block;border:0;width:${m.image.width}px;height:${m.image.width}px;"></p>
<p style="margin:0 0 18px;font-size:13px;color:#475569;">${e(m.image.caption)}</p>
`
    : "";
  const list = m.list?.length
    ? `${m.listTitle ? `<p style="margin:0 0 6px;">${e(m.listTitle)}</p>\n` : ""}<ul style="margin:0 0 14px;padding-left:20px;">${m.list.map((l) => `<li>${e(l)}</li>`).join("")}</ul>\n`
    : "";
  const button = m.button
    ? `<p style="margin:10px 0 12px;">${e(m.button.lead)}</p>
<p style="margin:0 0 8px;"><a href="${e(m.button.url)}" style="display:inline-block;padding:12px 20px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e(m.button.label)}</a></p>
<p style="margin:4px 0 20px;font-size:13px;color:#475569;word-break:break-all;"><a href="${e(m.button.url)}" style="color:#0b5cad;">${e(m.button.url)}</a></p>
`
    : "";
  return `<!DOCTYPE html>
<html lang="${languageTag[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(m.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;">
<tr><td style="padding:28px;">
<p style="margin:0 0 20px;font-size:20px;font-weight:bold;color:#0b2f55;">${e(m.brand)}</p>
${paragraph(m.greeting)}${m.intro.map(paragraph).join("")}${details}${image}${list}${(m.body ?? []).map(paragraph).join("")}${button}${m.outro.map(paragraph).join("")}<p style="margin:24px 0 0;">${e(m.signature)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function shortEmail(m: ShortEmail, locale: Locale): RenderedEmail {
  return { subject: m.subject, text: textPart(m), html: htmlPart(m, locale) };
}
