/**
 * /login: sign in, the second factor's code, sign up, "forgot password" and the reset link's new
 * password, one form at a time (`?mode=signup`, `?mode=forgot`, `?reset={token}`, `?step=code`). Plain
 * forms: everything works without JavaScript; a refused form comes back with what was typed (never a
 * password) and the message beside its field.
 */
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CodeField } from "../../components/account/code-field";
import { Field, inputClass, Notice, PrimaryButton } from "../../components/booking/ui";
import { pageMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { codeForm, forgotForm, loginForm, type Role, resetForm, resetToken, signupForm } from "../../domain/accounts";
import { fieldErrors } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { MIN_PASSWORD_LENGTH } from "../../domain/passwords";
import { returnPath } from "../../domain/redirect";
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
import { passRetryAfter, tooManyAttempts, waitMinutes } from "../../server/http/errors.server";
import { readFormData } from "../../server/http/forms.server";
import type { Route } from "./+types/login";

type Mode = "login" | "signup" | "forgot" | "sent" | "reset" | "code";

function nextOf(url: URL): string | null {
  const next = url.searchParams.get("next");
  return next ? returnPath.parse(next) : null;
}

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
  const next = nextOf(url);
  const user = await getSessionUser(request);
  const signedIn = user ? { email: user.email, role: user.role } : null;
  // From the loader, so the page's code does not pull in the password rules and their list.
  const base = { next, signedIn, minPasswordLength: MIN_PASSWORD_LENGTH };
  const token = url.searchParams.get("reset");
  if (token !== null) {
    const valid = resetToken.safeParse(token).success && (await resetTokenUsable(token));
    return { ...base, mode: "reset" as Mode, token: valid ? token : null, notice: null };
  }
  if (url.searchParams.get("step") === "code") {
    if (!(await getPendingSignIn(request))) throw redirect(loginPath(url, { next }));
    return { ...base, mode: "code" as Mode, token: null, notice: null };
  }
  const asked = url.searchParams.get("mode");
  const mode: Mode = asked === "signup" || asked === "forgot" || asked === "sent" ? asked : "login";
  const done = url.searchParams.get("done");
  return { ...base, mode, token: null, notice: done === "reset" ? "account.reset.done" : null };
}

type Reply = { values: Record<string, string>; errors: Record<string, string> };

function refused(values: Record<string, string>, errors: Record<string, string>, status = 400) {
  return data<Reply>({ values, errors }, { status });
}

function tooMany(values: Record<string, string>, retryAfter: number) {
  return tooManyAttempts<Reply>(
    { values: { ...values, minutes: String(waitMinutes(retryAfter)) }, errors: { form: "account.errors.tooMany" } },
    retryAfter,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const form = Object.fromEntries(await readFormData(request));
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const clientAddress = context.clientAddress;

  switch (text("intent") || "login") {
    case "login": {
      const values = { email: text("email") };
      const parsed = loginForm.safeParse(form);
      if (!parsed.success) return refused(values, fieldErrors(parsed.error));
      const result = await signIn({ ...parsed.data, clientAddress, request });
      if (result.kind === "limited") return tooMany(values, result.retryAfter);
      if (result.kind === "failed") return refused(values, { form: "login.failed" });
      if (result.kind === "code") {
        return redirect(loginPath(url, { step: "code", next: parsed.data.next ?? null }), { headers: { "Set-Cookie": result.cookie } });
      }
      return redirect(landing(url, result.role, parsed.data.next), { headers: { "Set-Cookie": result.cookie } });
    }
    case "code": {
      const parsed = codeForm.safeParse(form);
      if (!parsed.success) return refused({}, fieldErrors(parsed.error));
      const result = await completeTotpSignIn({ code: parsed.data.code, clientAddress, request });
      if (result.kind === "noPending") return redirect(loginPath(url, { next: parsed.data.next ?? null }));
      if (result.kind === "limited") return tooMany({}, result.retryAfter);
      if (result.kind === "wrong") return refused({}, { code: "account.errors.codeWrong" });
      return redirect(landing(url, result.role, parsed.data.next), { headers: { "Set-Cookie": result.cookie } });
    }
    case "signup": {
      const values = { name: text("name"), email: text("email") };
      const parsed = signupForm.safeParse(form);
      if (!parsed.success) return refused(values, fieldErrors(parsed.error));
      const result = await signUp({ ...parsed.data, language: locale, clientAddress, request });
      if (result.kind === "limited") return tooMany(values, result.retryAfter);
      if (result.kind === "exists") return refused(values, { email: "account.errors.emailTaken" });
      return redirect(landing(url, "customer", parsed.data.next), { headers: { "Set-Cookie": result.cookie } });
    }
    case "forgot": {
      const values = { email: text("email") };
      const parsed = forgotForm.safeParse(form);
      if (!parsed.success) return refused(values, fieldErrors(parsed.error));
      const result = await requestPasswordReset({ email: parsed.data.email, locale, origin: publicOrigin(request), clientAddress });
      if (result.kind === "limited") return tooMany(values, result.retryAfter);
      return redirect(loginPath(url, { mode: "sent" }));
    }
    case "reset": {
      const parsed = resetForm.safeParse(form);
      if (!parsed.success) return refused({}, fieldErrors(parsed.error));
      if (!(await resetPassword(parsed.data.token, parsed.data.password))) return refused({}, { form: "account.errors.resetInvalid" });
      return redirect(loginPath(url, { done: "reset" }));
    }
    default:
      return refused({}, { form: "validation.invalid" });
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
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
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
  const emailField = (
    <Field name="email" label={t("login.email")} error={errors.email}>
      {(props) => <input {...props} type="email" autoComplete="email" required defaultValue={values.email ?? ""} className={inputClass} />}
    </Field>
  );
  const nextField = next ? <input type="hidden" name="next" value={next} /> : null;
  const submit = (label: string) => (
    <PrimaryButton busy={busy} className="w-full">
      {busy ? t("account.busy") : label}
    </PrimaryButton>
  );

  return (
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
      {errors.form && !(mode === "reset" && !loaderData.token) && <Notice>{t(errors.form, { count: Number(values.minutes ?? 1) })}</Notice>}

      {mode === "login" && (
        <>
          <Form method="post" className="mt-6 space-y-5" noValidate>
            <input type="hidden" name="intent" value="login" />
            {nextField}
            {emailField}
            <Field name="password" label={t("login.password")} error={errors.password}>
              {(props) => <input {...props} type="password" autoComplete="current-password" required className={inputClass} />}
            </Field>
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
          <CodeField error={errors.code} />
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
            <Field name="name" label={t("account.signup.name")} error={errors.name}>
              {(props) => (
                <input {...props} type="text" autoComplete="name" required defaultValue={values.name ?? ""} className={inputClass} />
              )}
            </Field>
            {emailField}
            <Field name="password" label={t("account.newPassword")} hint={passwordHint} error={errors.password}>
              {(props) => (
                <input {...props} type="password" autoComplete="new-password" minLength={minLength} required className={inputClass} />
              )}
            </Field>
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
            <Field name="password" label={t("account.newPassword")} hint={passwordHint} error={errors.password}>
              {(props) => (
                <input {...props} type="password" autoComplete="new-password" minLength={minLength} required className={inputClass} />
              )}
            </Field>
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
  );
}

/** After a refused form the password fields start empty, as they do without JavaScript (the server never sends one back). */
function useEmptyPasswordsAfterReply(reply: unknown) {
  useEffect(() => {
    if (!reply) return;
    for (const input of document.querySelectorAll<HTMLInputElement>('main input[type="password"]')) input.value = "";
  }, [reply]);
}
