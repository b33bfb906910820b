/** The fields of a coupon, shared by its create and edit screens. */

import { pick } from "../../domain/i18n";
import { COUPON_KINDS } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";
import { CheckboxField, CheckboxGroup, DateField, SelectField, TextField, TranslatedField } from "./form";

export type ScopeChoices = {
  storefronts: { id: string; name: Record<string, string> }[];
  categories: { id: string; name: Record<string, string>; appId: string }[];
};

export function CouponFields({
  choices,
  codeLocked,
}: {
  choices: ScopeChoices;
  /** A used coupon keeps its code: its orders and invoices name it. */
  codeLocked?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="code"
          label={t("admin.field.code")}
          hint={t(codeLocked ? "admin.coupons.codeLockedHint" : "admin.coupons.codeHint")}
          autoComplete="off"
          required
        />
        <SelectField
          name="kind"
          label={t("admin.field.kind")}
          options={COUPON_KINDS.map((kind) => ({ value: kind, label: t(`admin.coupons.kind.${kind}`) }))}
        />
        <TextField name="value" label={t("admin.field.value")} hint={t("admin.coupons.valueHint")} inputMode="decimal" required />
      </div>
      <TranslatedField name="description" label={t("admin.field.description")} multiline />
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold">{t("admin.coupons.rules")}</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <DateField name="validFrom" label={t("admin.field.validFrom")} required={false} />
          <DateField name="validUntil" label={t("admin.field.validUntil")} required={false} />
          <TextField name="minOrder" label={t("admin.coupons.minOrderEuros")} hint={t("admin.coupons.minOrderHint")} inputMode="decimal" />
          <TextField
            name="maxUses"
            label={t("admin.coupons.maxUses")}
            hint={t("admin.coupons.unlimitedHint")}
            type="number"
            inputMode="numeric"
          />
          <TextField
            name="maxUsesPerCustomer"
            label={t("admin.coupons.maxUsesPerCustomer")}
            hint={t("admin.coupons.unlimitedHint")}
            type="number"
            inputMode="numeric"
          />
        </div>
      </fieldset>
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
        <CheckboxGroup
          name="appIds"
          legend={t("admin.coupons.scopeApps")}
          hint={t("admin.coupons.scopeAllHint")}
          columns={1}
          options={choices.storefronts.map((storefront) => ({ value: storefront.id, label: pick(storefront.name, locale) }))}
        />
        <CheckboxGroup
          name="categoryIds"
          legend={t("admin.coupons.scopeCategories")}
          hint={t("admin.coupons.scopeAllHint")}
          options={choices.categories.map((category) => ({
            value: category.id,
            label: pick(category.name, locale),
            note: t(`season.${category.appId}`),
          }))}
        />
      </div>
      <CheckboxField name="public" label={t("admin.field.public")} hint={t("admin.coupons.publicHint")} />
      <CheckboxField name="active" label={t("admin.field.active")} hint={t("admin.coupons.activeHint")} />
    </div>
  );
}
