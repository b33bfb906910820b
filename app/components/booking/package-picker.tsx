/**
 * The packages at the top of a person's equipment list (decision 030): each with its components in the
 * person's recommended sizes and one price, the package for their level first. A plain form post, so it
 * works without JavaScript like every booking step.
 */
import { Check, Package, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { formatMoney } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import type { PackageEntry } from "../../server/catalog/packages.server";
import { useLocale } from "../use-locale";

export function PackagePicker({ packages, busy }: { packages: PackageEntry[]; busy: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="packages-title" className="mt-6">
      <h2 id="packages-title" className="flex items-center gap-2 text-lg font-semibold">
        <Package aria-hidden="true" className="size-5 text-brand-700" />
        {t("booking.package.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("booking.package.lead")}</p>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packages.map((pkg) => (
          <li
            key={pkg.id}
            data-package={pkg.slug}
            data-state={pkg.state}
            className={`flex flex-col rounded-2xl border p-4 shadow-sm ${pkg.recommended ? "border-brand-700" : "border-slate-200"}`}
          >
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold break-words">{pkg.name}</h3>
              {pkg.state === "added" && (
                <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                  <Check aria-hidden="true" className="mr-0.5 inline size-3" />
                  {t("booking.state.added")}
                </span>
              )}
            </div>
            {pkg.recommended && (
              <p className="mt-1 text-sm text-emerald-800" data-recommended>
                <Check aria-hidden="true" className="mr-1 inline size-4" />
                {t("booking.package.recommended")}
              </p>
            )}
            <p className="mt-1 text-sm text-slate-700">{pkg.description}</p>
            <p className="mt-2 text-sm font-medium">{t("booking.package.includes")}</p>
            <ul className="text-sm text-slate-700">
              {pkg.components.map((c) => (
                <li key={c.itemId} data-component={c.itemId}>
                  {c.name}
                  {c.size ? ` – ${t("booking.equipment.size")} ${c.size}` : ""}
                  {c.missingSize ? (
                    <span data-size-missing className="text-amber-900">
                      {` – ${t("booking.package.sizeMissing", { size: c.missingSize })}`}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-lg font-bold" data-price={pkg.priceCents}>
              {formatMoney(pkg.priceCents, locale)}
              <span className="ml-1 text-sm font-normal text-slate-600">
                {t("booking.equipment.forPeriod")}
                {pkg.childPrice ? ` · ${t("booking.package.childPrice")}` : ""}
              </span>
            </p>
            {pkg.state === "not available" ? (
              <p className="mt-auto pt-3 text-sm text-slate-700">
                {t(pkg.components.some((c) => c.missingSize) ? "booking.package.sizeMissingHint" : "booking.equipment.soldOutHint")}
              </p>
            ) : pkg.state === "added" ? (
              <Form method="post" preventScrollReset className="mt-auto pt-3">
                <input type="hidden" name="packageId" value={pkg.id} />
                <button
                  type="submit"
                  name="intent"
                  value="removePackage"
                  className="inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t("booking.equipment.remove", { item: pkg.name })}
                </button>
              </Form>
            ) : (
              <Form method="post" preventScrollReset className="mt-auto pt-3">
                <input type="hidden" name="packageId" value={pkg.id} />
                <button
                  type="submit"
                  name="intent"
                  value="addPackage"
                  aria-disabled={busy || undefined}
                  className="w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
                >
                  {t("booking.package.choose", { name: pkg.name })}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
