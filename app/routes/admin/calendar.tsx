import { Form, Link, redirect, useSearchParams } from "react-router";
import { CloseDayForm } from "../../components/admin/calendar-close";
import { CalendarFeedBox } from "../../components/admin/calendar-feed";
import { CalendarGrid } from "../../components/admin/calendar-grid";
import { adminInputClass, FormStatus } from "../../components/admin/form";
import { Planner } from "../../components/admin/planner";
import { AdminPage } from "../../components/admin/ui";
import { FormValues, replyFor } from "../../components/form-values";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { calendarNames, formatDate, formatDayRange } from "../../domain/format";
import { parse } from "../../domain/forms";
import { splitLocale } from "../../domain/i18n";
import { addDays, zonedDate } from "../../domain/periods";
import { calendarGrid, calendarQuery, calendarRange, closeDaySchema, reopenDaySchema } from "../../domain/planner/calendar";
import {
  blockSchema,
  calendarView,
  moveSchema,
  packPlanner,
  plannerQuery,
  plannerRange,
  removeBlockSchema,
  todayStart,
} from "../../domain/planner/planner";
import { fail } from "../../domain/result";
import { useTranslation } from "../../i18n/react";
import { calendarFeedState, newCalendarFeed } from "../../server/admin/calendar-feed.server";
import { closeDay, reopenDay } from "../../server/admin/closed-days.server";
import { publicOrigin } from "../../server/config.server";
import { requireBackOffice, requireBranch } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { readQuery } from "../../server/http/query.server";
import { refuse } from "../../server/http/results.server";
import { calendarShops, getCalendar } from "../../server/planner/calendar.server";
import { blockUnit, getPlanner, moveReservation, removeBlock } from "../../server/planner/planner.server";
import type { Route } from "./+types/calendar";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  const url = new URL(request.url);
  if (calendarView(url.searchParams) === "planner") return plannerLoader(user, request);
  const query = readQuery(request, calendarQuery);
  if (query.shop !== undefined) requireBranch(user, query.shop);
  const today = zonedDate(new Date());
  const range = calendarRange(query, today);
  const shops = await calendarShops(user.shopIds);
  const shown = query.shop !== undefined && shops.some((s) => s.id === query.shop) ? shops.filter((s) => s.id === query.shop) : shops;
  const [{ entries, closed }, feed] = await Promise.all([
    getCalendar(
      shown.map((s) => s.id),
      range.days[0],
      range.end,
    ),
    calendarFeedState(user.id),
  ]);
  return {
    view: "list" as const,
    range,
    today,
    shop: shown.length === 1 && query.shop !== undefined ? query.shop : null,
    shops,
    shown,
    rows: calendarGrid(
      range.days,
      shown.map((s) => s.id),
      entries,
      closed,
    ),
    counts: { pickups: entries.filter((e) => e.kind === "pickup").length, returns: entries.filter((e) => e.kind === "return").length },
    feed,
  };
}

