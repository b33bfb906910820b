import { useTranslation } from "react-i18next";
import { CreatePending } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { requireAdmin } from "../../server/auth/session.server";
import type { Route } from "./+types/item-create";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.nav.items");

export default function CreateItem() {
  const { t } = useTranslation();
  return <CreatePending entity={t("admin.entity.item")} back="/admin/items" />;
}
