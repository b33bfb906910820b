/**
 * /login: sign in, the second factor's code, sign up, "forgot password" and the reset link's new
 * password, one form at a time (`?mode=signup`, `?mode=forgot`, `?reset={token}`, `?step=code`). Plain
 * forms: everything works without JavaScript; a refused form comes back with what was typed (never a
 * password) and the message beside its field.
 */
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { CodeField } from "../../components/account/code-field";
import { AccountField, FormMessage } from "../../components/account/fields";
import { Notice, PrimaryButton } from "../../components/booking/ui";
import { FormValues } from "../../components/form-values";
import { pageMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { codeForm, forgotForm, loginForm, resetForm, resetToken, signupForm } from "../../domain/accounts";
import { parse } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { MIN_PASSWORD_LENGTH } from "../../domain/passwords";
import { returnPath } from "../../domain/redirect";
import { fail } from "../../domain/result";
import type { Role } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import {
  completeTotpSignIn,
  requestPasswordReset,
  resetPassword,
  resetTokenUsable,
  signIn,
  signUp,
} from "../../server/auth/accounts.server";
import { getPendingSignIn, getSessionUser } from "../../server/auth/session.server";
import { publicOrigin } from "../../server/config.server";
import { type PostedForm, readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { passRetryAfter, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/login";

type Mode = "login" | "signup" | "forgot" | "sent" | "reset" | "code";

/**
 * What the page's URL may say: where to go after signing in (a path of this site, else the home page), a
 * reset link's token, the code step of a two-factor sign-in, the form to show and a notice.
 */
const loginQuery = z.object({
  next: z
    .string()
    .optional()
    .transform((next) => (next ? returnPath.parse(next) : null)),
  reset: z.string().optional(),
  step: z.string().optional(),
  mode: z.enum(["login", "signup", "forgot", "sent"]).catch("login"),
  done: z.string().optional(),
});

/** /login with the given query, in the page's language. */
function loginPath(url: URL, query: Record<string, string | null>): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== null));
  const search = params.toString();
  return `${localizePath("/login", splitLocale(url.pathname).locale)}${search ? `?${search}` : ""}`;
}

/** Where a user goes after signing in: `next`, else customers to their account and staff to the back office. */
function landing(url: URL, role: Role, next: string | null | undefined): string {
  if (next) return next;
  return localizePath(role === "customer" ? "/account" : "/admin", splitLocale(url.pathname).locale);
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readQuery(request, loginQuery);
  const { next } = query;
  const user = await getSessionUser(request);
  const signedIn = user ? { email: user.email, role: user.role } : null;
  // From the loader, so the page's code does not pull in the password rules and their list.
  const base = { next, signedIn, minPasswordLength: MIN_PASSWORD_LENGTH };
  const token = query.reset;
  if (token !== undefined) {
    const valid = resetToken.safeParse(token).success && (await resetTokenUsable(token));
    return { ...base, mode: "reset" as Mode, token: valid ? token : null, notice: null };
  }
  if (query.step === "code") {
    if (!(await getPendingSignIn(request))) throw redirect(loginPath(url, { next }));
    return { ...base, mode: "code" as Mode, token: null, notice: null };
  }
  return { ...base, mode: query.mode, token: null, notice: query.done === "reset" ? "account.reset.done" : null };
}

/**
 * What a refused form gets back: only the fields the page shows again as typed (as strings), so a
 * password, a code or a reset token never travels back, nor anything else that was posted.
 */
function shown(form: PostedForm, ...names: string[]) {
  return { values: Object.fromEntries(names.map((name) => [name, typeof form.values[name] === "string" ? form.values[name] : ""])) };
}

