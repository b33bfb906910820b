/**
 * /account: the signed-in user's page. My orders, change password, and for staff and admins the
 * two-factor sign-in (QR code and secret to set it up, a first code to turn it on). Plain forms that work
 * without JavaScript; each posts an `intent`.
 */
import { KeyRound, LogOut, MailCheck, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { CodeField } from "../../components/account/code-field";
import { AccountField, FormMessage } from "../../components/account/fields";
import { Notice, PrimaryButton } from "../../components/booking/ui";
import { FormValues } from "../../components/form-values";
import { metaTranslator } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { changePasswordForm, codeForm } from "../../domain/accounts";
import { formatDateTime, formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { MIN_PASSWORD_LENGTH } from "../../domain/passwords";
import { fail } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import {
  changePassword,
  confirmEmail,
  customerOrders,
  emailConfirmed,
  enableTotp,
  sendEmailConfirmation,
  turnOffTotp,
} from "../../server/auth/accounts.server";
import { getSignedIn } from "../../server/auth/session.server";
import { cancelTotpSetup, pendingTotpSetup, startTotpSetup } from "../../server/auth/totp.server";
import { publicOrigin } from "../../server/config.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { passRetryAfter, redirectTo, refuse } from "../../server/http/results.server";
import { getSettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/account";

const NOTICES = {
  password: "account.password.done",
  "totp-on": "account.totp.enabled",
  "totp-off": "account.totp.disabled",
  email: "account.email.confirmed",
  "email-sent": "account.email.sent",
} as const;

/** The token of a link from the welcome e-mail (32 random bytes, base64url); anything else is no link of ours. */
const confirmToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const confirmForm = z.object({ token: confirmToken.catch("") });

async function signedIn(request: Request) {
  const url = new URL(request.url);
  const signed = await getSignedIn(request);
  if (!signed) {
    const login = localizePath("/login", splitLocale(url.pathname).locale);
    throw redirect(`${login}?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return signed;
}

/**
 * What the page's URL may say: a notice after a change (`?done=`), the link of the confirmation e-mail
 * (`?confirm=`), and that the back office sent a staff member to turn on two-factor sign-in (`?totp=required`).
 */
const accountQuery = z.object({
  done: z.string().optional(),
  confirm: confirmToken.optional().catch(undefined),
  totp: z.string().optional(),
});

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await signedIn(request);
  const backOffice = user.role !== "customer";
  const [orders, settings, confirmed] = await Promise.all([customerOrders(user.id), getSettings(), emailConfirmed(user.id)]);
  const { done, confirm: token, totp } = readQuery(request, accountQuery);
  return {
    user: { name: user.name, email: user.email, role: user.role },
    email: {
      confirmed,
      // The link from the e-mail: the page asks for a click (a POST) rather than confirming on opening, since
      // mail scanners open links too.
      token: !confirmed && token ? token : null,
    },
    orders: orders.map((o) => ({ ...o, pickupAt: o.pickupAt.toISOString(), returnAt: o.returnAt.toISOString() })),
    totp: backOffice
      ? {
          enabled: user.totpEnabled,
          required: settings.requireStaffTotp,
          askedFor: totp === "required" && !user.totpEnabled,
          setup: user.totpEnabled ? null : await pendingTotpSetup(user.id, settings.business.name),
        }
      : null,
    // From the loader, so the page's code does not pull in the password rules and their list.
    minPasswordLength: MIN_PASSWORD_LENGTH,
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
  };
}

/** Turning two-factor sign-in off asks for the current password; whether it is right, the server decides. */
const totpOffForm = z.object({ password: z.string("validation.required").min(1, "validation.required") });

/**
 * Each form of the page posts its `intent`, and a refusal goes back to that form (`target`). None of
 * them gets its values back: they are passwords and codes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { sessionId, user } = await signedIn(request);
  const form = await readForm(request);
  const { intent } = form;
  const backOffice = user.role !== "customer";
  const twoFactor = `/account${readQuery(request, accountQuery).totp === "required" ? "?totp=required" : ""}#two-factor`;

  if (intent === "confirm-email") {
    // A malformed token reads as "", which no link has: the answer is the same as for an expired link.
    const input = parse(confirmForm, form.values);
    const confirmed = await confirmEmail(user.id, input.ok ? input.value.token : "");
    if (!confirmed.ok) return refuse(confirmed, null, intent);
    return redirectTo(request, "/account?done=email");
  }
  if (intent === "email-link") {
    const sent = await sendEmailConfirmation({ user, locale: splitLocale(url.pathname).locale, origin: publicOrigin(request) });
    if (!sent.ok) return refuse(sent, null, intent);
    return redirectTo(request, "/account?done=email-sent");
  }
  if (intent === "password") {
    const input = parse(changePasswordForm, form.values);
    if (!input.ok) return refuse(input, null, intent);
    const changed = await changePassword({
      userId: user.id,
      email: user.email,
      sessionId,
      ...input.value,
      clientAddress: context.clientAddress,
      request,
    });
    if (!changed.ok) return refuse(changed, null, intent);
    const done = redirectTo(request, "/account?done=password");
    done.headers.set("Set-Cookie", changed.value.cookie);
    return done;
  }
  if (!backOffice) return refuse(fail.invalid({ form: "validation.invalid" }), null, intent);
  if (intent === "totp-start") {
    await startTotpSetup(user.id);
    return redirectTo(request, twoFactor);
  }
  if (intent === "totp-cancel") {
    await cancelTotpSetup(user.id);
    return redirectTo(request, twoFactor);
  }
  if (intent === "totp-confirm") {
    const input = parse(codeForm, form.values);
    if (!input.ok) return refuse(input, null, intent);
    const enabled = await enableTotp({ userId: user.id, sessionId, code: input.value.code });
    if (!enabled.ok) return refuse(enabled, null, intent);
    return redirectTo(request, "/account?done=totp-on");
  }
  if (intent === "totp-off") {
    // The form is not shown then; a post of it anyway hears why, whatever password it carries.
    if ((await getSettings()).requireStaffTotp) return refuse(fail.conflict({ form: "account.totp.requiredCannotOff" }), null, intent);
    const input = parse(totpOffForm, form.values);
    if (!input.ok) return refuse(input, null, intent);
    const disabled = await turnOffTotp({
      userId: user.id,
      email: user.email,
      password: input.value.password,
      clientAddress: context.clientAddress,
    });
    if (!disabled.ok) return refuse(disabled, null, intent);
    return redirectTo(request, "/account?done=totp-off");
  }
  return refuse(fail.invalid({ form: "validation.invalid" }), null, intent);
}

/** A refused attempt's Retry-After (429) reaches the browser. */
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  if (!t) return [{ title: "Dolomiti Rent" }];
  return [{ title: `${t("account.title")} · ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
};

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { user, email, orders, totp, notice, minPasswordLength } = loaderData;
  const navigation = useNavigation();
  useEmptyPasswordsAfterReply(actionData);
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t("account.title")}</h1>
      <p className="mt-2 text-slate-700">{t("account.signedInAs", { email: user.email })}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {user.role !== "customer" && (
          <Link to={href("/admin")} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            {t("nav.admin")}
          </Link>
        )}
        <Form method="post" action={href("/logout")}>
          <button
            type="submit"
            className="flex items-center gap-2 rounded-lg border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t("nav.logout")}
          </button>
        </Form>
      </div>
      {notice && <Notice tone="success">{t(notice)}</Notice>}
      <EmailConfirmation email={email} address={user.email} reply={actionData} busyIntent={busyIntent} />

      <section aria-labelledby="my-orders" className="mt-10">
        <h2 id="my-orders" className="text-xl font-semibold text-brand-900">
          {t("account.orders.title")}
        </h2>
        {orders.length === 0 ? (
          <p className="mt-3 text-slate-700">
            {t("account.orders.none")}{" "}
            <Link to={href("/rental")} className="font-medium text-brand-700 underline">
              {t("account.orders.book")}
            </Link>
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {orders.map((order) => (
              <OrderRow key={order.token} order={order} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="change-password" className="mt-10">
        <h2 id="change-password" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
          <KeyRound aria-hidden="true" className="size-5" />
          {t("account.password.title")}
        </h2>
        <FormValues reply={actionData} target="password">
          <FormMessage />
          <Form method="post" className="mt-4 max-w-md space-y-5" noValidate>
            <input type="hidden" name="intent" value="password" />
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <AccountField
              id="current-password"
              name="current"
              label={t("account.password.current")}
              type="password"
              autoComplete="current-password"
            />
            <AccountField
              id="new-password"
              name="password"
              label={t("account.newPassword")}
              hint={t("account.passwordHint", { min: minPasswordLength })}
              type="password"
              autoComplete="new-password"
              minLength={minPasswordLength}
            />
            <p className="text-sm text-slate-600">{t("account.password.otherSessions")}</p>
            <PrimaryButton busy={busyIntent === "password"}>{t("account.password.submit")}</PrimaryButton>
          </Form>
        </FormValues>
      </section>

      {totp && (
        <section id="two-factor" aria-labelledby="two-factor-title" className="mt-10 scroll-mt-4">
          <h2 id="two-factor-title" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
            <ShieldCheck aria-hidden="true" className="size-5" />
            {t("account.totp.title")}
          </h2>
          {totp.askedFor && <Notice tone="info">{t("account.totp.requiredNotice")}</Notice>}
          {/* Above both forms: the one that was sent may be a screen further down. */}
          <FormValues reply={actionData} target="totp-confirm">
            <FormMessage />
          </FormValues>
          <FormValues reply={actionData} target="totp-off">
            <FormMessage />
          </FormValues>
          {totp.enabled ? (
            <>
              <p className="mt-3 text-slate-700">{t("account.totp.on")}</p>
              {totp.required ? (
                <p className="mt-2 text-sm text-slate-600">{t("account.totp.requiredCannotOff")}</p>
              ) : (
                <Form method="post" className="mt-4 max-w-md space-y-4" noValidate>
                  <input type="hidden" name="intent" value="totp-off" />
                  <FormValues reply={actionData} target="totp-off">
                    <AccountField
                      id="totp-off-password"
                      name="password"
                      label={t("account.totp.offPassword")}
                      type="password"
                      autoComplete="current-password"
                    />
                  </FormValues>
                  <button type="submit" className="rounded-lg border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50">
                    {t("account.totp.off")}
                  </button>
                </Form>
              )}
            </>
          ) : totp.setup ? (
            <div className="mt-3 space-y-4">
              <ol className="list-decimal space-y-2 pl-5 text-slate-700">
                <li>{t("account.totp.step1")}</li>
                <li>{t("account.totp.step2")}</li>
                <li>{t("account.totp.step3")}</li>
              </ol>
              <img src={totp.setup.qr} width={240} height={240} alt={t("account.totp.qrAlt")} className="rounded border border-slate-200" />
              <dl>
                <dt className="text-sm font-medium">{t("account.totp.secret")}</dt>
                <dd className="mt-1 font-mono text-lg tracking-wider break-all" translate="no">
                  {totp.setup.secret}
                </dd>
              </dl>
              <Form method="post" className="max-w-md space-y-4" noValidate>
                <input type="hidden" name="intent" value="totp-confirm" />
                <FormValues reply={actionData} target="totp-confirm">
                  <CodeField id="totp-code" />
                </FormValues>
                <PrimaryButton busy={busyIntent === "totp-confirm"}>{t("account.totp.confirm")}</PrimaryButton>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="totp-cancel" />
                <button type="submit" className="text-sm font-medium text-brand-700 underline">
                  {t("account.totp.cancel")}
                </button>
              </Form>
            </div>
          ) : (
            <>
              <p className="mt-3 text-slate-700">{t("account.totp.intro")}</p>
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="totp-start" />
                <PrimaryButton busy={busyIntent === "totp-start"}>{t("account.totp.start")}</PrimaryButton>
              </Form>
            </>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * Until the address is confirmed: the button that confirms it (opened from the e-mail's link), or what the
 * confirmation is good for and a way to get a new link. Refusals of either form show here.
 */
function EmailConfirmation({
  email,
  address,
  reply,
  busyIntent,
}: {
  email: Route.ComponentProps["loaderData"]["email"];
  address: string;
  reply: Route.ComponentProps["actionData"];
  busyIntent: string | null;
}) {
  const { t } = useTranslation();
  if (email.confirmed) return null;
  return (
    <section aria-labelledby="confirm-email" className="mt-6 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950">
      <h2 id="confirm-email" className="flex items-center gap-2 text-lg font-semibold">
        <MailCheck aria-hidden="true" className="size-5 shrink-0" />
        {t("account.email.title")}
      </h2>
      <FormValues reply={reply} target="confirm-email">
        <FormMessage />
      </FormValues>
      <FormValues reply={reply} target="email-link">
        <FormMessage />
      </FormValues>
      {email.token ? (
        <Form method="post" className="mt-2 space-y-3">
          <p>{t("account.email.confirmText", { email: address })}</p>
          <input type="hidden" name="intent" value="confirm-email" />
          <input type="hidden" name="token" value={email.token} />
          <PrimaryButton busy={busyIntent === "confirm-email"}>{t("account.email.confirmButton")}</PrimaryButton>
        </Form>
      ) : (
        <Form method="post" className="mt-2 space-y-3">
          <p>{t("account.email.unconfirmed", { email: address })}</p>
          <input type="hidden" name="intent" value="email-link" />
          <button
            type="submit"
            className="rounded-lg border border-brand-700 bg-white px-4 py-2 font-medium text-brand-800 hover:bg-brand-50"
          >
            {t("account.email.resend")}
          </button>
        </Form>
      )}
    </section>
  );
}

type OrderRowData = Route.ComponentProps["loaderData"]["orders"][number];

function OrderRow({ order }: { order: OrderRowData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const when = (iso: string) => formatDateTime(iso, locale, "medium");
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 p-4">
      <div>
        <Link to={href(`/order/${order.token}`)} className="font-semibold text-brand-700 underline">
          {t("order.title", { number: order.number })}
        </Link>
        <p className="text-sm text-slate-700">
          {order.shopName} · {when(order.pickupAt)} – {when(order.returnAt)}
        </p>
      </div>
      <div className="text-right">
        <p className="font-semibold">{formatMoney(order.totalCents, locale)}</p>
        <p className="text-sm text-slate-700">{t(`order.status.${order.status}`)}</p>
      </div>
    </li>
  );
}

/** After a refused form the password fields start empty, as they do without JavaScript (the server never sends one back). */
function useEmptyPasswordsAfterReply(reply: unknown) {
  useEffect(() => {
    if (!reply) return;
    for (const input of document.querySelectorAll<HTMLInputElement>('main input[type="password"]')) input.value = "";
  }, [reply]);
}
