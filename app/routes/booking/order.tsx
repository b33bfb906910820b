import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formatDate, formatMoney } from "../../components/format";
import { pageMeta } from "../../components/meta";
import { useLocale } from "../../components/use-locale";
import { notFound, param } from "../../server/http/errors.server";
import { getOrderByToken } from "../../server/orders/orders.server";
import type { Route } from "./+types/order";

const token = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getOrderByToken(param(token, params.id));
  if (!found) notFound();
  const { order, shop, persons, lines } = found;
  return {
    order: {
      number: order.number,
      status: order.status,
      pickupAt: order.pickupAt.toISOString(),
      returnAt: order.returnAt.toISOString(),
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      discountCents: order.discountCents,
    },
    shop: { name: shop.name, street: shop.street, postalCode: shop.postalCode, town: shop.town, phone: shop.phone },
    persons: persons.map((p) => ({ id: p.id, name: [p.firstName, p.lastName].filter(Boolean).join(" ") })),
    lines: lines.map((l) => ({
      id: l.id,
      personId: l.personId,
      name: l.name,
      size: l.size,
      quantity: l.quantity,
      totalCents: l.totalCents,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, "order", { number: loaderData?.order.number ?? "" }),
  { name: "robots", content: "noindex" },
];

/** The order confirmation behind its unguessable link. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, shop, persons, lines } = loaderData;
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "full", timeStyle: "short" });
  const groups = [
    ...persons.map((p) => ({ key: String(p.id), title: p.name, lines: lines.filter((l) => l.personId === p.id) })),
    { key: "other", title: t("order.other"), lines: lines.filter((l) => l.personId === null) },
  ].filter((g) => g.lines.length > 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{t("order.thanks")}</h1>
      <p className="mt-2 text-slate-700">
        {t("order.number")}: <strong>{order.number}</strong> · {t("order.statusLabel")}:{" "}
        <strong>{t(`order.status.${order.status}`)}</strong>
      </p>
      <dl className="mt-6 grid gap-4 rounded-xl bg-slate-50 p-5 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">{t("order.branch")}</dt>
          <dd className="font-medium">
            {shop.name}
            <br />
            <span className="text-sm font-normal">
              {shop.street}, {shop.postalCode} {shop.town}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("order.pickup")}</dt>
          <dd className="font-medium">{when(order.pickupAt)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t("order.return")}</dt>
          <dd className="font-medium">{when(order.returnAt)}</dd>
        </div>
      </dl>
      {groups.map((group) => (
        <section key={group.key} className="mt-6">
          <h2 className="text-lg font-semibold">{group.title}</h2>
          <ul className="mt-2 divide-y divide-slate-200">
            {group.lines.map((line) => (
              <li key={line.id} className="flex justify-between py-2">
                <span>
                  {line.quantity > 1 ? `${line.quantity} × ` : ""}
                  {line.name}
                  {line.size ? ` (${line.size})` : ""}
                </span>
                <span>{formatMoney(line.totalCents, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <dl className="mt-6 space-y-1 border-t border-slate-300 pt-4">
        {order.discountCents > 0 && (
          <div className="flex justify-between">
            <dt>{t("order.discounts")}</dt>
            <dd>−{formatMoney(order.discountCents, locale)}</dd>
          </div>
        )}
        <div className="flex justify-between text-sm text-slate-600">
          <dt>{t("order.vat")}</dt>
          <dd>{formatMoney(order.vatCents, locale)}</dd>
        </div>
        <div className="flex justify-between text-lg font-bold">
          <dt>{t("order.total")}</dt>
          <dd>{formatMoney(order.totalCents, locale)}</dd>
        </div>
      </dl>
    </div>
  );
}
