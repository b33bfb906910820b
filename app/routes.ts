/**
 * The one route table. Every page exists once per language: English without a prefix, the others
 * under /de, /it, /nl, /be, /da (spec §2). Route ids carry the language so one module can serve six paths.
 */
import { index, layout, prefix, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { type Locale, locales } from "./domain/i18n";

type Page = (locale: Locale) => RouteConfigEntry;

const page =
  (path: string | null, file: string, name: string): Page =>
  (locale) =>
    path === null ? index(file, { id: `${locale}:${name}` }) : route(path, file, { id: `${locale}:${name}` });

const sitePages: Page[] = [
  page(null, "routes/site/home.tsx", "home"),
  page("about", "routes/site/about.tsx", "about"),
  page("stores", "routes/site/stores.tsx", "stores"),
  page("shop/:id", "routes/site/shop.tsx", "shop"),
  page("cookies", "routes/site/cookies.tsx", "cookies"),
  page("privacy", "routes/site/privacy.tsx", "privacy"),
  page("impressum", "routes/site/impressum.tsx", "impressum"),
  page("coupon/:id", "routes/site/coupon.tsx", "coupon"),
  page("rental", "routes/booking/rental.tsx", "rental"),
  page("order/:id", "routes/booking/order.tsx", "order"),
  page("login", "routes/account/login.tsx", "login"),
  page("logout", "routes/account/logout.tsx", "logout"),
];

const adminPages: Page[] = [
  page(null, "routes/admin/dashboard.tsx", "admin"),
  page("apps", "routes/admin/apps.tsx", "admin-apps"),
  page("app/create", "routes/admin/app-create.tsx", "admin-app-create"),
  page("app/:id", "routes/admin/app.tsx", "admin-app"),
  page("items", "routes/admin/items.tsx", "admin-items"),
  page("item/create", "routes/admin/item-create.tsx", "admin-item-create"),
  page("item/:id", "routes/admin/item.tsx", "admin-item"),
  page("shops", "routes/admin/shops.tsx", "admin-shops"),
  page("shop/create", "routes/admin/shop-create.tsx", "admin-shop-create"),
  page("shop/:id", "routes/admin/shop.tsx", "admin-shop"),
  page("users", "routes/admin/users.tsx", "admin-users"),
  page("user/:id", "routes/admin/user.tsx", "admin-user"),
  page("orders", "routes/admin/orders.tsx", "admin-orders"),
  page("order/create", "routes/admin/order-create.tsx", "admin-order-create"),
  page("order/:id", "routes/admin/order.tsx", "admin-order"),
  page("coupons", "routes/admin/coupons.tsx", "admin-coupons"),
  page("coupon/create", "routes/admin/coupon-create.tsx", "admin-coupon-create"),
  page("coupon/:id", "routes/admin/coupon.tsx", "admin-coupon"),
  page("categories", "routes/admin/categories.tsx", "admin-categories"),
  page("category/create", "routes/admin/category-create.tsx", "admin-category-create"),
  page("category/:id", "routes/admin/category.tsx", "admin-category"),
  page("calendar", "routes/admin/calendar.tsx", "admin-calendar"),
  page("settings", "routes/admin/settings.tsx", "admin-settings"),
];

const forLocale = (locale: Locale): RouteConfigEntry[] =>
  prefix(locale === "en" ? "" : locale, [
    layout("routes/site/layout.tsx", { id: `${locale}:site` }, [
      ...sitePages.map((p) => p(locale)),
      // Unmatched paths of every language land here: 404 "Page not found: {path}".
      ...(locale === "en" ? [route("*", "routes/site/not-found.tsx", { id: "not-found" })] : []),
    ]),
    route("sitemap.xml", "routes/resources/sitemap.ts", { id: `${locale}:sitemap` }),
    route(
      "admin",
      "routes/admin/layout.tsx",
      { id: `${locale}:admin-layout` },
      adminPages.map((p) => p(locale)),
    ),
  ]);

export default [
  ...locales.flatMap(forLocale),
  route("robots.txt", "routes/resources/robots.ts"),
  route("version.json", "routes/resources/version.ts"),
  route("app/i18n/lang/:file", "routes/resources/messages.ts"),
  route("resources/language", "routes/resources/language.ts"),
  route("resources/consent", "routes/resources/consent.ts"),
  route("resources/season", "routes/resources/season.ts"),
];
