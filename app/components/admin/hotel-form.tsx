/** The fields of a partner hotel, shared by its create and edit screens. */
import { Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/react";
import { CheckboxField, TextField } from "./form";

export function HotelFields() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label={t("admin.field.name")} required />
        <TextField name="town" label={t("admin.field.town")} required />
        <TextField name="street" label={t("admin.hotels.street")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="discountPercent"
          label={t("admin.hotels.discount")}
          hint={t("admin.hotels.discountHint")}
          inputMode="numeric"
          required
        />
        <TextField
          name="commissionPercent"
          label={t("admin.hotels.commission")}
          hint={t("admin.hotels.commissionHint")}
          inputMode="numeric"
          required
        />
      </div>
      <CheckboxField name="active" label={t("admin.field.active")} hint={t("admin.hotels.activeHint")} />
    </div>
  );
}

/**
 * Deleting a hotel, with the same confirmation step as every record; while orders name the hotel it says
 * so and offers to deactivate it instead (which hides it from the checkout and keeps its report).
 */
export function HotelDelete({ name, orders, active }: { name: string; orders: number; active: boolean }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const button = "rounded-md px-4 py-2 font-semibold text-white";
  return (
    <details className="mt-10 rounded-lg border border-red-200 bg-red-50/40 p-4">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-red-800">
        <Trash2 aria-hidden="true" className="size-4" />
        {t("admin.delete.open", { name })}
      </summary>
      {orders > 0 ? (
        <div className="mt-3 space-y-3">
          <p className="text-slate-800">{t("admin.hotels.deleteBlocked", { count: orders })}</p>
          {active ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="deactivate"
                aria-disabled={busy || undefined}
                className={`${button} bg-brand-700 hover:bg-brand-800`}
              >
                {t("admin.hotels.deactivate", { name })}
              </button>
            </Form>
          ) : (
            <p className="text-slate-800">{t("admin.hotels.inactive")}</p>
          )}
        </div>
      ) : (
        <Form method="post" className="mt-3 space-y-3">
          <p className="text-slate-800">{t("admin.delete.warning", { name })}</p>
          <button
            type="submit"
            name="intent"
            value="delete"
            aria-disabled={busy || undefined}
            className={`${button} bg-red-700 hover:bg-red-800`}
          >
            {t("admin.delete.confirm", { name })}
          </button>
        </Form>
      )}
    </details>
  );
}
