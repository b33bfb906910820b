import {
  Bike,
  Boxes,
  Calendar,
  ChartColumn,
  ClipboardList,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Menu,
  Package,
  Settings,
  Store,
  Tags,
  TicketPercent,
  Users,
  Webhook,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { FindOrder } from "../../components/admin/find-order";
import { useLocalPath } from "../../components/use-locale";
import { zonedDate } from "../../domain/periods";
import { useTranslation } from "../../i18n/react";
import { requireBackOffice } from "../../server/http/back-office-guards.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBackOffice(request);
  return { user: { name: user.name, email: user.email, role: user.role }, today: zonedDate(new Date()) };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** The screens, and whether staff (not only admins) work in them; staff see their own branches only. */
const nav = [
  ["/admin", "dashboard", LayoutDashboard, true],
  ["/admin/orders", "orders", ClipboardList, true],
  ["/admin/calendar", "calendar", Calendar, true],
  ["/admin/reports", "reports", ChartColumn, true],
  ["/admin/items", "items", Package, true],
  ["/admin/categories", "categories", Tags, false],
  ["/admin/packages", "packages", Boxes, false],
  ["/admin/apps", "apps", Bike, false],
  ["/admin/shops", "shops", Store, false],
  ["/admin/coupons", "coupons", TicketPercent, false],
  ["/admin/users", "users", Users, false],
  ["/admin/settings", "settings", Settings, false],
  ["/admin/api-keys", "apiKeys", KeyRound, false],
  ["/admin/webhooks", "webhooks", Webhook, false],
] as const;

/**
 * The admin layout (docs/spec.md §2): a sidebar of every back-office screen. On a phone the sidebar folds
 * behind a menu button, so the screen's own content starts near the top (open, the menu took 445 px). The
 * button is a checkbox's label, so it folds and unfolds without JavaScript; with it, a new screen folds it again.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: folding again is what a new screen means
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <aside className="group border-b border-slate-200 bg-brand-900 text-white md:w-60 md:border-r md:border-b-0" data-admin-menu>
        <div className="flex items-center justify-between gap-3 px-4 py-3 md:py-4">
          <div className="min-w-0">
            <Link to={href("/")} className="font-bold">
              {t("brand.name")}
            </Link>
            <p className="text-xs text-brand-100">{t("admin.backOffice")}</p>
          </div>
          <input
            id="admin-menu-toggle"
            type="checkbox"
            className="sr-only md:hidden"
            checked={menuOpen}
            onChange={(event) => setMenuOpen(event.target.checked)}
            aria-controls="admin-menu"
          />
          <label
            htmlFor="admin-menu-toggle"
            className="flex cursor-pointer items-center gap-2 rounded-md border border-brand-100/60 px-3 py-2 text-sm font-medium group-has-[#admin-menu-toggle:checked]:bg-white group-has-[#admin-menu-toggle:checked]:text-brand-900 group-has-[#admin-menu-toggle:focus-visible]:outline-2 group-has-[#admin-menu-toggle:focus-visible]:outline-white md:hidden"
          >
            <Menu aria-hidden="true" className="size-4" />
            {t("admin.menu")}
          </label>
        </div>
        {/* Folded on a phone unless the menu button is on; always shown from the md breakpoint. */}
        <div id="admin-menu" className="hidden group-has-[#admin-menu-toggle:checked]:block md:block">
          <FindOrder today={loaderData.today} />
          <nav aria-label={t("admin.navigation")} className="flex flex-wrap gap-1 px-2 pb-3 md:flex-col">
            {nav
              .filter(([, , , forStaff]) => forStaff || loaderData.user.role === "admin")
              .map(([path, key, Icon]) => (
                <NavLink
                  key={path}
                  to={href(path)}
                  end={path === "/admin"}
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${isActive ? "bg-white text-brand-900" : "text-white hover:bg-brand-700"}`
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`admin.nav.${key}`)}
                </NavLink>
              ))}
          </nav>
          <div className="border-t border-brand-700 px-4 py-3 text-xs">
            <p className="truncate">{loaderData.user.email}</p>
            <Form method="post" action={href("/logout")} className="mt-2">
              <button type="submit" className="flex items-center gap-1 hover:underline">
                <LogOut aria-hidden="true" className="size-3.5" />
                {t("nav.logout")}
              </button>
            </Form>
          </div>
        </div>
      </aside>
      <main className="flex-1 bg-white">
        <Outlet />
      </main>
    </div>
  );
}
