/** The fields of a category, shared by its create and edit screens. */

import { ITEM_KINDS, SEASONS } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { SelectField, TextField, TranslatedField } from "./form";

export function CategoryFields({ withId }: { withId?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {withId && <TextField name="id" label={t("admin.field.id")} hint={t("admin.form.idHint")} required />}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          name="appId"
          label={t("admin.field.season")}
          options={SEASONS.map((id) => ({ value: id, label: t(`season.${id}`) }))}
        />
        <SelectField
          name="kind"
          label={t("admin.field.kind")}
          options={ITEM_KINDS.map((kind) => ({ value: kind, label: t(`admin.kind.${kind}`) }))}
        />
        <TextField name="sort" label={t("admin.field.sort")} type="number" inputMode="numeric" required />
      </div>
      <TranslatedField name="name" label={t("admin.field.name")} />
      <TranslatedField name="description" label={t("admin.field.description")} multiline required={false} />
    </div>
  );
}
