/**
 * The one route table. Every page exists in six languages (spec §2): English without a prefix, the others
 * under an optional `:lang` segment (/de, /it, /nl, /be, /da) that routes/lang.tsx validates. One optional
 * segment instead of six copies of the table keeps route matching cheap (docs/decisions/001-language-routes.md).
 */
import { index, layout, route } from "@react-router/dev/routes";

export default [
  route(":lang?", "routes/lang.tsx", [
    layout("routes/site/layout.tsx", [
      index("routes/site/home.tsx"),
      route("about", "routes/site/about.tsx"),
      route("stores", "routes/site/stores.tsx"),
      route("shop/:id", "routes/site/shop.tsx"),
      route("cookies", "routes/site/cookies.tsx"),
      route("privacy", "routes/site/privacy.tsx"),
      route("impressum", "routes/site/impressum.tsx"),
      route("coupon/:id", "routes/site/coupon.tsx"),
      route("rental", "routes/booking/rental.tsx"),
      route("order/:id", "routes/booking/order.tsx"),
      route("login", "routes/account/login.tsx"),
      route("logout", "routes/account/logout.tsx"),
    ]),
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("apps", "routes/admin/apps.tsx"),
      route("app/create", "routes/admin/app-create.tsx"),
      route("app/:id", "routes/admin/app.tsx"),
      route("items", "routes/admin/items.tsx"),
      route("item/create", "routes/admin/item-create.tsx"),
      route("item/:id", "routes/admin/item.tsx"),
      route("shops", "routes/admin/shops.tsx"),
      route("shop/create", "routes/admin/shop-create.tsx"),
      route("shop/:id", "routes/admin/shop.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("user/:id", "routes/admin/user.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("order/create", "routes/admin/order-create.tsx"),
      route("order/:id", "routes/admin/order.tsx"),
      route("coupons", "routes/admin/coupons.tsx"),
      route("coupon/create", "routes/admin/coupon-create.tsx"),
      route("coupon/:id", "routes/admin/coupon.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("category/create", "routes/admin/category-create.tsx"),
      route("category/:id", "routes/admin/category.tsx"),
      route("calendar", "routes/admin/calendar.tsx"),
      route("settings", "routes/admin/settings.tsx"),
    ]),
  ]),
  route(":lang?/sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("version.json", "routes/resources/version.ts"),
  route("app/i18n/lang/:file", "routes/resources/messages.ts"),
  route("resources/language", "routes/resources/language.ts"),
  route("resources/consent", "routes/resources/consent.ts"),
  route("resources/season", "routes/resources/season.ts"),
  // Every unmatched path, in every language: 404 "Page not found: {path}".
  route("*", "routes/not-found.tsx"),
];
