/** The fields of a package (decision 030): texts, level, order, active, and the adults' and children's prices. */
import { SKILLS } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { CheckboxField, SelectField, TextField, TranslatedField } from "./form";

export function PackageFields() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          name="level"
          label={t("admin.packages.level")}
          options={SKILLS.map((skill) => ({ value: skill, label: t(`booking.skill.${skill}`) }))}
        />
        <TextField name="sort" label={t("admin.field.sort")} type="number" inputMode="numeric" required />
        <CheckboxField name="active" label={t("admin.field.active")} />
      </div>
      <TranslatedField name="name" label={t("admin.field.name")} />
      <TranslatedField name="description" label={t("admin.field.description")} multiline />
      <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
        <TextField name="dayPrices" label={t("admin.packages.dayPrices")} hint={t("admin.packages.dayPricesHint")} required />
        <TextField name="extraDay" label={t("admin.packages.extraDay")} inputMode="decimal" required />
        <TextField name="childDayPrices" label={t("admin.packages.childDayPrices")} hint={t("admin.packages.dayPricesHint")} required />
        <TextField name="childExtraDay" label={t("admin.packages.childExtraDay")} inputMode="decimal" required />
      </div>
    </div>
  );
}
