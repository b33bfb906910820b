/**
 * The password-reset e-mail in the language of the page it was asked from: the link, how long it holds,
 * and what to do when it was not you. Plain text that reads well on its own, and simple inline-styled HTML.
 */
import { type Locale, languageTag } from "../../domain/i18n";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import type { RenderedEmail } from "./order-confirmation.server";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passwordResetEmail(input: { name: string; resetUrl: string; validMinutes: number }, locale: Locale): RenderedEmail {
  const t = getT(locale, messages[locale]);
  const brand = t("brand.name");
  const c = {
    subject: t("mail.passwordReset.subject", { brand }),
    greeting: input.name ? t("mail.passwordReset.greeting", { name: input.name }) : t("mail.passwordReset.greetingNoName"),
    intro: t("mail.passwordReset.intro", { brand }),
    link: t("mail.passwordReset.link"),
    valid: t("mail.passwordReset.valid", { count: input.validMinutes }),
    ignore: t("mail.passwordReset.ignore"),
    signature: t("mail.passwordReset.signature", { brand }),
  };
  const text = [c.greeting, "", c.intro, "", input.resetUrl, "", c.valid, "", c.ignore, "", c.signature, ""].join("\n");
  const e = escapeHtml;
  const url = e(input.resetUrl);
  const html = `<!DOCTYPE html>
<html lang="${languageTag[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(c.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;">
<tr><td style="padding:28px;">
<p style="margin:0 0 20px;font-size:20px;font-weight:bold;color:#0b2f55;">${e(brand)}</p>
<p style="margin:0 0 12px;">${e(c.greeting)}</p>
<p style="margin:0 0 20px;">${e(c.intro)}</p>
<p style="margin:0 0 8px;"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e(c.link)}</a></p>
<p style="margin:4px 0 0;font-size:13px;color:#475569;word-break:break-all;"><a href="${url}" style="color:#0b5cad;">${url}</a></p>
<p style="margin:20px 0 12px;">${e(c.valid)}</p>
<p style="margin:0 0 12px;">${e(c.ignore)}</p>
<p style="margin:24px 0 0;">${e(c.signature)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: c.subject, text, html };
}
