/** The fields of an item, shared by its create and edit screens. */

import { type Locale, pick, type Translated } from "../../domain/i18n";
import { SEASONS, SIZING_KINDS, SKILLS } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";
import { CheckboxField, SelectField, TextField, TranslatedField } from "./form";

export type CategoryOption = { id: string; appId: string; kind: string; name: Partial<Translated> };

export function categoryLabel(category: CategoryOption, locale: Locale, t: (key: string) => string) {
  return `${t(`season.${category.appId}`)} · ${pick(category.name, locale)} (${t(`admin.kind.${category.kind}`)})`;
}

export function ItemFields({ categories, withSlug }: { categories: CategoryOption[]; withSlug?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("admin.items.basics")}</legend>
        {withSlug && <TextField name="slug" label={t("admin.field.slug")} hint={t("admin.items.slugHint")} required />}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="appId"
            label={t("admin.field.season")}
            options={SEASONS.map((id) => ({ value: id, label: t(`season.${id}`) }))}
          />
          <SelectField
            name="categoryId"
            label={t("admin.field.category")}
            placeholder={t("admin.items.chooseCategory")}
            options={categories.map((c) => ({ value: c.id, label: categoryLabel(c, locale, t) }))}
          />
        </div>
        <p className="text-sm text-slate-600">{t("admin.items.categoryHint")}</p>
        <TranslatedField name="name" label={t("admin.field.name")} />
        <TranslatedField name="description" label={t("admin.field.description")} multiline required={false} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("admin.items.fit")}</legend>
        <TextField name="sizes" label={t("admin.field.sizes")} hint={t("admin.items.sizesHint")} multiline />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            name="sizing"
            label={t("admin.items.sizing")}
            options={SIZING_KINDS.map((rule) => ({ value: rule, label: t(`admin.items.sizingRule.${rule}`) }))}
          />
          <SelectField
            name="level"
            label={t("admin.items.level")}
            required={false}
            placeholder={t("admin.items.anyLevel")}
            options={SKILLS.map((level) => ({ value: level, label: t(`booking.skill.${level}`) }))}
          />
          <TextField
            name="maxHeightCm"
            label={t("admin.items.maxHeightCm")}
            type="number"
            inputMode="numeric"
            hint={t("admin.items.noLimitHint")}
          />
          <TextField
            name="maxShoeSize"
            label={t("admin.field.maxShoeSize")}
            type="number"
            inputMode="numeric"
            hint={t("admin.items.noLimitHint")}
          />
        </div>
        <CheckboxField name="local" label={t("admin.field.local")} hint={t("admin.items.localHint")} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("admin.items.money")}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name="vatRate" label={t("admin.items.vatRate")} inputMode="decimal" required />
          <TextField name="price" label={t("admin.field.price")} hint={t("admin.items.priceHint")} inputMode="decimal" />
          <TextField name="deposit" label={t("admin.items.deposit")} inputMode="decimal" />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("admin.items.display")}</legend>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <CheckboxField name="active" label={t("admin.field.active")} hint={t("admin.items.activeHint")} />
          <TextField name="sort" label={t("admin.field.sort")} type="number" inputMode="numeric" required />
        </div>
      </fieldset>
    </div>
  );
}
