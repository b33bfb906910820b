import { z } from "zod";
import { ListTable, ListToolbar } from "../../components/admin/list";
import { AdminPage, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { listQuery } from "../../domain/admin/list";
import { formatDate } from "../../domain/format";
import { ROLES, roleSchema } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { listUsers } from "../../server/admin/users.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readQuery } from "../../server/http/query.server";
import type { Route } from "./+types/users";

const query = listQuery(["email", "name", "created"], {
  role: roleSchema.optional().catch(undefined),
  active: z.enum(["yes", "no"]).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listUsers(readQuery(request, query));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.users");

/** Users sign up themselves or at checkout; there is no create screen (docs/spec.md §2). */
export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  type Row = (typeof loaderData.rows)[number];
  return (
    <AdminPage title={t("admin.nav.users")}>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("admin.users.intro")}</p>
      <ListToolbar
        searchLabel={t("admin.users.search")}
        filters={[
          { name: "role", label: t("admin.field.role"), options: ROLES.map((role) => ({ value: role, label: t(`admin.role.${role}`) })) },
          {
            name: "active",
            label: t("admin.field.active"),
            options: [
              { value: "yes", label: t("admin.yes") },
              { value: "no", label: t("admin.no") },
            ],
          },
        ]}
      />
      <div className="mt-4">
        <ListTable<Row>
          page={loaderData}
          rowKey={(u) => u.id}
          rowHref={(u) => `/admin/user/${u.id}`}
          empty={{ text: t("admin.users.empty") }}
          columns={[
            { key: "email", label: t("admin.field.email"), sort: "email", cell: (u) => u.email },
            { key: "name", label: t("admin.field.name"), sort: "name", cell: (u) => u.name || "—" },
            { key: "role", label: t("admin.field.role"), cell: (u) => t(`admin.role.${u.role}`) },
            { key: "active", label: t("admin.field.active"), cell: (u) => <YesNo value={u.active} /> },
            { key: "orders", label: t("admin.nav.orders"), align: "right", cell: (u) => u.orders },
            {
              key: "created",
              label: t("admin.users.since"),
              sort: "created",
              cell: (u) => formatDate(u.createdAt, locale, { dateStyle: "medium" }),
            },
          ]}
        />
      </div>
    </AdminPage>
  );
}
