/**
 * The welcome e-mail after sign-up, and the link to confirm the address sent again from /account, in the
 * language of the page: both carry the link that confirms the address (decision 016), which is what lets
 * the account show the orders booked earlier with that address.
 */
import type { Locale } from "../../domain/i18n";
import { getT } from "../../i18n/i18n";
import { messages } from "../../i18n/messages.server";
import { shortEmail } from "./layout.server";
import type { RenderedEmail } from "./order-confirmation.server";

export type ConfirmationLink = { name: string; confirmUrl: string; validDays: number };

function confirmParts(input: ConfirmationLink, locale: Locale) {
  const t = getT(locale, messages[locale]);
  const brand = t("brand.name");
  return {
    t,
    brand,
    greeting: input.name ? t("mail.passwordReset.greeting", { name: input.name }) : t("mail.passwordReset.greetingNoName"),
    button: { lead: t("mail.welcome.confirm"), label: t("mail.welcome.link"), url: input.confirmUrl },
    outro: [t("mail.welcome.valid", { count: input.validDays }), t("mail.welcome.ignore", { brand })],
    signature: t("mail.confirmation.signature", { brand }),
  };
}

/** Sent once, at sign-up. */
export function welcomeEmail(input: ConfirmationLink, locale: Locale): RenderedEmail {
  const c = confirmParts(input, locale);
  return shortEmail(
    {
      subject: c.t("mail.welcome.subject", { brand: c.brand }),
      brand: c.brand,
      greeting: c.greeting,
      intro: [c.t("mail.welcome.intro", { brand: c.brand })],
      button: c.button,
      outro: c.outro,
      signature: c.signature,
    },
    locale,
  );
}

/** Asked for on /account when the welcome e-mail's link was lost or expired, or the account is older than it. */
export function emailConfirmationEmail(input: ConfirmationLink, locale: Locale): RenderedEmail {
  const c = confirmParts(input, locale);
  return shortEmail(
    {
      subject: c.t("mail.emailConfirmation.subject", { brand: c.brand }),
      brand: c.brand,
      greeting: c.greeting,
      intro: [c.t("mail.emailConfirmation.intro", { brand: c.brand })],
      button: c.button,
      outro: c.outro,
      signature: c.signature,
    },
    locale,
  );
}
