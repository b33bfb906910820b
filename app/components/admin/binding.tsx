/**
 * Binding release settings on the order page (decision 043): what the ISO 11088 table gives for a ski line
 * before hand-out, with the fields the clerk may fill in, and what the line was set to once handed out.
 */
import type { BindingSetting, LineBinding, SkiLineBinding } from "../../domain/counter/binding";
import { formatDecimal, formatList } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";
import { TextField } from "./form";

/** "6.5 · skier code L · sole 305 mm", or why the table gives none ("set at the counter: age missing"). */
function useSettingText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (setting: BindingSetting, soleLengthMm: number | null) => {
    if (setting.ok)
      return t("admin.orders.binding.fromTable", {
        value: formatDecimal(setting.value.value, locale),
        code: setting.value.code,
        sole: soleLengthMm ?? "—",
        twist: setting.value.twistNm,
        forward: setting.value.forwardLeanNm,
      });
    if (setting.reason === "outsideTable") return t("admin.orders.binding.outsideTable");
    const fields = setting.missing.map((field) => t(`admin.orders.binding.fields.${field}`));
    return t("admin.orders.binding.missing", { fields: formatList(fields, locale) });
  };
}

/** Under a ski line's code field at hand-out: the table's value and the clerk's two optional fields. */
export function BindingFields({ binding }: { binding: SkiLineBinding }) {
  const { t } = useTranslation();
  const text = useSettingText();
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3" data-binding={binding.lineId}>
      <p className="text-sm">
        <span className="font-semibold">{t("admin.orders.binding.title")}: </span>
        <span data-binding-value>{text(binding.setting, binding.soleLengthMm)}</span>
      </p>
      {binding.soleFrom === "size" && <p className="mt-1 text-xs text-slate-600">{t("admin.orders.binding.soleFromSize")}</p>}
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <TextField
          name={`binding.${binding.lineId}.soleLengthMm`}
          label={t("admin.orders.binding.soleLength")}
          hint={t("admin.orders.binding.soleLengthHint")}
          inputMode="numeric"
        />
        <TextField
          name={`binding.${binding.lineId}.value`}
          label={t("admin.orders.binding.value")}
          hint={t(binding.setting.ok ? "admin.orders.binding.valueHint" : "admin.orders.binding.valueNeeded")}
          inputMode="decimal"
        />
      </div>
    </div>
  );
}

/** Beside a handed-out ski line: the value it was set to and whether it is the table's or the clerk's. */
export function BindingSet({ binding }: { binding: LineBinding | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!binding)
    return (
      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900" data-binding-set="">
        {t("admin.orders.binding.setAtCounter")}
      </span>
    );
  return (
    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800" data-binding-set={binding.value}>
      {t(binding.setBy === "table" ? "admin.orders.binding.setFromTable" : "admin.orders.binding.setByClerk", {
        value: formatDecimal(binding.value, locale),
        code: binding.code ?? "—",
        sole: binding.soleLengthMm ?? "—",
      })}
    </span>
  );
}