/** The planner of one branch (the first the user works at unless the URL names one of theirs). */
async function plannerLoader(user: Awaited<ReturnType<typeof requireBackOffice>>, request: Request) {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const query = readQuery(request, plannerQuery);
  if (query.shop !== undefined) requireBranch(user, query.shop);
  const today = zonedDate(new Date());
  const range = plannerRange(query, today);
  const shops = await calendarShops(user.shopIds);
  const shop = shops.find((s) => s.id === query.shop) ?? shops.find((s) => s.active) ?? shops[0] ?? null;
  const [planner, feed] = await Promise.all([shop ? getPlanner(shop.id, range, locale) : null, calendarFeedState(user.id)]);
  // Day names come from the server, so the page hydrates without a difference between Node's and the browser's Intl.
  const days = new Set(range.days);
  for (const bar of planner?.bars ?? []) days.add(bar.firstDay).add(bar.lastDay);
  const dayLabels = Object.fromEntries(
    [...days].map((day) => [day, formatDate(day, locale, { weekday: "short", day: "numeric", month: "short" })]),
  );
  return {
    view: "planner" as const,
    today,
    range,
    todayStart: todayStart(range.span, today),
    title: formatDayRange(range.days[0], range.days[range.days.length - 1], locale),
    weekdays: calendarNames(locale).weekdaysShort,
    dayLabels,
    shops,
    shop: shop?.id ?? null,
    selected: query.r ?? null,
    block: query.block ?? null,
    feed,
    planner: planner && {
      wire: packPlanner(planner, range.start),
      closed: planner.closed,
      turnaroundMinutes: planner.turnaroundMinutes,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBackOffice(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const back = (done: string) => {
    const search = new URLSearchParams(url.searchParams);
    search.set("done", done);
    return redirect(`${url.pathname}?${search}`);
  };
  // Back to the planner as it was, without the panel or block form the change came from.
  const planner = (done: string) => {
    const search = new URLSearchParams(url.searchParams);
    search.delete("r");
    search.delete("block");
    search.set("done", done);
    return redirect(`${url.pathname}?${search}`);
  };
  if (form.intent === "calendarFeed") {
    // The link in the answer only: its token is stored hashed and must not sit in a URL or a history entry.
    const token = await newCalendarFeed(user.id);
    return { calendarFeed: new URL(`/calendar/${token}.ics`, publicOrigin(request)).href };
  }
  if (form.intent === "moveReservation") {
    const input = parse(moveSchema, form.values);
    // A drag or the panel's list posts the unit: a bad one is a whole-form message, there is no field to show it beside.
    if (!input.ok) return refuse(fail.invalid({ form: "admin.planner.errors.chooseUnit" }), form, "move");
    const moved = await moveReservation(user, input.value);
    if (!moved.ok) return refuse(moved, form, "move");
    return planner("moved");
  }
  if (form.intent === "blockUnit") {
    const input = parse(blockSchema, form.values);
    if (!input.ok) return refuse(input, form, "blockUnit");
    const blocked = await blockUnit(user, input.value);
    if (!blocked.ok) return refuse(blocked, form, "blockUnit");
    return planner("blocked");
  }
  if (form.intent === "removeBlock") {
    const input = parse(removeBlockSchema, form.values);
    if (!input.ok) return refuse(fail.invalid({ form: "admin.planner.errors.gone" }), form, "move");
    const removed = await removeBlock(user, input.value.reservationId);
    if (!removed.ok) return refuse(removed, form, "move");
    return planner("unblocked");
  }
  if (form.intent === "reopenDay") {
    const input = parse(reopenDaySchema, form.values);
    // The reopen buttons sit in the grid, with no field to show a message beside.
    if (!input.ok) return refuse(fail.invalid({ form: "admin.calendar.reopenFailed" }), form, "reopenDay");
    requireBranch(user, input.value.shopId);
    // Refused only for a day that is open already (a second click, another tab): what was asked for, so no message.
    await reopenDay(user.id, input.value.shopId, input.value.day);
    return back("reopened");
  }
  const input = parse(closeDaySchema, form.values);
  if (!input.ok) return refuse(input, form, "closeDay");
  requireBranch(user, input.value.shopId);
  const closed = await closeDay(user.id, input.value.shopId, input.value.day, input.value.reason);
  if (!closed.ok) return refuse(closed, form, "closeDay");
  return back("closed");
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.calendar");

/** The planner (units × days), or the list of pickups, returns and closed days per day and branch, by month or week. */
export default function Calendar({ loaderData, actionData }: Route.ComponentProps) {
  const feedUrl = actionData && "calendarFeed" in actionData ? actionData.calendarFeed : null;
  if (loaderData.view === "planner")
    return <Planner data={loaderData} actionData={actionData} footer={<CalendarFeedBox feed={loaderData.feed} url={feedUrl} />} />;
  return <CalendarList loaderData={loaderData} actionData={actionData} />;
}

function CalendarList({
  loaderData,
  actionData,
}: {
  loaderData: Extract<Route.ComponentProps["loaderData"], { view: "list" }>;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const [params] = useSearchParams();
  const { range, today, shop, shops, shown, rows, counts, feed } = loaderData;
  const withShop = (search: Record<string, string>) => {
    const next = new URLSearchParams(search);
    if (shop !== null) next.set("shop", String(shop));
    return `${href("/admin/calendar")}?${next}`;
  };
  const title =
    range.view === "month"
      ? formatDate(`${range.month}-15`, locale, { month: "long", year: "numeric" })
      : t("admin.calendar.weekOf", {
          from: formatDate(range.week, locale, { day: "numeric", month: "long" }),
          to: formatDate(addDays(range.week, 6), locale, { day: "numeric", month: "long", year: "numeric" }),
        });
  const done = params.get("done");
  const refusedClose = replyFor(actionData, "closeDay");
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-slate-100"}`;
  return (
    <AdminPage title={t("admin.nav.calendar")}>
      {done === "closed" || done === "reopened" ? (
        <p role="status" className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          {t(done === "closed" ? "admin.calendar.closedDone" : "admin.calendar.reopenedDone")}
        </p>
      ) : null}
      <FormStatus reply={replyFor(actionData, "reopenDay") ?? refusedClose} />
      <div className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <nav aria-label={t("admin.calendar.views")} className="flex gap-1">
          <Link to={withShop({ start: range.week, span: "week" })} className={tab(false)}>
            {t("admin.planner.title")}
          </Link>
          <Link
            to={withShop({ view: "month", month: range.month })}
            aria-current={range.view === "month" ? "page" : undefined}
            className={tab(range.view === "month")}
          >
            {t("admin.calendar.month")}
          </Link>
          <Link
            to={withShop({ view: "week", week: range.week, month: range.month })}
            aria-current={range.view === "week" ? "page" : undefined}
            className={tab(range.view === "week")}
          >
            {t("admin.calendar.week")}
          </Link>
        </nav>
        <nav aria-label={t(range.view === "month" ? "admin.calendar.months" : "admin.calendar.weeks")} className="flex items-center gap-4">
          <Link to={withShop(range.previous)} className="text-brand-700 hover:underline">
            ← {t(range.view === "month" ? "admin.calendar.previousMonth" : "admin.calendar.previousWeek")}
          </Link>
          <h2 className="text-lg font-semibold">{title}</h2>
          <Link to={withShop(range.next)} className="text-brand-700 hover:underline">
            {t(range.view === "month" ? "admin.calendar.nextMonth" : "admin.calendar.nextWeek")} →
          </Link>
          <Link to={withShop(range.view === "month" ? { view: "month" } : { view: "week" })} className="text-sm text-brand-700 underline">
            {t("admin.calendar.today")}
          </Link>
        </nav>
        {shops.length > 1 && (
          <Form method="get" className="flex items-end gap-2">
            <input type="hidden" name="view" value={range.view} />
            <input type="hidden" name={range.view} value={range.view === "month" ? range.month : range.week} />
            <label className="flex flex-col text-sm font-medium">
              {t("admin.field.shop")}
              <select name="shop" defaultValue={shop ?? ""} className={adminInputClass}>
                <option value="">{t("admin.calendar.allBranches")}</option>
                {shops.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {t("admin.list.apply")}
            </button>
          </Form>
        )}
      </div>

      <FormValues
        reply={actionData}
        target="closeDay"
        initial={{ shopId: shop ?? shown[0]?.id, day: today >= range.days[0] && today < range.end ? today : range.days[0] }}
      >
        <CloseDayForm shops={shown} open={Boolean(refusedClose)} />
      </FormValues>

      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">{t("admin.calendar.noBranches")}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700" aria-live="polite">
            {counts.pickups + counts.returns === 0
              ? t(range.view === "month" ? "admin.calendar.empty" : "admin.calendar.emptyWeek")
              : t("admin.calendar.summary", { pickups: counts.pickups, returns: counts.returns })}
          </p>
          <CalendarGrid
            caption={t("admin.calendar.caption", { period: title })}
            rows={rows}
            shops={shown}
            today={today}
            reopenLabel={(name, date) => t("admin.calendar.reopenLabel", { shop: name, date })}
          />
        </>
      )}
      <CalendarFeedBox feed={feed} url={actionData && "calendarFeed" in actionData ? actionData.calendarFeed : null} />
    </AdminPage>
  );
}
