import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { RangeCalendar } from "../../components/booking/range-calendar";
import { Field, inputClass, Notice, PageTitle, PrimaryButton, StepNav } from "../../components/booking/ui";
import { pageMeta } from "../../components/meta";
import { Static } from "../../components/static";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { calendarNames, formatDate, formatTime } from "../../domain/format";
import { splitLocale } from "../../domain/i18n";
import { slugSchema, wantedCategoryQuery } from "../../domain/ids";
import { checkPostedPeriod, readCalendarQuery } from "../../domain/period-form";
import { hourOptions, isoDateOrNull, seasonDates, zonedDate } from "../../domain/periods";
import { visibleMonth } from "../../domain/range-calendar";
import { seasonSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { chooseShop, ensureBag, loadBag, updateBag } from "../../server/booking/bag-store.server";
import { getBranch } from "../../server/booking/flow.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { found, param, redirectTo, refuse } from "../../server/http/results.server";
import type { PageHandle } from "../site/layout";
import type { Route } from "./+types/period";

/** The calendar and the form work as HTML: the page's code runs at the visitor's first move (decision 034). */
export const handle: PageHandle = { runsOnFirstUse: true };

async function branchOf(params: Route.LoaderArgs["params"]) {
  const appId = param(seasonSchema, params.app);
  const branch = found(await getBranch(appId, param(slugSchema(), params.shop)));
  return { appId, ...branch };
}

/**
 * Step: the rental period at the chosen branch. The calendar's days and months are buttons of a GET form, so
 * the URL may carry the range so far, the day just picked and the hours (`readCalendarQuery`); without a query
 * the bag's period at this branch is shown.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { appId, shop, calendar } = await branchOf(params);
  const bag = await loadBag(request);
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const today = zonedDate(new Date());
  const season = seasonDates(today, calendar.seasonStart, calendar.seasonEnd);
  const openWeekdays = new Set(calendar.hours.map((h) => h.weekday));
  const bounds = {
    min: season.from,
    max: season.to,
    closedDays: calendar.closedDays.filter((d) => d >= season.from && d <= season.to),
    closedWeekdays: [1, 2, 3, 4, 5, 6, 7].filter((d) => !openWeekdays.has(d)),
  };
  const sameShop = bag?.appId === appId && bag?.shopId === shop.id;
  const fromBag = {
    range: { from: sameShop ? (bag?.pickupDate ?? null) : null, to: sameShop ? (bag?.returnDate ?? null) : null },
    pickupTime: sameShop ? bag?.pickupTime?.slice(0, 5) : undefined,
    returnTime: sameShop ? bag?.returnTime?.slice(0, 5) : undefined,
  };
  const query = readCalendarQuery(url.searchParams, bounds);
  const chosen = query ?? { ...fromBag, month: visibleMonth(null, fromBag.range, bounds) };
  return {
    appId,
    shop: { slug: shop.slug, name: shop.name },
    season,
    bounds,
    names: calendarNames(locale),
    month: chosen.month,
    times: hourOptions(calendar.hours),
    values: {
      pickupDate: chosen.range.from,
      returnDate: chosen.range.to,
      pickupTime: chosen.pickupTime ?? null,
      returnTime: chosen.returnTime ?? null,
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
  const { category } = readQuery(request, wantedCategoryQuery);
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
  // A refused submission brings back what was sent, which may be no day at all.
  const range = { from: isoDateOrNull(values.pickupDate), to: isoDateOrNull(values.returnDate) };
  // A refused submission shows the month of the days it sent.
  const month = actionData ? visibleMonth(null, range, loaderData.bounds) : loaderData.month;
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
        <RangeCalendar
          key={`${range.from}/${range.to}/${month}`}
          names={loaderData.names}
          bounds={loaderData.bounds}
          initialRange={range}
          initialMonth={month}
          error={errors.pickupDate ?? errors.returnDate}
          onPick={() => change("pickupDate", "returnDate")}
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
