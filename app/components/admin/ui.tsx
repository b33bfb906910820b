import { Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { OrderStatus } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { useLocalPath } from "../use-locale";

export function AdminPage({ title, create, back, children }: { title: string; create?: string; back?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const [params] = useSearchParams();
  return (
    <div className="p-4 sm:p-8">
      {back && (
        <Link to={href(back)} className="text-sm font-medium text-brand-700 hover:underline">
          ← {t("admin.backToList")}
        </Link>
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {create && (
          <Link
            to={href(create)}
            className="flex items-center gap-1 rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("admin.create")}
          </Link>
        )}
      </div>
      {params.get("deleted") === "1" && (
        <p role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          {t("admin.delete.done")}
        </p>
      )}
      <div className="mt-6">{children}</div>
    </div>
  );
}

export type Column<T> = { key: string; label: string; cell: (row: T) => React.ReactNode };

/** A list of records; the first column links to the record. */
export function DataTable<T>({
  rows,
  columns,
  rowHref,
  empty,
}: {
  rows: T[];
  columns: Column<T>[];
  rowHref?: (row: T) => string;
  empty: string;
}) {
  const href = useLocalPath();
  if (rows.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-3 py-2 font-semibold">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no common id field
            <tr key={i} className="hover:bg-slate-50">
              {columns.map((c, j) => (
                <td key={c.key} className="px-3 py-2 align-top">
                  {j === 0 && rowHref ? (
                    <Link to={href(rowHref(row))} className="font-medium text-brand-700 hover:underline">
                      {c.cell(row)}
                    </Link>
                  ) : (
                    c.cell(row)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The fields of one record as a definition list. */
export function Fields({ fields }: { fields: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-4 sm:grid-cols-[12rem_1fr]">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words">{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t("admin.yes") : t("admin.no")}</>;
}

/** Each status its own colour, dark text on a light ground (at least 7:1); the words are always there too. */
const STATUS_TONE: Record<OrderStatus, string> = {
  pending_payment: "border-amber-300 bg-amber-50 text-amber-900",
  paid: "border-emerald-300 bg-emerald-50 text-emerald-900",
  picked_up: "border-sky-300 bg-sky-50 text-sky-900",
  returned: "border-slate-300 bg-slate-100 text-slate-800",
  cancelled: "border-rose-300 bg-rose-50 text-rose-900",
  expired: "border-zinc-300 bg-zinc-100 text-zinc-800",
  refunded: "border-violet-300 bg-violet-50 text-violet-900",
};

/** An order's status as a coloured badge with its name, wherever the back office shows one. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = STATUS_TONE[status as OrderStatus] ?? STATUS_TONE.returned;
  return (
    <span data-status={status} className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {t(`order.status.${status}`)}
    </span>
  );
}
