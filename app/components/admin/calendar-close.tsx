/** Closing a branch on a day from the calendar: branch, day and the reason customers see, in six languages. */
import { CalendarX } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { SelectField, TextField, TranslatedField } from "./form";

export function CloseDayForm({ shops, open }: { shops: { id: number; name: string }[]; open: boolean }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <details id="close-day" open={open || undefined} className="mb-6 rounded-lg border border-slate-200 p-4">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-brand-800">
        <CalendarX aria-hidden="true" className="size-4" />
        {t("admin.calendar.closeTitle")}
      </summary>
      <Form method="post" noValidate className="mt-4 space-y-4">
        <p className="text-sm text-slate-700">{t("admin.calendar.closeHint")}</p>
        <div className="grid max-w-xl gap-4 sm:grid-cols-2">
          <SelectField name="shopId" label={t("admin.field.shop")} options={shops.map((s) => ({ value: String(s.id), label: s.name }))} />
          <TextField name="day" label={t("admin.calendar.date")} type="date" required />
        </div>
        <TranslatedField name="reason" label={t("admin.calendar.reason")} required={false} />
        <button
          type="submit"
          name="intent"
          value="closeDay"
          aria-disabled={busy || undefined}
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          {t("admin.calendar.closeButton")}
        </button>
      </Form>
    </details>
  );
}
