/**
 * The planner (decision 041): one branch's units as rows (grouped by category, item and size) and days as
 * columns, each live reservation a bar with the customer's name and the order's state (colour, icon and
 * words), holds, maintenance blocks, closed days and the turnaround buffer (hatched) visible.
 *
 * - Only the rows on screen are rendered (the server renders the first screenful); rows are absolutely
 *   placed in a box as tall as all of them, so the box scrolls natively with sticky day headers and unit column.
 * - A bar moves to another unit of the same item and size by mouse or touch (drag its grip), by keyboard
 *   (focus it, M, ↑/↓, Enter; Escape cancels) or from its panel's form, which also works without JavaScript
 *   (a bar is a link to `?r={id}`, the panel a form post). The database's exclusion constraint judges the move.
 */
import { Ban, CircleCheck, Hourglass, PackageOpen, Undo2, Wrench, X } from "lucide-react";
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";
import { isoWeekday } from "../../domain/periods";
import {
  type BarKind,
  moveTargets,
  type PlannerBar,
  type PlannerOrder,
  type PlannerRange,
  type PlannerRow,
  type PlannerWire,
  unpackPlanner,
} from "../../domain/planner/planner";
import { useTranslation } from "../../i18n/react";
import { FormValues, replyFor } from "../form-values";
import { useLocalPath } from "../use-locale";
import { adminInputClass, FormStatus, TextField } from "./form";
import { AdminPage, OrderStatusBadge } from "./ui";

export type PlannerData = {
  today: string;
  range: PlannerRange;
  todayStart: string;
  title: string;
  weekdays: string[];
  dayLabels: Record<string, string>;
  shops: { id: number; name: string; active: boolean }[];
  shop: number | null;
  selected: number | null;
  block: string | null;
  planner: { wire: PlannerWire; closed: { day: string; reason: string | null }[]; turnaroundMinutes: number } | null;
};

/** Row height and day header height in px; the windowing and the drag both count in them. */
const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 44;
/**
 * Rows the server renders: all of a branch of up to 300 rows, so the planner works without JavaScript there;
 * of a bigger one, more than a tall screen shows (the windowing takes over once the page's code runs).
 */
const ALL_ROWS_UP_TO = 300;
const FIRST_ROWS = 40;
const OVERSCAN = 8;
const COLUMN_WIDTH = { week: 120, fortnight: 64, month: 40 } as const;

const BAR_TONE: Record<BarKind, string> = {
  paid: "border-emerald-700 bg-emerald-100 text-emerald-950",
  held: "border-dashed border-amber-700 bg-amber-50 text-amber-950",
  picked_up: "border-sky-700 bg-sky-100 text-sky-950",
  returned: "border-slate-500 bg-slate-100 text-slate-800",
  block: "border-zinc-700 text-zinc-950",
};
const BAR_ICON: Record<BarKind, typeof CircleCheck> = {
  paid: CircleCheck,
  held: Hourglass,
  picked_up: PackageOpen,
  returned: Undo2,
  block: Wrench,
};
const BLOCK_BACKGROUND = "repeating-linear-gradient(45deg, #e4e4e7 0 6px, #f4f4f5 6px 12px)";
const BUFFER_BACKGROUND = "repeating-linear-gradient(135deg, rgba(15,23,42,.55) 0 2px, transparent 2px 5px)";

type UnitRow = Extract<PlannerRow, { kind: "unit" }>;
type Drag = { id: number; unitId: number; startY: number; dy: number; target: number | null; active: boolean };
type Moving = { id: number; targets: UnitRow[]; index: number };

