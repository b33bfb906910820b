/** The fields of a webhook endpoint, shared by its create and edit screens; the URL is set once, at creation. */
import { WEBHOOK_EVENTS, type WebhookEvent } from "../../domain/integrations";
import { useTranslation } from "../../i18n/react";
import { CheckboxField, CheckboxGroup, TextField } from "./form";

/** "order.picked_up" → "picked_up", the event's name under `admin.webhooks.eventNames`. */
export const eventKey = (event: string) => `admin.webhooks.eventNames.${event.replace(/^order\./, "")}`;

export function WebhookFields({ withUrl }: { withUrl: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {withUrl && <TextField name="url" label={t("admin.webhooks.url")} hint={t("admin.webhooks.urlHint")} type="url" required />}
      <TextField name="description" label={t("admin.field.description")} />
      <CheckboxGroup
        name="events"
        legend={t("admin.webhooks.events")}
        hint={t("admin.webhooks.eventsHint")}
        options={WEBHOOK_EVENTS.map((event: WebhookEvent) => ({ value: event, label: t(eventKey(event)), note: event }))}
      />
      <CheckboxField name="active" label={t("admin.field.active")} hint={t("admin.webhooks.activeHint")} />
    </div>
  );
}

const STATUS_TONE: Record<string, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  delivered: "border-emerald-300 bg-emerald-50 text-emerald-900",
  failed: "border-rose-300 bg-rose-50 text-rose-900",
};

/** A delivery's state as a badge with its name. */
export function DeliveryStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status] ?? ""}`}
      data-delivery-status={status}
    >
      {t(`admin.webhooks.status.${status}`)}
    </span>
  );
}
