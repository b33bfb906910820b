/** The fields of a category, shared by its create and edit screens. */

import { APP_IDS, ITEM_KINDS } from "../../domain/admin/category";
import { useTranslation } from "../../i18n/react";
import { SelectField, TextField, TranslatedField } from "./form";

export function CategoryFields({
  values,
  errors,
  withId,
}: {
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  withId?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {withId && <TextField name="id" label={t("admin.field.id")} hint={t("admin.form.idHint")} values={values} errors={errors} required />}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          name="appId"
          label={t("admin.field.season")}
          values={values}
          errors={errors}
          options={APP_IDS.map((id) => ({ value: id, label: t(`season.${id}`) }))}
        />
        <SelectField
          name="kind"
          label={t("admin.field.kind")}
          values={values}
          errors={errors}
          options={ITEM_KINDS.map((kind) => ({ value: kind, label: t(`admin.kind.${kind}`) }))}
        />
        <TextField name="sort" label={t("admin.field.sort")} type="number" inputMode="numeric" values={values} errors={errors} required />
      </div>
      <TranslatedField name="name" label={t("admin.field.name")} values={values} errors={errors} />
      <TranslatedField name="description" label={t("admin.field.description")} values={values} errors={errors} multiline required={false} />
    </div>
  );
}
