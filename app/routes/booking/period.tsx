import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { DateRangeField } from "../../components/booking/date-range";
import { Field, inputClass, Notice, PageTitle, PrimaryButton, StepNav } from "../../components/booking/ui";
import { pageMeta } from "../../components/meta";
import { Static } from "../../components/static";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { formatDate, formatTime } from "../../domain/format";
import { splitLocale } from "../../domain/i18n";
import { slugSchema, wantedCategory } from "../../domain/ids";
import { checkPostedPeriod } from "../../domain/period-form";
import { hourOptions, seasonDates, zonedDate } from "../../domain/periods";
import { seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { chooseShop, ensureBag, loadBag, updateBag } from "../../server/booking/bag-store.server";
import { getBranch } from "../../server/booking/flow.server";
import { readForm } from "../../server/http/forms.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { Route } from "./+types/period";

async function branchOf(params: Route.LoaderArgs["params"]) {
  const appId = param(seasonSchema, params.app);
  const branch = found(await getBranch(appId, param(slugSchema(), params.shop)));
  return { appId, ...branch };
}

/** Step: the rental period at the chosen branch. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { appId, shop, calendar } = await branchOf(params);
  const bag = await loadBag(request);
  const today = zonedDate(new Date());
  const season = seasonDates(today, calendar.seasonStart, calendar.seasonEnd);
  const sameShop = bag?.appId === appId && bag?.shopId === shop.id;
  const openWeekdays = new Set(calendar.hours.map((h) => h.weekday));
  return {
    appId,
    shop: { slug: shop.slug, name: shop.name },
    season,
    closedDays: calendar.closedDays.filter((d) => d >= season.from && d <= season.to),
    closedWeekdays: [1, 2, 3, 4, 5, 6, 7].filter((d) => !openWeekdays.has(d)),
    times: hourOptions(calendar.hours),
    values: {
      pickupDate: sameShop ? bag?.pickupDate : null,
      returnDate: sameShop ? bag?.returnDate : null,
      pickupTime: sameShop ? bag?.pickupTime?.slice(0, 5) : null,
      returnTime: sameShop ? bag?.returnTime?.slice(0, 5) : null,
    },
  };
}

const PERIOD_FIELDS = ["pickupDate", "returnDate", "pickupTime", "returnTime"] as const;

export async function action({ request, params }: Route.ActionArgs) {
  const { appId, shop, calendar } = await branchOf(params);
  const form = await readForm(request);
  const values = Object.fromEntries(PERIOD_FIELDS.map((field) => [field, String(form.values[field] ?? "")]));
  const period = checkPostedPeriod(values, calendar, new Date());
  if (!period.ok) return refuse(period, { values });
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const { bag, setCookie } = await ensureBag(request, locale);
  await chooseShop(bag, appId, shop.id);
  await updateBag(bag.id, { ...period.value, language: locale });
  const category = wantedCategory(url);
  const next = redirectTo(request, `/rental/${appId}/${shop.slug}/persons${category ? `?category=${category}` : ""}`);
  if (setCookie) next.headers.append("Set-Cookie", setCookie);
  return next;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "period");

export default function Period({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const busy = useNavigation().state === "submitting";
  const { appId, shop, season, times } = loaderData;
  const values = { ...loaderData.values, ...actionData?.values };
  // A message goes once its field is changed: "Enter a valid date" must not stay beside valid dates just
  // picked. A new answer from the server brings its own messages.
  const [edits, setEdits] = useState<{ reply: typeof actionData; fields: string[] }>({ reply: actionData, fields: [] });
  const changed = edits.reply === actionData ? edits.fields : [];
  const change = (...fields: string[]) => setEdits({ reply: actionData, fields: [...changed, ...fields] });
  const errors: Record<string, string> = Object.fromEntries(
    Object.entries(actionData?.errors ?? {}).filter(([field]) => !changed.includes(field)),
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <PageTitle>{t("booking.period.title", { shop: shop.name })}</PageTitle>
      <StepNav current="period" links={{ branch: `/rental/${appId}` }} />
      <Static data={season}>
        <p className="mt-4 text-slate-700">
          {t("booking.period.lead", { from: formatDate(season.from, locale), to: formatDate(season.to, locale) })}
        </p>
      </Static>
      {Object.keys(errors).length > 0 && <Notice>{t("booking.period.fix")}</Notice>}
      <Form method="post" noValidate className="mt-6 space-y-6">
        <DateRangeField
          locale={locale}
          defaultStart={values.pickupDate ?? null}
          defaultEnd={values.returnDate ?? null}
          min={season.from}
          max={season.to}
          closedDays={loaderData.closedDays}
          closedWeekdays={loaderData.closedWeekdays}
          errors={{ pickupDate: errors.pickupDate, returnDate: errors.returnDate }}
          onChange={() => change("pickupDate", "returnDate")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {(["pickupTime", "returnTime"] as const).map((name) => (
            <Field key={name} name={name} label={t(`booking.period.${name}`)} error={errors[name]}>
              {(props) => (
                <select
                  {...props}
                  onChange={() => change(name)}
                  defaultValue={values[name] ?? (name === "pickupTime" ? times[2] : times.at(-3))}
                  className={inputClass}
                >
                  {times.map((time) => (
                    <option key={time} value={time}>
                      {formatTime(time, locale)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </div>
        <p className="text-sm text-slate-600">{t("booking.period.hoursHint")}</p>
        <div className="flex flex-wrap items-center gap-4">
          <PrimaryButton busy={busy}>{t("booking.continue")}</PrimaryButton>
          <a href={href(`/shop/${shop.slug}`)} className="text-brand-700 hover:underline">
            {t("rental.hoursAndDetails")}
          </a>
        </div>
      </Form>
    </div>
  );
}
