import { Ban } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { KeyState } from "../../components/admin/api-key-state";
import { AuditTrail } from "../../components/admin/record";
import { AdminPage, DataTable, Fields, Section } from "../../components/admin/ui";
import { adminMeta } from "../../components/meta";
import { useLocale, useLocalPath } from "../../components/use-locale";
import { maskedKey, scopeMessage } from "../../domain/admin/api-key";
import { formatDateTime, formatDecimal } from "../../domain/format";
import { rowId } from "../../domain/ids";
import type { ApiScope } from "../../domain/integrations";
import { useTranslation } from "../../i18n/react";
import { getApiKey, revokeApiKey } from "../../server/api/keys.server";
import { requireAdmin } from "../../server/http/back-office-guards.server";
import { readForm } from "../../server/http/forms.server";
import { found, notFound, param, redirectTo } from "../../server/http/results.server";
import type { Route } from "./+types/api-key";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return found(await getApiKey(param(rowId, params.id)));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const id = param(rowId, params.id);
  const form = await readForm(request);
  if (form.intent !== "revoke") notFound();
  // Revoked already (a second tab, a double click): what was asked for is so, the page shows it.
  await revokeApiKey(id, user.id);
  return redirectTo(request, `/admin/api-key/${id}?revoked=1`);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "admin.apiKeys.title");

/** A key's details, its last 50 calls, and revoking it behind a confirmation step. */
export default function ApiKeyRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalPath();
  const [search] = useSearchParams();
  const { key, shopName, createdBy, revokedBy, calls, audit } = loaderData;
  type Call = (typeof calls)[number];
  return (
    <AdminPage title={key.name} back="/admin/api-keys">
      {search.get("revoked") === "1" && key.revokedAt && (
        <p role="status" className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          {t("admin.apiKeys.revokedDone")}
        </p>
      )}
      <Fields
        fields={[
          [t("admin.apiKeys.key"), <code key="prefix">{maskedKey(key.prefix)}</code>],
          [t("admin.apiKeys.scopes"), key.scopes.map((scope) => t(scopeMessage(scope as ApiScope))).join(", ")],
          [t("admin.field.shop"), shopName ?? t("admin.apiKeys.allBranches")],
          [t("admin.apiKeys.created"), t("admin.apiKeys.byWhom", { when: formatDateTime(key.createdAt, locale), who: createdBy ?? "—" })],
          [t("admin.apiKeys.lastUsed"), key.lastUsedAt ? formatDateTime(key.lastUsedAt, locale) : t("admin.apiKeys.never")],
          [t("admin.field.status"), <KeyState key="state" revoked={key.revokedAt !== null} />],
          ...(key.revokedAt
            ? ([
                [
                  t("admin.apiKeys.revokedAt"),
                  t("admin.apiKeys.byWhom", { when: formatDateTime(key.revokedAt, locale), who: revokedBy ?? "—" }),
                ],
              ] as [string, string][])
            : []),
        ]}
      />
      <Section title={t("admin.apiKeys.calls")}>
        <DataTable<Call>
          rows={calls}
          empty={t("admin.apiKeys.noCalls")}
          columns={[
            { key: "at", label: t("admin.apiKeys.callAt"), cell: (c) => formatDateTime(c.at, locale) },
            { key: "method", label: t("admin.apiKeys.method"), cell: (c) => <code>{c.method}</code> },
            {
              key: "path",
              label: t("admin.apiKeys.path"),
              // The order a call made or touched sits under its path, so a phone sees it without scrolling.
              cell: (c) => (
                <>
                  <code className="break-all">{c.path}</code>
                  {c.orderId && c.orderNumber && (
                    <span className="mt-1 block">
                      {t("admin.apiKeys.order")}{" "}
                      <Link to={href(`/admin/order/${c.orderId}`)} className="whitespace-nowrap font-medium text-brand-700 underline">
                        {c.orderNumber}
                      </Link>
                    </span>
                  )}
                </>
              ),
            },
            { key: "status", label: t("admin.apiKeys.status"), cell: (c) => c.status },
            { key: "ms", label: t("admin.apiKeys.ms"), cell: (c) => formatDecimal(Math.round(c.ms), locale) },
          ]}
        />
      </Section>
      {!key.revokedAt && <RevokeKey name={key.name} />}
      <AuditTrail entries={audit} />
    </AdminPage>
  );
}

/** Revoking is for good: it opens a confirmation with the consequences first, as every destructive action. */
function RevokeKey({ name }: { name: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <details className="mt-10 rounded-lg border border-red-200 bg-red-50/40 p-4">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-red-800">
        <Ban aria-hidden="true" className="size-4" />
        {t("admin.apiKeys.revokeOpen", { name })}
      </summary>
      <Form method="post" className="mt-3 space-y-3">
        <p className="text-slate-800">{t("admin.apiKeys.revokeWarning", { name })}</p>
        <button
          type="submit"
          name="intent"
          value="revoke"
          aria-disabled={busy || undefined}
          className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          {t("admin.apiKeys.revokeConfirm", { name })}
        </button>
      </Form>
    </details>
  );
}
