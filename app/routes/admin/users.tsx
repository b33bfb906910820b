import { useTranslation } from "react-i18next";
import { AdminPage, DataTable, YesNo } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { adminListUsers } from "../../server/admin/records.server";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { users: await adminListUsers() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.users");

/** Users sign up themselves or at checkout; there is no create screen (spec §2). */
export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  type Row = (typeof loaderData.users)[number];
  return (
    <AdminPage title={t("admin.nav.users")}>
      <DataTable<Row>
        rows={loaderData.users}
        rowHref={(u) => `/admin/user/${u.id}`}
        empty={t("admin.empty")}
        columns={[
          { key: "email", label: t("admin.field.email"), cell: (u) => u.email },
          { key: "name", label: t("admin.field.name"), cell: (u) => u.name },
          { key: "role", label: t("admin.field.role"), cell: (u) => t(`admin.role.${u.role}`) },
          { key: "active", label: t("admin.field.active"), cell: (u) => <YesNo value={u.active} /> },
        ]}
      />
    </AdminPage>
  );
}