const withCookie = (cookie: string) => ({ headers: { "Set-Cookie": cookie } });

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const form = await readForm(request);
  const clientAddress = context.clientAddress;

  // A post that names no form ("save" is readForm's word for that, "" an empty intent) is a sign-in.
  switch (form.intent === "save" || form.intent === "" ? "login" : form.intent) {
    case "login": {
      const input = parse(loginForm, form.values);
      if (!input.ok) return refuse(input, shown(form, "email"));
      const signedIn = await signIn({ ...input.value, clientAddress, request });
      if (!signedIn.ok) return refuse(signedIn, shown(form, "email"));
      const session = signedIn.value;
      if ("pendingCode" in session)
        return redirect(loginPath(url, { step: "code", next: input.value.next ?? null }), withCookie(session.cookie));
      return redirect(landing(url, session.role, input.value.next), withCookie(session.cookie));
    }
    case "code": {
      const input = parse(codeForm, form.values);
      if (!input.ok) return refuse(input, null);
      const signedIn = await completeTotpSignIn({ code: input.value.code, clientAddress, request });
      // The half-way session is gone (expired, or there never was one): start again with the password.
      if (!signedIn.ok && signedIn.reason === "notFound") return redirect(loginPath(url, { next: input.value.next ?? null }));
      if (!signedIn.ok) return refuse(signedIn, null);
      return redirect(landing(url, signedIn.value.role, input.value.next), withCookie(signedIn.value.cookie));
    }
    case "signup": {
      const input = parse(signupForm, form.values);
      if (!input.ok) return refuse(input, shown(form, "name", "email"));
      const created = await signUp({ ...input.value, language: locale, origin: publicOrigin(request), clientAddress, request });
      if (!created.ok) return refuse(created, shown(form, "name", "email"));
      return redirect(landing(url, "customer", input.value.next), withCookie(created.value.cookie));
    }
    case "forgot": {
      const input = parse(forgotForm, form.values);
      if (!input.ok) return refuse(input, shown(form, "email"));
      const asked = await requestPasswordReset({ email: input.value.email, locale, origin: publicOrigin(request), clientAddress });
      if (!asked.ok) return refuse(asked, shown(form, "email"));
      return redirect(loginPath(url, { mode: "sent" }));
    }
    case "reset": {
      const input = parse(resetForm, form.values);
      if (!input.ok) return refuse(input, null);
      const reset = await resetPassword(input.value.token, input.value.password);
      if (!reset.ok) return refuse(reset, null);
      return redirect(loginPath(url, { done: "reset" }));
    }
    default:
      return refuse(fail.invalid({ form: "validation.invalid" }), null);
  }
}

