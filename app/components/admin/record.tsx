/**
 * Parts of a back-office record page: deleting with a confirmation, and the record's audit trail.
 */
import { History, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { type AuditView, showChange } from "../../domain/admin/audit";
import { formatDateTime } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";

/**
 * Delete with a confirmation step that works without JavaScript: the first click opens a panel that says
 * what will happen; only its button posts `intent=delete`. `blocked` explains why it cannot be deleted;
 * `children` can offer the way out below it (e.g. deactivating instead).
 */
export function DeleteRecord({ name, blocked, children }: { name: string; blocked?: string | null; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <details className="mt-10 rounded-lg border border-red-200 bg-red-50/40 p-4">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-red-800">
        <Trash2 aria-hidden="true" className="size-4" />
        {t("admin.delete.open", { name })}
      </summary>
      {blocked ? (
        <>
          <p className="mt-3 text-slate-800">{blocked}</p>
          {children}
        </>
      ) : (
        <Form method="post" className="mt-3 space-y-3">
          <p className="text-slate-800">{t("admin.delete.warning", { name })}</p>
          <button
            type="submit"
            name="intent"
            value="delete"
            aria-disabled={busy || undefined}
            className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            {t("admin.delete.confirm", { name })}
          </button>
        </Form>
      )}
    </details>
  );
}

/**
 * Who changed what and when: the newest entries of the record's audit log. `heading` names an entry
 * (default: its action) and `marker` adds a data attribute to it, e.g. the setting a change was about.
 */
export function AuditTrail<Entry extends AuditView>({
  entries,
  heading,
  marker,
}: {
  entries: Entry[];
  heading?: (entry: Entry) => string;
  marker?: (entry: Entry) => Record<`data-${string}`, string>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="mt-10" aria-labelledby="audit-title">
      <h2 id="audit-title" className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden="true" className="size-5" />
        {t("admin.audit.title")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.audit.empty")}</p>
      ) : (
        <ol className="space-y-3 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 p-3" data-audit={entry.action} {...marker?.(entry)}>
              <p>
                <strong>{heading ? heading(entry) : t(`admin.audit.action.${entry.action}`, { defaultValue: entry.action })}</strong> ·{" "}
                {formatDateTime(entry.at, locale, "medium")} · {entry.user ?? t("admin.audit.system")}
              </p>
              {entry.changes.length > 0 && (
                <table className="mt-2 w-full table-fixed text-left text-xs">
                  <thead>
                    <tr className="text-slate-600">
                      <th scope="col" className="w-1/5 py-1 font-medium">
                        {t("admin.audit.field")}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t("admin.audit.before")}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t("admin.audit.after")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.changes
                      .map((change) => showChange(change, { entity: entry.entity, names: entry.names, locale, t }))
                      .map((change) => (
                        <tr key={change.field} className="border-t border-slate-100 align-top" data-field={change.field}>
                          <td className="py-1">{change.label}</td>
                          <td className="break-words py-1 text-slate-700">{change.before}</td>
                          <td className="break-words py-1">{change.after}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
