/** The signed rental contract on the customer's order page (decision 044): the current version and those it replaced. */
import { FileSignature } from "lucide-react";
import { formatDateTime } from "../../domain/format";
import { useTranslation } from "../../i18n/react";
import { useLocale } from "../use-locale";

export function OrderAgreements({
  documents,
  versions,
}: {
  documents: string;
  versions: { version: number; signedAt: string; signerName: string }[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (versions.length === 0) return null;
  const [current, ...older] = versions;
  const signed = (v: (typeof versions)[number]) =>
    t("order.agreement.signed", { name: v.signerName, date: formatDateTime(v.signedAt, locale, "medium") });
  return (
    <section className="mt-4" aria-labelledby="agreement-title" data-agreements>
      <h2 id="agreement-title" className="sr-only">
        {t("order.agreement.title")}
      </h2>
      <a
        href={`${documents}/agreement/${current.version}.pdf`}
        className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
      >
        <FileSignature aria-hidden="true" className="size-4 shrink-0" />
        {t("order.agreement.download")}
      </a>
      <p className="text-sm text-slate-700">{signed(current)}</p>
      {older.length > 0 && (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-slate-700">{t("order.agreement.older", { count: older.length })}</summary>
          <ul className="mt-1 space-y-1">
            {older.map((v) => (
              <li key={v.version}>
                <a href={`${documents}/agreement/${v.version}.pdf`} className="font-medium text-brand-700 hover:underline">
                  {t("order.agreement.version", { version: v.version })}
                </a>{" "}
                · {signed(v)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
