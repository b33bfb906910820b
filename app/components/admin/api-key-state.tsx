import { useTranslation } from "../../i18n/react";

/** An API key's state in words and colour, in the list and on its page. */
export function KeyState({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${revoked ? "border-rose-300 bg-rose-50 text-rose-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
    >
      {t(revoked ? "admin.apiKeys.revoked" : "admin.apiKeys.active")}
    </span>
  );
}
