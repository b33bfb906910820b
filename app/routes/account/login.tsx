import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { pageMeta } from "../../components/meta";
import { useLocalPath } from "../../components/use-locale";
import { loginForm } from "../../domain/accounts";
import { fieldErrors } from "../../domain/forms";
import { localizePath, splitLocale } from "../../domain/i18n";
import { createUserSession, getSessionUser } from "../../server/auth/session.server";
import { authenticate } from "../../server/auth/users.server";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const next = loginForm.shape.next.parse(url.searchParams.get("next") ?? undefined);
  return { signedIn: user ? { email: user.email } : null, next: next ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const email = typeof form.email === "string" ? form.email : "";
  const parsed = loginForm.safeParse(form);
  if (!parsed.success) return data({ values: { email }, errors: fieldErrors(parsed.error) }, { status: 400 });
  const user = await authenticate(parsed.data.email, parsed.data.password);
  if (!user) return data({ values: { email }, errors: { form: "login.failed" } as Record<string, string> }, { status: 400 });
  const { locale } = splitLocale(new URL(request.url).pathname);
  const fallback = localizePath(user.role === "admin" ? "/admin" : "/", locale);
  return redirect(parsed.data.next ?? fallback, { headers: { "Set-Cookie": await createUserSession(user.id, request) } });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "login");

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t("pages.login.title")}</h1>
      {loaderData.signedIn && <p className="mt-4 rounded-lg bg-brand-50 p-4">{t("login.already", { email: loaderData.signedIn.email })}</p>}
      {errors.form && (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {t(errors.form)}
        </p>
      )}
      <Form method="post" className="mt-6 space-y-5" noValidate>
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <div>
          <label htmlFor="email" className="block font-medium">
            {t("login.email")}
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.values.email ?? ""}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "email-error" : undefined}
            className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-600"
          />
          {errors.email && (
            <p id="email-error" className="mt-1 text-sm text-red-700">
              {t(errors.email)}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="password" className="block font-medium">
            {t("login.password")}
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "password-error" : undefined}
            className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-600"
          />
          {errors.password && (
            <p id="password-error" className="mt-1 text-sm text-red-700">
              {t(errors.password)}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? t("login.busy") : t("login.submit")}
        </button>
      </Form>
      <p className="mt-6 text-sm text-slate-600">
        <a href={href("/privacy")} className="underline">
          {t("nav.privacy")}
        </a>
      </p>
    </div>
  );
}
