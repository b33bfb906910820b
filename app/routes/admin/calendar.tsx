import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { AdminPage, DataTable, Section } from "../../components/admin/ui";
import { formatDate } from "../../components/format";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { adminCalendar } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/calendar";

const query = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
});

function shiftMonth(month: string, by: number) {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { month = new Date().toISOString().slice(0, 7) } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const from = new Date(`${month}-01T00:00:00Z`);
  const to = new Date(`${shiftMonth(month, 1)}-01T00:00:00Z`);
  return { month, ...(await adminCalendar(from, to)) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.calendar");

/** Pickups, returns and closed days of one month. */
export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { month, orders, closed } = loaderData;
  type Row = (typeof orders)[number];
  const when = (d: Date | string) => formatDate(d, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <AdminPage title={t("admin.nav.calendar")}>
      <nav aria-label={t("admin.calendar.months")} className="mb-4 flex items-center gap-4">
        <Link to={`?month=${shiftMonth(month, -1)}`} className="text-brand-700 hover:underline">
          ← {t("admin.previous")}
        </Link>
        <span className="font-semibold">{formatDate(`${month}-15`, locale, { month: "long", year: "numeric" })}</span>
        <Link to={`?month=${shiftMonth(month, 1)}`} className="text-brand-700 hover:underline">
          {t("admin.next")} →
        </Link>
      </nav>
      <DataTable<Row>
        rows={orders}
        rowHref={(o) => `/admin/order/${o.id}`}
        empty={t("admin.calendar.empty")}
        columns={[
          { key: "number", label: t("admin.field.number"), cell: (o) => o.number },
          { key: "name", label: t("admin.field.customer"), cell: (o) => o.name },
          { key: "shop", label: t("admin.field.shop"), cell: (o) => o.shop },
          { key: "pickup", label: t("order.pickup"), cell: (o) => when(o.pickupAt) },
          { key: "return", label: t("order.return"), cell: (o) => when(o.returnAt) },
        ]}
      />
      <Section title={t("admin.shop.closedDays")}>
        {closed.length === 0 ? (
          <p className="text-slate-600">{t("admin.empty")}</p>
        ) : (
          <ul className="text-sm">
            {closed.map((c) => (
              <li key={`${c.shop}-${c.day}`}>
                {formatDate(c.day, locale)} · {c.shop}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </AdminPage>
  );
}
