/** The parts of a user's record page: role and branches, and deactivating or reactivating the account. */
import { UserCheck, UserX } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ROLES } from "../../domain/vocabulary";
import { useTranslation } from "../../i18n/react";
import { CheckboxGroup, SaveButton, SelectField } from "./form";

export function UserAccessForm({
  shops,
  self,
}: {
  shops: { id: number; name: string; town: string; active: boolean }[];
  /** The signed-in admin's own account: the role stays (the server refuses it too). */
  self: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" noValidate className="space-y-4">
      <div className="max-w-xs">
        <SelectField
          name="role"
          label={t("admin.field.role")}
          options={ROLES.map((role) => ({ value: role, label: t(`admin.role.${role}`) }))}
        />
      </div>
      <ul className="max-w-3xl list-disc space-y-1 pl-5 text-sm text-slate-700">
        {ROLES.map((role) => (
          <li key={role}>
            <strong className="font-medium">{t(`admin.role.${role}`)}</strong>: {t(`admin.users.roleHint.${role}`)}
          </li>
        ))}
      </ul>
      {self && <p className="text-sm text-slate-700">{t("admin.users.selfNote")}</p>}
      <CheckboxGroup
        name="shopIds"
        legend={t("admin.users.branches")}
        hint={t("admin.users.branchesHint")}
        options={shops.map((shop) => ({
          value: String(shop.id),
          label: shop.name,
          note: shop.active ? shop.town : `${shop.town}, ${t("admin.shops.inactive")}`,
        }))}
      />
      <SaveButton />
    </Form>
  );
}

/** Deactivating signs the user out everywhere and blocks signing in; reactivating lets them in again. */
export function UserActivation({ active, sessions, self }: { active: boolean; sessions: number; self: boolean }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-800">{active ? t("admin.users.isActive", { count: sessions }) : t("admin.users.isInactive")}</p>
      <p className="mt-1 text-sm text-slate-700">{t("admin.users.noDelete")}</p>
      {self ? (
        <p className="mt-3 text-sm text-slate-700">{t("admin.users.selfDeactivateNote")}</p>
      ) : (
        <Form method="post" className="mt-3">
          <button
            type="submit"
            name="intent"
            value={active ? "deactivate" : "reactivate"}
            aria-disabled={busy || undefined}
            className={`inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-white ${active ? "bg-red-700 hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800"}`}
          >
            {active ? <UserX aria-hidden="true" className="size-4" /> : <UserCheck aria-hidden="true" className="size-4" />}
            {active ? t("admin.users.deactivate") : t("admin.users.reactivate")}
          </button>
        </Form>
      )}
    </div>
  );
}
