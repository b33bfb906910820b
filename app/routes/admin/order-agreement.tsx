import { redirect } from "react-router";
import { z } from "zod";
import { SigningForm } from "../../components/admin/agreement";
import { FormStatus } from "../../components/admin/form";
import { FormValues } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { signSchema } from "../../domain/counter/agreement";
import { formatDateTime, formatMoney } from "../../domain/format";
import { parse } from "../../domain/forms";
import { type Locale, locales, localizePath, splitLocale } from "../../domain/i18n";
import { fail } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { publicOrigin } from "../../server/config.server";
import { signAgreement, signingScreen } from "../../server/counter/agreements.server";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { found, param, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/order-agreement";

/** The clerk's language, to go back to the order in once the customer has signed. */
const clerkLanguage = z.enum(locales).optional().catch(undefined);
/** The screen's URL names the clerk's language (`?back=de`). */
const screenQuery = z.object({ back: clerkLanguage });
/** The clerk's language, else the page's. */
const backTo = (value: unknown, request: Request): Locale =>
  clerkLanguage.parse(value) ?? splitLocale(new URL(request.url).pathname).locale;

/**
 * /admin/order/{id}/agreement: the counter's tablet or phone, held by the customer, who reads what they
 * rent and signs (decision 044). In the order's language, as the contract is; staff of the order's branch.
 * Outside the back office's layout (routes.ts): the customer holding the screen sees no menu and no search.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const screen = found(await signingScreen(user, param(z.uuid(), params.id), publicOrigin(request)));
  const url = new URL(request.url);
  const back = backTo(readQuery(request, screenQuery).back, request);
  // The customer signs terms in the contract's language: the page speaks it too.
  if (splitLocale(url.pathname).locale !== screen.locale)
    throw redirect(`${localizePath(`/admin/order/${screen.order.id}/agreement`, screen.locale)}?back=${back}`);
  return { ...screen, back };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const id = param(z.uuid(), params.id);
  // A picture over the form's limit comes back as a message beside the pad, with the name as typed.
  const form = await readForm(request, { keepTooLarge: true });
  if (form.tooLarge) return refuse(fail.invalid({ signature: "admin.agreement.errors.tooBig" }), form);
  const input = parse(signSchema, form.values);
  if (!input.ok) return refuse(input, form);
  const signed = await signAgreement(user, id, input.value, publicOrigin(request));
  if (!signed.ok) return refuse(signed, form);
  return redirect(localizePath(`/admin/order/${id}?signed=${signed.value.version}#agreement`, backTo(form.values.back, request)));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "admin.agreement.title", { number: loaderData?.order.number ?? "" });

export default function OrderAgreement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, shop, persons, terms, versions, back, depositCents } = loaderData;
  const when = (date: Date | string) => formatDateTime(date, locale, "full");
  const latest = versions[0];
  return (
    <main className="mx-auto max-w-3xl p-4 text-lg sm:p-8">
      <a href={localizePath(`/admin/order/${order.id}`, back)} className="text-base font-medium text-brand-700 hover:underline">
        ← {t("admin.agreement.back", { number: order.number })}
      </a>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{t("admin.agreement.title", { number: order.number })}</h1>
      <p className="mt-2">{t("admin.agreement.intro")}</p>
      <dl className="mt-4 grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
        <div>
          <dt className="text-base text-slate-700">{t("admin.agreement.renter")}</dt>
          <dd className="font-semibold break-words">{order.invoiceName}</dd>
        </div>
        <div>
          <dt className="text-base text-slate-700">{t("admin.field.shop")}</dt>
          <dd className="font-semibold">{shop}</dd>
        </div>
        <div>
          <dt className="text-base text-slate-700">{t("order.pickup")}</dt>
          <dd className="font-semibold">{when(order.pickupAt)}</dd>
        </div>
        <div>
          <dt className="text-base text-slate-700">{t("order.return")}</dt>
          <dd className="font-semibold">{when(order.returnAt)}</dd>
        </div>
        <div>
          <dt className="text-base text-slate-700">{t("order.total")}</dt>
          <dd className="font-semibold">{formatMoney(order.totalCents, locale)}</dd>
        </div>
        <div>
          <dt className="text-base text-slate-700">{t("admin.agreement.deposit")}</dt>
          <dd className="font-semibold" data-deposit>
            {depositCents > 0 ? formatMoney(depositCents, locale) : t("admin.agreement.noDeposit")}
          </dd>
        </div>
      </dl>

      <h2 className="mt-8 text-xl font-semibold">{t("admin.agreement.equipment")}</h2>
      <div className="mt-3 space-y-4">
        {persons.map((person) => (
          <section key={person.key} className="rounded-xl border border-slate-200 p-4" aria-label={person.name ?? t("order.other")}>
            <h3 className="font-semibold">{person.name ?? t("order.other")}</h3>
            {person.measures && (
              <p className="text-base text-slate-700" data-measures>
                {person.measures}
              </p>
            )}
            <ul className="mt-2 divide-y divide-slate-100">
              {person.lines.map((line) => (
                <li key={line.id} className="py-2">
                  <span className="block">
                    {line.quantity > 1 ? `${line.quantity} × ` : ""}
                    {line.name}
                    {line.size ? ` (${line.size})` : ""}
                  </span>
                  {line.codes.length > 0 && (
                    <span className="block font-mono text-base break-all text-slate-700">{line.codes.join(", ")}</span>
                  )}
                  {line.binding && (
                    <span className="block text-base text-slate-800" data-binding>
                      {line.binding}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <h2 className="mt-8 text-xl font-semibold">{t("admin.agreement.terms")}</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-base">
        {terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>

      {latest && (
        <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-base text-amber-950" role="note">
          {t("admin.agreement.again", {
            version: latest.version,
            next: latest.version + 1,
            name: latest.signerName,
            date: when(latest.signedAt),
          })}
        </p>
      )}
      <FormValues reply={actionData} initial={{ signerName: order.invoiceName }}>
        <div className="mt-6">
          <FormStatus />
        </div>
        {loaderData.canSign ? (
          <SigningForm back={back} />
        ) : (
          <p className="rounded-lg border border-slate-300 bg-slate-50 p-3">{t("admin.agreement.afterHandOut")}</p>
        )}
      </FormValues>
    </main>
  );
}
