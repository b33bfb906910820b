/** The fields of a webhook endpoint, shared by its create and edit screens; the URL is set once, at creation. */
import { useState } from "react";
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

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={() => navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
    >
      {copied ? t("admin.webhooks.copied") : t("admin.webhooks.copy")}
    </button>
  );
}

/** A signing secret, shown this once with a copy button and the warning that it will not be shown again. */
export function SecretOnce({ secret, title, children }: { secret: string; title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section
      role="status"
      aria-labelledby="secret-title"
      className="mb-8 max-w-3xl rounded-lg border border-amber-400 bg-amber-50 p-4"
      data-secret
    >
      <h2 id="secret-title" className="text-lg font-semibold text-amber-950">
        {title}
      </h2>
      <p className="mt-2 text-sm font-medium text-amber-950">{t("admin.webhooks.secretWarning")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="webhook-secret" className="sr-only">
          {t("admin.webhooks.secret")}
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
        />
        <CopyButton text={secret} />
      </div>
      {children}
    </section>
  );
}
