/**
 * Who may open which back-office screen. Every admin loader and action starts with one of these guards,
 * on the server (docs/architecture.md §4, issue 5). They answer HTTP (a redirect, a 403), so they live in
 * the HTTP layer; what services need of the user is in app/server/auth/back-office.server.ts.
 *
 * - anonymous visitors are sent to /login and come back after signing in;
 * - customers get 403;
 * - staff reach the daily work (dashboard, orders, calendar, their branches' units) for their own
 *   branches only: `scope.shopIds` lists them, and every query of such a screen is filtered by it;
 * - admins reach everything (`scope.shopIds` is null: all branches);
 * - when the setting requireStaffTotp is on, staff and admins without two-factor sign-in are sent to
 *   set it up on their account page first.
 */
import { redirect } from "react-router";
import { localizePath, splitLocale } from "../../domain/i18n";
import { asBackOfficeUser, type BackOfficeUser, worksAt } from "../auth/back-office.server";
import { getSessionUser } from "../auth/session.server";
import { getSettings } from "../settings/settings.server";
import { forbidden } from "./results.server";

export { type BackOfficeUser, worksAt };

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  return `${localizePath("/login", locale)}?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The account page's two-factor setup, in the request's language. */
function totpSetupUrl(request: Request): string {
  const { locale } = splitLocale(new URL(request.url).pathname);
  return `${localizePath("/account", locale)}?totp=required`;
}

/** Staff or admin; anything else is sent to the login (anonymous) or refused (customers). */
export async function requireBackOffice(request: Request): Promise<BackOfficeUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(loginUrl(request));
  if (user.role !== "staff" && user.role !== "admin") forbidden();
  // The shop asks a second factor of everyone in the back office: set it up first (decision 016).
  if (!user.totpEnabled && (await getSettings()).requireStaffTotp) throw redirect(totpSetupUrl(request));
  return (await asBackOfficeUser(user)) ?? forbidden();
}

/** Admins only: catalogue, branches, users, coupons, categories, storefronts and settings. */
export async function requireAdmin(request: Request): Promise<BackOfficeUser> {
  const user = await requireBackOffice(request);
  if (user.role !== "admin") forbidden();
  return user;
}

/** Refuses a record of a branch the user does not work for. */
export function requireBranch(user: BackOfficeUser, shopId: number): void {
  if (!worksAt(user, shopId)) forbidden();
}