export function Planner({ data, actionData, footer }: { data: PlannerData; actionData: unknown; footer?: React.ReactNode }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const [params] = useSearchParams();
  const { range, shops, shop, planner } = data;
  const link = (change: Record<string, string | null>) => {
    const next = new URLSearchParams();
    next.set("start", range.start);
    next.set("span", range.span);
    if (shop !== null) next.set("shop", String(shop));
    for (const [key, value] of Object.entries(change))
      if (value === null) next.delete(key);
      else next.set(key, value);
    return `${href("/admin/calendar")}?${next}`;
  };
  const done = params.get("done");
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-slate-100"}`;
  const blockReply = replyFor(actionData, "blockUnit");
  const spans = [
    ["week", "admin.planner.span.week"],
    ["fortnight", "admin.planner.span.fortnight"],
    ["month", "admin.planner.span.month"],
  ] as const;
  return (
    <AdminPage title={t("admin.nav.calendar")}>
      {done === "moved" || done === "blocked" || done === "unblocked" ? (
        <p role="status" className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          {t(`admin.planner.done.${done}`)}
        </p>
      ) : null}
      <FormStatus reply={replyFor(actionData, "move")} />
      <div className="mb-3 flex flex-wrap items-center gap-x-6 gap-y-3">
        <nav aria-label={t("admin.calendar.views")} className="flex flex-wrap gap-1">
          <Link to={link({})} aria-current="page" className={tab(true)}>
            {t("admin.planner.title")}
          </Link>
          <Link
            to={`${href("/admin/calendar")}?${new URLSearchParams({ view: "month", month: range.start.slice(0, 7), ...(shop !== null ? { shop: String(shop) } : {}) })}`}
            className={tab(false)}
          >
            {t("admin.planner.list")}
          </Link>
        </nav>
        <nav aria-label={t("admin.planner.spans")} className="flex flex-wrap gap-1">
          {spans.map(([span, label]) => (
            <Link
              key={span}
              to={link({ span, start: span === "month" ? `${range.start.slice(0, 7)}-01` : range.start })}
              aria-current={range.span === span ? "page" : undefined}
              className={tab(range.span === span)}
            >
              {t(label)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("admin.planner.days")} className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Link to={link({ start: range.previous })} className="text-brand-700 hover:underline">
            ← {t("admin.planner.previous")}
          </Link>
          <Link to={link({ start: data.todayStart })} className="text-sm text-brand-700 underline">
            {t("admin.calendar.today")}
          </Link>
          <Link to={link({ start: range.next })} className="text-brand-700 hover:underline">
            {t("admin.planner.next")} →
          </Link>
        </nav>
        {shops.length > 1 && (
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="start" value={range.start} />
            <input type="hidden" name="span" value={range.span} />
            <label className="flex flex-col text-sm font-medium">
              {t("admin.field.shop")}
              <select name="shop" defaultValue={shop ?? ""} className={adminInputClass}>
                {shops.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {t("admin.planner.show")}
            </button>
          </Form>
        )}
      </div>
      <h2 className="mb-2 text-lg font-semibold">{data.title}</h2>

      {shop === null || planner === null ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">{t("admin.calendar.noBranches")}</p>
      ) : (
        <>
          <FormValues reply={actionData} target="blockUnit" initial={{ unit: data.block ?? "", from: range.days[0], to: range.days[0] }}>
            <BlockForm open={Boolean(data.block) || Boolean(blockReply)} />
          </FormValues>
          <Legend />
          <p id="planner-keys" className="mb-2 text-xs text-slate-700 sm:text-sm">
            {t("admin.planner.keys")}
          </p>
          {planner.wire.rows === "" ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">{t("admin.planner.noUnits")}</p>
          ) : (
            <PlannerGrid data={data} planner={planner} link={link} />
          )}
        </>
      )}
      {footer}
    </AdminPage>
  );
}

function Legend() {
  const { t } = useTranslation();
  const kinds: BarKind[] = ["paid", "held", "picked_up", "returned", "block"];
  return (
    <ul aria-label={t("admin.planner.legend")} className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-800">
      {kinds.map((kind) => {
        const Icon = BAR_ICON[kind];
        return (
          <li key={kind} className="flex items-center gap-1">
            <span
              aria-hidden="true"
              className={`inline-flex h-4 w-6 items-center justify-center rounded-sm border ${BAR_TONE[kind]}`}
              style={kind === "block" ? { background: BLOCK_BACKGROUND } : undefined}
            >
              <Icon className="size-3" />
            </span>
            {t(`admin.planner.kind.${kind}`)}
          </li>
        );
      })}
      <li className="flex items-center gap-1">
        <span
          aria-hidden="true"
          className="inline-block h-4 w-6 rounded-sm border border-slate-400"
          style={{ background: BUFFER_BACKGROUND }}
        />
        {t("admin.planner.buffer")}
      </li>
      <li className="flex items-center gap-1">
        <span aria-hidden="true" className="inline-flex h-4 w-6 items-center justify-center rounded-sm bg-slate-300">
          <Ban className="size-3" />
        </span>
        {t("admin.calendar.closed")}
      </li>
    </ul>
  );
}

function BlockForm({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <details id="planner-block" open={open} className="mb-3 rounded-lg border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">{t("admin.planner.blockTitle")}</summary>
      <Form method="post" className="mt-3">
        <FormStatus />
        <p className="mb-3 text-sm text-slate-700">{t("admin.planner.blockHint")}</p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField name="unit" label={t("admin.planner.blockUnitCode")} required />
          <TextField name="from" type="date" label={t("admin.planner.blockFrom")} required />
          <TextField name="to" type="date" label={t("admin.planner.blockTo")} required />
          <TextField name="note" label={t("admin.planner.blockNote")} />
        </div>
        <button
          type="submit"
          name="intent"
          value="blockUnit"
          className="mt-3 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t("admin.planner.blockButton")}
        </button>
      </Form>
    </details>
  );
}

/** Fills the block form with a unit's code and takes the keyboard there (the row's wrench button). */
function openBlockForm(code: string) {
  const details = document.getElementById("planner-block") as HTMLDetailsElement | null;
  const unit = document.getElementById("field-unit") as HTMLInputElement | null;
  if (!details || !unit) return false;
  details.open = true;
  unit.value = code;
  details.scrollIntoView({ block: "nearest" });
  document.getElementById("field-from")?.focus();
  return true;
}

function PlannerGrid({
  data,
  planner,
  link,
}: {
  data: PlannerData;
  planner: NonNullable<PlannerData["planner"]>;
  link: (change: Record<string, string | null>) => string;
}) {
  const { t } = useTranslation();
  const { range, today } = data;
  const { rows, bars, orders } = useMemo(() => unpackPlanner(planner.wire, range.start), [planner.wire, range.start]);
  const dayCount = range.days.length;
  const columnWidth = COLUMN_WIDTH[range.span];
  const timelineWidth = dayCount * columnWidth;
  const box = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const [visible, setVisible] = useState({ first: 0, last: rows.length <= ALL_ROWS_UP_TO ? rows.length : FIRST_ROWS });
  const [selected, setSelected] = useState<number | null>(data.selected);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [moving, setMoving] = useState<Moving | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const refocus = useRef<number | null>(null);
  const suppressClick = useRef(false);
  const submit = useSubmit();
  const location = useLocation();
  const navigation = useNavigation();

  // A move on its way: its bar shows in the row it goes to until the new data arrives.
  const pending =
    navigation.formData?.get("intent") === "moveReservation"
      ? { id: Number(navigation.formData.get("reservationId")), unitId: Number(navigation.formData.get("unitId")) }
      : null;
  const barsByUnit = useMemo(() => {
    const map = new Map<number, PlannerBar[]>();
    for (const bar of bars) {
      const unitId = pending?.id === bar.id ? pending.unitId : bar.unitId;
      const list = map.get(unitId);
      if (list) list.push(bar);
      else map.set(unitId, [bar]);
    }
    return map;
  }, [bars, pending?.id, pending?.unitId]);
  const rowIndex = useMemo(() => new Map(rows.map((row, i) => [row.key, i])), [rows]);
  const codeLength = useMemo(
    () => rows.reduce((longest, row) => (row.kind === "unit" ? Math.max(longest, row.code.length) : longest), 0),
    [rows],
  );
  const barById = useMemo(() => new Map(bars.map((bar) => [bar.id, bar])), [bars]);
  const unitOf = useMemo(() => new Map(rows.flatMap((row) => (row.kind === "unit" ? [[row.id, row] as const] : []))), [rows]);

  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const top = Math.max(0, element.scrollTop - HEADER_HEIGHT);
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((top + element.clientHeight) / ROW_HEIGHT) + OVERSCAN);
    setVisible((old) => (old.first === first && old.last === last ? old : { first, last }));
  }, [rows.length]);
  useEffect(() => {
    measure();
    const element = box.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    globalThis.addEventListener("resize", onScroll);
    performance.mark("planner:ready");
    return () => {
      element.removeEventListener("scroll", onScroll);
      globalThis.removeEventListener("resize", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [measure]);

  // After a move (or its refusal) the bar's row is re-rendered: the keyboard goes back to the bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when new data arrives
  useEffect(() => {
    const id = refocus.current;
    if (id === null || navigation.state !== "idle") return;
    refocus.current = null;
    const bar = barById.get(id);
    if (bar) scrollToRow(rowIndex.get(`u:${bar.unitId}`) ?? 0);
    requestAnimationFrame(() => box.current?.querySelector<HTMLElement>(`[data-bar="${id}"] a`)?.focus());
  }, [bars, navigation.state]);

  const scrollToRow = (index: number) => {
    const element = box.current;
    if (!element) return;
    const top = index * ROW_HEIGHT;
    const visible = element.clientHeight - HEADER_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + visible) element.scrollTop = top + ROW_HEIGHT - visible;
  };

  const move = (id: number, unitId: number) => {
    refocus.current = id;
    submit(
      { intent: "moveReservation", reservationId: String(id), unitId: String(unitId) },
      { method: "post", action: `${location.pathname}${location.search}`, preventScrollReset: true },
    );
  };

  // ---- keyboard: M to pick a bar up, ↑/↓ to choose the unit, Enter to move it there, Escape to put it back
  const onBarKey = (event: KeyboardEvent, bar: PlannerBar) => {
    if (moving && moving.id === bar.id) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        const index = Math.min(moving.targets.length - 1, Math.max(0, moving.index + step));
        setMoving({ ...moving, index });
        const target = moving.targets[index];
        if (target) scrollToRow(rowIndex.get(target.key) ?? 0);
      } else if (event.key === "Enter") {
        event.preventDefault();
        const target = moving.targets[moving.index];
        setMoving(null);
        if (target) move(bar.id, target.id);
      } else if (event.key === "Escape") {
        event.preventDefault();
        setMoving(null);
      }
      return;
    }
    if ((event.key === "m" || event.key === "M") && !event.ctrlKey && !event.metaKey && !event.altKey && bar.movable) {
      event.preventDefault();
      const targets = moveTargets(rows, bar.unitId);
      setMoving({ id: bar.id, targets, index: 0 });
      if (targets[0]) scrollToRow(rowIndex.get(targets[0].key) ?? 0);
    } else if (event.key === "Escape" && selected !== null) {
      setSelected(null);
    }
  };

  // ---- pointer: drag a bar (a mouse anywhere on it, a finger on its grip) to another unit's row
  const rowAt = (clientY: number): number | null => {
    const element = body.current;
    if (!element) return null;
    const index = Math.floor((clientY - element.getBoundingClientRect().top) / ROW_HEIGHT);
    return index >= 0 && index < rows.length ? index : null;
  };
  const onPointerDown = (event: ReactPointerEvent, bar: PlannerBar) => {
    if (!bar.movable || event.button !== 0) return;
    const onGrip = (event.target as HTMLElement).closest("[data-grip]") !== null;
    if (event.pointerType !== "mouse" && !onGrip) return;
    if (onGrip) event.preventDefault();
    const targets = new Set(moveTargets(rows, bar.unitId).map((row) => row.id));
    const startY = event.clientY;
    let current: Drag = { id: bar.id, unitId: bar.unitId, startY, dy: 0, target: null, active: false };
    const onMove = (e: PointerEvent) => {
      const dy = e.clientY - startY;
      if (!current.active && Math.abs(dy) < 5) return;
      const element = box.current;
      if (element) {
        const edge = element.getBoundingClientRect();
        if (e.clientY < edge.top + HEADER_HEIGHT + 16) element.scrollTop -= 12;
        else if (e.clientY > edge.bottom - 16) element.scrollTop += 12;
      }
      const index = rowAt(e.clientY);
      const row = index === null ? null : rows[index];
      current = { ...current, dy, active: true, target: row?.kind === "unit" && targets.has(row.id) ? row.id : null };
      setDrag(current);
    };
    const finish = (e: PointerEvent) => {
      globalThis.removeEventListener("pointermove", onMove);
      globalThis.removeEventListener("pointerup", finish);
      globalThis.removeEventListener("pointercancel", finish);
      globalThis.removeEventListener("keydown", onEscape);
      setDrag(null);
      if (!current.active) return;
      suppressClick.current = true;
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
      if (e.type === "pointerup" && current.target !== null) move(bar.id, current.target);
    };
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      current = { ...current, active: false };
      finish(new PointerEvent("pointercancel"));
    };
    globalThis.addEventListener("pointermove", onMove);
    globalThis.addEventListener("pointerup", finish);
    globalThis.addEventListener("pointercancel", finish);
    globalThis.addEventListener("keydown", onEscape);
  };

  const onBarClick = (event: React.MouseEvent, bar: PlannerBar) => {
    event.preventDefault();
    if (suppressClick.current) return;
    setSelected(bar.id);
  };

  // The rows to render: those on screen, and the rows of the focused element and of a bar being moved.
  const shown = new Set<number>();
  for (let i = visible.first; i < Math.min(visible.last, rows.length); i++) shown.add(i);
  if (focusRow !== null && focusRow < rows.length) shown.add(focusRow);
  const movingBar = moving ? barById.get(moving.id) : drag ? barById.get(drag.id) : undefined;
  if (movingBar) {
    const at = rowIndex.get(`u:${movingBar.unitId}`);
    if (at !== undefined) shown.add(at);
  }
  const target = moving ? (moving.targets[moving.index]?.id ?? null) : (drag?.target ?? null);
  if (target !== null) shown.add(rowIndex.get(`u:${target}`) ?? 0);
  const closed = new Map(planner.closed.map((c) => [c.day, c.reason]));
  const selectedBar = selected !== null ? barById.get(selected) : undefined;
  const announce = moving
    ? moving.targets.length === 0
      ? t("admin.planner.moveNone")
      : t("admin.planner.moveTo", { code: moving.targets[moving.index]?.code ?? "" })
    : "";

  const dayLabels = data.dayLabels;
  const barLabel = useCallback(
    (bar: PlannerBar) => {
      const order = bar.order !== null ? orders[bar.order] : null;
      const days = t("admin.planner.dayRange", {
        from: dayLabels[bar.firstDay] ?? bar.firstDay,
        to: dayLabels[bar.lastDay] ?? bar.lastDay,
      });
      return order
        ? `${order.name}, ${order.number}, ${t(`admin.planner.kind.${bar.kind}`)}, ${days}`
        : `${t("admin.planner.kind.block")}${bar.note ? `: ${bar.note}` : ""}, ${days}`;
    },
    [orders, dayLabels, t],
  );
  // The rows are memoised: their handlers are read through a ref, so a scroll renders only the rows it adds.
  const handlers = useRef<BarHandlers>(null as unknown as BarHandlers);
  handlers.current = {
    keyDown: onBarKey,
    pointerDown: onPointerDown,
    click: onBarClick,
    blur: (bar) => {
      if (moving?.id === bar.id) setMoving(null);
    },
  };

  return (
    <>
      <p aria-live="assertive" className="sr-only">
        {announce}
      </p>
      <div
        ref={box}
        data-planner
        // Inline-size containment: the box is as wide as the page's column, whatever the width of the days in it.
        // The unit column: at least 7.5rem on a phone (11rem wider), and wide enough for the longest unit code
        // (a monospaced character of text-xs is under 0.5rem; 3rem for the padding and the wrench) — cut to
        // "CI-SKI-00…" at 390 px before.
        className="relative h-[70vh] min-h-80 overflow-auto overscroll-contain rounded-lg border border-slate-300 bg-white [contain:inline-size] [--unit-w:max(7.5rem,calc(var(--code-len)*0.5rem_+_3rem))] sm:[--unit-w:max(11rem,calc(var(--code-len)*0.5rem_+_3rem))]"
        style={{ "--code-len": codeLength } as CSSProperties}
      >
        <div className="relative" style={{ width: `calc(var(--unit-w) + ${timelineWidth}px)` }}>
          {/* Day columns behind every row: closed days shaded, today marked. */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute left-[var(--unit-w)] flex"
            style={{ top: HEADER_HEIGHT, height: rows.length * ROW_HEIGHT }}
          >
            {range.days.map((day) => (
              <div
                key={day}
                className={`h-full shrink-0 border-r ${closed.has(day) ? "bg-slate-200/80" : ""} ${day === today ? "border-x-2 border-x-brand-600 bg-brand-50/60" : "border-slate-100"}`}
                style={{ width: columnWidth }}
              />
            ))}
          </div>
          <table aria-rowcount={rows.length + 1} aria-describedby="planner-keys" className="relative block">
            <caption className="sr-only">{t("admin.planner.caption", { period: data.title })}</caption>
            <thead className="sticky top-0 z-30 block">
              <tr aria-rowindex={1} className="flex border-b border-slate-300 bg-white" style={{ height: HEADER_HEIGHT }}>
                <th
                  scope="col"
                  className="sticky left-0 z-10 flex w-[var(--unit-w)] shrink-0 items-end border-r border-slate-300 bg-white px-2 pb-1 text-left text-xs font-semibold"
                >
                  {t("admin.planner.unit")}
                </th>
                {range.days.map((day) => {
                  const isToday = day === today;
                  const reason = closed.get(day);
                  return (
                    <th
                      scope="col"
                      key={day}
                      aria-current={isToday ? "date" : undefined}
                      title={reason ?? undefined}
                      className={`flex shrink-0 flex-col items-center justify-center border-r border-slate-200 text-xs leading-tight font-normal ${closed.has(day) ? "bg-slate-200" : ""}`}
                      style={{ width: columnWidth }}
                    >
                      <span className="sr-only">
                        {data.dayLabels[day] ?? day}
                        {closed.has(day) ? `, ${t("admin.calendar.closed")}` : ""}
                      </span>
                      <span aria-hidden="true" className="text-slate-700">
                        {data.weekdays[isoWeekday(day) - 1]}
                      </span>
                      <span
                        aria-hidden="true"
                        className={`inline-flex size-6 items-center justify-center rounded-full font-semibold tabular-nums ${isToday ? "bg-brand-700 text-white" : ""}`}
                      >
                        {Number(day.slice(8))}
                      </span>
                      {closed.has(day) && <Ban aria-hidden="true" className="size-3 text-slate-700" />}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody
              ref={body}
              className="relative block"
              style={{ height: rows.length * ROW_HEIGHT }}
              onFocus={(event) => {
                const index = (event.target as HTMLElement).closest<HTMLElement>("[data-row]")?.dataset.row;
                setFocusRow(index === undefined ? null : Number(index));
              }}
            >
              {[...shown]
                .sort((a, b) => a - b)
                .map((index) => {
                  const row = rows[index];
                  if (row.kind !== "unit")
                    return (
                      <tr
                        key={row.key}
                        data-row={index}
                        aria-rowindex={index + 2}
                        className={`absolute left-0 flex w-full items-center border-b border-slate-200 ${row.kind === "category" ? "bg-slate-700 text-white" : "bg-slate-100 text-slate-900"}`}
                        style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
                      >
                        <th
                          scope="rowgroup"
                          colSpan={dayCount + 1}
                          className={`sticky left-0 block truncate px-2 text-left text-sm ${row.kind === "category" ? "font-bold" : "font-semibold"}`}
                          style={{ maxWidth: "min(100%, 90vw)" }}
                        >
                          {row.label}
                          {row.kind === "group" && (
                            <span className="font-normal text-slate-700"> · {t("admin.planner.units", { count: row.count })}</span>
                          )}
                        </th>
                      </tr>
                    );
                  const own = barsByUnit.get(row.id) ?? NO_BARS;
                  const has = (id: number | null | undefined) => id !== null && id !== undefined && own.some((bar) => bar.id === id);
                  const lifted = moving?.id ?? (drag?.active ? drag.id : null);
                  return (
                    <UnitRowView
                      key={row.key}
                      row={row}
                      index={index}
                      bars={own}
                      orders={orders}
                      dayCount={dayCount}
                      timelineWidth={timelineWidth}
                      ghost={target === row.id && movingBar ? movingBar : null}
                      liftedId={has(lifted) ? lifted : null}
                      pendingId={has(pending?.id) ? (pending?.id ?? null) : null}
                      dy={drag?.active && has(drag.id) ? drag.dy : 0}
                      label={barLabel}
                      link={link}
                      handlers={handlers}
                    />
                  );
                })}
            </tbody>
          </table>
        </div>
      </div>
      {selectedBar && (
        <BarPanel
          bar={selectedBar}
          data={data}
          order={selectedBar.order !== null ? orders[selectedBar.order] : null}
          unit={unitOf.get(selectedBar.unitId)?.code ?? ""}
          targets={moveTargets(rows, selectedBar.unitId)}
          closeHref={link({ r: null })}
          onClose={() => {
            const id = selectedBar.id;
            setSelected(null);
            box.current?.querySelector<HTMLElement>(`[data-bar="${id}"] a`)?.focus();
          }}
        />
      )}
    </>
  );
}

type BarHandlers = {
  keyDown: (event: KeyboardEvent, bar: PlannerBar) => void;
  pointerDown: (event: ReactPointerEvent, bar: PlannerBar) => void;
  click: (event: React.MouseEvent, bar: PlannerBar) => void;
  blur: (bar: PlannerBar) => void;
};
const NO_BARS: PlannerBar[] = [];

/** One unit's row: its code (with the button that blocks it) and its bars. */
const UnitRowView = memo(function UnitRowView({
  row,
  index,
  bars,
  orders,
  dayCount,
  timelineWidth,
  ghost,
  liftedId,
  pendingId,
  dy,
  label,
  link,
  handlers,
}: {
  row: UnitRow;
  index: number;
  bars: PlannerBar[];
  orders: PlannerOrder[];
  dayCount: number;
  timelineWidth: number;
  ghost: PlannerBar | null;
  liftedId: number | null;
  pendingId: number | null;
  dy: number;
  label: (bar: PlannerBar) => string;
  link: (change: Record<string, string | null>) => string;
  handlers: { current: BarHandlers };
}) {
  const { t } = useTranslation();
  return (
    <tr
      data-row={index}
      data-unit={row.code}
      aria-rowindex={index + 2}
      // Layout containment: a row added while scrolling is laid out on its own.
      className={`absolute left-0 flex w-full border-b border-slate-200 [contain:layout_style] ${ghost ? "bg-brand-100/70 outline-2 -outline-offset-2 outline-brand-600" : ""}`}
      style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
    >
      <th
        scope="row"
        className="sticky left-0 z-20 flex w-[var(--unit-w)] shrink-0 items-center justify-between gap-1 border-r border-slate-300 bg-white pl-2 text-left text-xs font-normal"
      >
        {/* The code in full (the column is as wide as the longest, see `codeLength`); only the status gives way. */}
        <span className="flex min-w-0 items-baseline">
          <span className="shrink-0 font-mono" data-unit-code>
            {row.code}
          </span>
          {row.status !== "active" && (
            <span className="ml-1 truncate font-sans text-amber-800">({t(`admin.unitStatus.${row.status}`)})</span>
          )}
        </span>
        {/* A plain link (React Router's costs hooks in every row rendered while scrolling); without JavaScript it opens the form. */}
        <a
          href={link({ block: row.code })}
          onClick={(event) => {
            if (openBlockForm(row.code)) event.preventDefault();
          }}
          aria-label={t("admin.planner.blockUnit", { code: row.code })}
          title={t("admin.planner.blockUnit", { code: row.code })}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <Wrench aria-hidden="true" className="size-3.5" />
        </a>
      </th>
      <td colSpan={dayCount} className="relative block shrink-0" style={{ width: timelineWidth }}>
        {bars.map((bar) => (
          <Bar
            key={bar.id}
            bar={bar}
            dayCount={dayCount}
            label={label(bar)}
            order={bar.order !== null ? orders[bar.order] : null}
            href={link({ r: String(bar.id) })}
            lifted={liftedId === bar.id}
            pending={pendingId === bar.id}
            dy={liftedId === bar.id ? dy : 0}
            onKeyDown={(event) => handlers.current.keyDown(event, bar)}
            onPointerDown={(event) => handlers.current.pointerDown(event, bar)}
            onClick={(event) => handlers.current.click(event, bar)}
            onBlur={() => handlers.current.blur(bar)}
          />
        ))}
        {ghost && (
          <div
            aria-hidden="true"
            className="absolute top-1 bottom-1 rounded border-2 border-dashed border-brand-700 bg-white/60"
            style={{ left: `${(ghost.from / dayCount) * 100}%`, width: `${((ghost.to - ghost.from) / dayCount) * 100}%` }}
          />
        )}
      </td>
    </tr>
  );
});

function Bar({
  bar,
  dayCount,
  label,
  order,
  href,
  lifted,
  pending,
  dy,
  onKeyDown,
  onPointerDown,
  onClick,
  onBlur,
}: {
  bar: PlannerBar;
  dayCount: number;
  label: string;
  order: { number: string; name: string; status: string } | null;
  href: string;
  lifted: boolean;
  pending: boolean;
  dy: number;
  onKeyDown: (event: KeyboardEvent) => void;
  onPointerDown: (event: ReactPointerEvent) => void;
  onClick: (event: React.MouseEvent) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const Icon = BAR_ICON[bar.kind];
  const width = bar.to - bar.from;
  const bufferPart = bar.buffer === null || width <= 0 ? 0 : (bar.to - bar.buffer) / width;
  return (
    <div
      data-bar={bar.id}
      data-kind={bar.kind}
      className={`absolute top-1 bottom-1 flex min-w-2 items-center overflow-hidden border text-xs ${BAR_TONE[bar.kind]} ${
        bar.clippedStart ? "rounded-l-none border-l-0" : "rounded-l"
      } ${bar.clippedEnd ? "rounded-r-none border-r-0" : "rounded-r"} ${lifted ? "z-10 shadow-lg ring-2 ring-brand-600" : ""} ${
        pending ? "opacity-60" : ""
      } ${bar.movable ? "cursor-grab" : ""}`}
      style={{
        left: `${(bar.from / dayCount) * 100}%`,
        width: `${(width / dayCount) * 100}%`,
        transform: dy ? `translateY(${dy}px)` : undefined,
        background: bar.kind === "block" ? BLOCK_BACKGROUND : undefined,
      }}
      onPointerDown={onPointerDown}
    >
      {bar.movable && (
        <span data-grip aria-hidden="true" className="flex h-full shrink-0 touch-none items-center px-0.5 leading-none opacity-70">
          ⠿
        </span>
      )}
      <a
        href={href}
        draggable={false}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        aria-label={label}
        title={label}
        aria-keyshortcuts={bar.movable ? "M" : undefined}
        className="flex min-w-0 flex-1 items-center gap-1 self-stretch truncate pr-1 pl-0.5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
      >
        <Icon aria-hidden="true" className="size-3 shrink-0" />
        <span className="max-w-[calc(100%-1rem)] shrink-0 truncate font-medium">
          {order ? order.name : bar.note || t("admin.planner.kind.block")}
        </span>
        {/* The state's words give way to the name when the bar is short: the icon still says it. */}
        <span aria-hidden="true" className="min-w-0 truncate opacity-80">
          · {t(`admin.planner.kind.${bar.kind}`)}
        </span>
      </a>
      {bufferPart > 0 && (
        <span
          aria-hidden="true"
          data-buffer
          className="absolute inset-y-0 right-0 border-l border-slate-500"
          style={{ width: `max(4px, ${bufferPart * 100}%)`, background: BUFFER_BACKGROUND }}
        />
      )}
    </div>
  );
}

/** A bar's details: its order (a link), its days, a form to move it to another unit, and for a block its removal. */
function BarPanel({
  bar,
  data,
  order,
  unit,
  targets,
  closeHref,
  onClose,
}: {
  bar: PlannerBar;
  data: PlannerData;
  order: { id: string; number: string; name: string; status: string } | null;
  unit: string;
  targets: UnitRow[];
  closeHref: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened panel takes the keyboard
  useEffect(() => heading.current?.focus(), [bar.id]);
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="planner-panel-title"
      data-panel={bar.id}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      className="fixed right-4 bottom-4 z-50 w-[min(26rem,calc(100vw-2rem))] rounded-xl border border-slate-300 bg-white p-4 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id="planner-panel-title" ref={heading} tabIndex={-1} className="text-base font-semibold">
          {order ? order.name : t("admin.planner.kind.block")} · <span className="font-mono">{unit}</span>
        </h3>
        <Link
          to={closeHref}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            onClose();
          }}
          aria-label={t("admin.planner.close")}
          className="inline-flex size-8 items-center justify-center rounded hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-800">
        {t("admin.planner.dayRange", {
          from: data.dayLabels[bar.firstDay] ?? bar.firstDay,
          to: data.dayLabels[bar.lastDay] ?? bar.lastDay,
        })}
      </p>
      {order ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <OrderStatusBadge status={order.status} />
          <Link to={href(`/admin/order/${order.id}`)} className="font-medium text-brand-700 underline">
            {t("admin.planner.openOrder", { number: order.number })}
          </Link>
        </p>
      ) : bar.note ? (
        <p className="mt-2 text-sm">{bar.note}</p>
      ) : null}
      {bar.movable ? (
        targets.length > 0 ? (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
            <input type="hidden" name="reservationId" value={bar.id} />
            <label className="flex flex-col text-sm font-medium">
              {t("admin.planner.moveLabel")}
              <select name="unitId" className={adminInputClass}>
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.code}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="submit"
              name="intent"
              value="moveReservation"
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t("admin.planner.moveButton")}
            </button>
          </Form>
        ) : (
          <p className="mt-3 text-sm text-slate-700">{t("admin.planner.moveNone")}</p>
        )
      ) : (
        <p className="mt-3 text-sm text-slate-700">{t("admin.planner.notMovable")}</p>
      )}
      {bar.kind === "block" && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-red-800">{t("admin.planner.removeOpen")}</summary>
          <Form method="post" className="mt-2">
            <input type="hidden" name="reservationId" value={bar.id} />
            <p className="text-sm text-slate-800">{t("admin.planner.removeWarning", { code: unit })}</p>
            <button
              type="submit"
              name="intent"
              value="removeBlock"
              className="mt-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              {t("admin.planner.removeButton")}
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}
