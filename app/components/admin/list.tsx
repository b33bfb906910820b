/**
 * The back office's list screen: a search box and filters (a GET form, so it works without JavaScript),
 * sortable column headers, pagination, and an empty state that says why the list is empty and what to do.
 * Everything lives in the URL; the loader parses it with `listQuery` (app/domain/admin/list.ts).
 */
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from "lucide-react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import type { Page } from "../../domain/admin/list";
import { useTranslation } from "../../i18n/react";
import { useLocalPath } from "../use-locale";

export type ListColumn<Row> = {
  key: string;
  label: string;
  /** The `sort` value this column sorts by, if it can. */
  sort?: string;
  cell: (row: Row) => React.ReactNode;
  align?: "right";
};

export type ListFilter = { name: string; label: string; options: { value: string; label: string }[] };

const inputClass =
  "rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

function useQueryLink() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}

/** `children` adds the list's own inputs (date ranges ...) to the same GET form. */
export function ListToolbar({
  filters = [],
  searchLabel,
  children,
}: {
  filters?: ListFilter[];
  searchLabel: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const searching = useNavigation().state === "loading";
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      {/* Sorting survives a new search; the page does not. */}
      {params.get("sort") && <input type="hidden" name="sort" value={params.get("sort") ?? ""} />}
      {params.get("dir") && <input type="hidden" name="dir" value={params.get("dir") ?? ""} />}
      <label className="flex flex-col gap-1 text-sm font-medium">
        {searchLabel}
        <span className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500" />
          <input type="search" name="q" defaultValue={params.get("q") ?? ""} className={`${inputClass} w-64 pl-8`} />
        </span>
      </label>
      {filters.map((filter) => (
        <label key={filter.name} className="flex flex-col gap-1 text-sm font-medium">
          {filter.label}
          <select name={filter.name} defaultValue={params.get(filter.name) ?? ""} className={inputClass}>
            <option value="">{t("admin.list.all")}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {children}
      <button
        type="submit"
        aria-disabled={searching || undefined}
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("admin.list.apply")}
      </button>
    </Form>
  );
}

function SortHeader<Row>({ column }: { column: ListColumn<Row> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = useQueryLink();
  if (!column.sort) return <>{column.label}</>;
  const active = params.get("sort") === column.sort;
  const dir = active ? (params.get("dir") ?? "asc") : null;
  const Icon = dir === "asc" ? ArrowUp : dir === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Link
      to={link({ sort: column.sort, dir: dir === "asc" ? "desc" : "asc", page: null })}
      className="inline-flex items-center gap-1 hover:underline"
      aria-label={t("admin.list.sortBy", { column: column.label })}
    >
      {column.label}
      <Icon aria-hidden="true" className={`size-3.5 ${active ? "" : "text-slate-400"}`} />
    </Link>
  );
}

/** The table of a list with its pagination, or the empty state. */
export function ListTable<Row>({
  page,
  columns,
  rowKey,
  rowHref,
  empty,
}: {
  page: Page<Row>;
  columns: ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowHref?: (row: Row) => string;
  /** What an empty list says, and what to do, when nothing was searched or filtered. */
  empty: { text: string; action?: { label: string; to: string } };
}) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const link = useQueryLink();
  const narrowed = [...params.keys()].some((key) => key !== "sort" && key !== "dir" && key !== "page" && params.get(key));
  const [sort, dir] = [params.get("sort"), params.get("dir") ?? "asc"];
  if (page.rows.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700" data-empty>
        {narrowed ? (
          <>
            <p>{t("admin.list.noMatch")}</p>
            <Link to={pathname} className="mt-2 inline-block font-medium text-brand-700 underline">
              {t("admin.list.clear")}
            </Link>
          </>
        ) : (
          <>
            <p>{empty.text}</p>
            {empty.action && (
              <Link
                to={href(empty.action.to)}
                className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {empty.action.label}
              </Link>
            )}
          </>
        )}
      </div>
    );
  }
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${column.align === "right" ? "text-right" : ""}`}
                  aria-sort={column.sort && column.sort === sort ? (dir === "desc" ? "descending" : "ascending") : undefined}
                >
                  <SortHeader column={column} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {page.rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50">
                {columns.map((column, i) => (
                  <td key={column.key} className={`px-3 py-2 align-top ${column.align === "right" ? "text-right tabular-nums" : ""}`}>
                    {i === 0 && rowHref ? (
                      <Link to={href(rowHref(row))} className="font-medium text-brand-700 hover:underline">
                        {column.cell(row)}
                      </Link>
                    ) : (
                      column.cell(row)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t("admin.pagination")} className="mt-4 flex flex-wrap items-center gap-4 text-sm">
        <span>{t("admin.pageOf", { page: page.page, pages: page.pages, total: page.total })}</span>
        {page.page > 1 && (
          <Link to={link({ page: String(page.page - 1) })} className="font-medium text-brand-700 underline">
            {t("admin.previous")}
          </Link>
        )}
        {page.page < page.pages && (
          <Link to={link({ page: String(page.page + 1) })} className="font-medium text-brand-700 underline">
            {t("admin.next")}
          </Link>
        )}
      </nav>
    </>
  );
}