/** A refused attempt's Retry-After (429) reaches the browser. */
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "login", {}, { noindex: true });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { mode, next } = loaderData;
  useEmptyPasswordsAfterReply(actionData);
  const withNext = (path: string) => (next ? `${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(next)}` : path);
  const title = {
    login: t("pages.login.title"),
    code: t("account.code.title"),
    signup: t("account.signup.title"),
    forgot: t("account.forgot.title"),
    sent: t("account.forgot.title"),
    reset: t("account.reset.title"),
  }[mode];

  const minLength = loaderData.minPasswordLength;
  const passwordHint = t("account.passwordHint", { min: minLength });
  const emailField = <AccountField name="email" label={t("login.email")} type="email" autoComplete="email" />;
  const nextField = next ? <input type="hidden" name="next" value={next} /> : null;
  const submit = (label: string) => (
    <PrimaryButton busy={busy} className="w-full">
      {busy ? t("account.busy") : label}
    </PrimaryButton>
  );

  // One form at a time on this page, so the action's reply is always that form's.
  return (
    <FormValues reply={actionData}>
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900">{title}</h1>
        {loaderData.signedIn && mode === "login" && (
          <p className="mt-4 rounded-lg bg-brand-50 p-4">
            {t("login.already", { email: loaderData.signedIn.email })}{" "}
            <Link to={href(loaderData.signedIn.role === "customer" ? "/account" : "/admin")} className="font-medium underline">
              {loaderData.signedIn.role === "customer" ? t("account.title") : t("nav.admin")}
            </Link>
          </p>
        )}
        {loaderData.notice && <Notice tone="success">{t(loaderData.notice)}</Notice>}
        {/* A dead reset link says so below, in its own words. */}
        {!(mode === "reset" && !loaderData.token) && <FormMessage />}

        {mode === "login" && (
          <>
            <Form method="post" className="mt-6 space-y-5" noValidate>
              <input type="hidden" name="intent" value="login" />
              {nextField}
              {emailField}
              <AccountField name="password" label={t("login.password")} type="password" autoComplete="current-password" />
              {submit(t("login.submit"))}
            </Form>
            <p className="mt-4 text-sm">
              <Link to={href("/login?mode=forgot")} className="font-medium text-brand-700 underline">
                {t("account.forgot.link")}
              </Link>
            </p>
            <section aria-labelledby="new-customer" className="mt-8 border-t border-slate-200 pt-6">
              <h2 id="new-customer" className="text-lg font-semibold text-brand-900">
                {t("account.signup.question")}
              </h2>
              <p className="mt-1 text-slate-700">{t("account.signup.why")}</p>
              <Link
                to={href(withNext("/login?mode=signup"))}
                className="mt-3 inline-flex rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
              >
                {t("account.signup.link")}
              </Link>
            </section>
          </>
        )}

        {mode === "code" && (
          <Form method="post" className="mt-6 space-y-5" noValidate>
            <p className="text-slate-700">{t("account.code.intro", { brand: t("brand.name") })}</p>
            <input type="hidden" name="intent" value="code" />
            {nextField}
            <CodeField />
            {submit(t("account.code.submit"))}
            <p className="text-sm">
              <Link to={href("/login")} className="text-brand-700 underline">
                {t("account.code.restart")}
              </Link>
            </p>
          </Form>
        )}

        {mode === "signup" && (
          <>
            <Form method="post" className="mt-6 space-y-5" noValidate>
              <input type="hidden" name="intent" value="signup" />
              {nextField}
              <AccountField name="name" label={t("account.signup.name")} type="text" autoComplete="name" />
              {emailField}
              <AccountField
                name="password"
                label={t("account.newPassword")}
                hint={passwordHint}
                type="password"
                autoComplete="new-password"
                minLength={minLength}
              />
              {submit(t("account.signup.submit"))}
            </Form>
            <p className="mt-6 text-sm text-slate-700">
              {t("account.signup.haveAccount")}{" "}
              <Link to={href(withNext("/login"))} className="font-medium text-brand-700 underline">
                {t("login.submit")}
              </Link>
            </p>
          </>
        )}

        {mode === "forgot" && (
          <>
            <p className="mt-4 text-slate-700">{t("account.forgot.intro")}</p>
            <Form method="post" className="mt-6 space-y-5" noValidate>
              <input type="hidden" name="intent" value="forgot" />
              {emailField}
              {submit(t("account.forgot.submit"))}
            </Form>
            <p className="mt-6 text-sm">
              <Link to={href("/login")} className="text-brand-700 underline">
                {t("account.backToLogin")}
              </Link>
            </p>
          </>
        )}

        {mode === "sent" && (
          <>
            <Notice tone="success">{t("account.forgot.sent")}</Notice>
            <p className="mt-6 text-sm">
              <Link to={href("/login")} className="text-brand-700 underline">
                {t("account.backToLogin")}
              </Link>
            </p>
          </>
        )}

        {mode === "reset" &&
          (loaderData.token ? (
            <Form method="post" className="mt-6 space-y-5" noValidate>
              <input type="hidden" name="intent" value="reset" />
              <input type="hidden" name="token" value={loaderData.token} />
              <AccountField
                name="password"
                label={t("account.newPassword")}
                hint={passwordHint}
                type="password"
                autoComplete="new-password"
                minLength={minLength}
              />
              {submit(t("account.reset.submit"))}
            </Form>
          ) : (
            <>
              <Notice>{t("account.errors.resetInvalid")}</Notice>
              <p className="mt-6 text-sm">
                <Link to={href("/login?mode=forgot")} className="font-medium text-brand-700 underline">
                  {t("account.forgot.again")}
                </Link>
              </p>
            </>
          ))}

        <p className="mt-8 text-sm text-slate-600">
          <a href={href("/privacy")} className="underline">
            {t("nav.privacy")}
          </a>
        </p>
      </div>
    </FormValues>
  );
}

/** After a refused form the password fields start empty, as they do without JavaScript (the server never sends one back). */
function useEmptyPasswordsAfterReply(reply: unknown) {
  useEffect(() => {
    if (!reply) return;
    for (const input of document.querySelectorAll<HTMLInputElement>('main input[type="password"]')) input.value = "";
  }, [reply]);
}
