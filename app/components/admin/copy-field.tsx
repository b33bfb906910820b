/**
 * A secret shown once (an API key, a calendar link): read-only, selected on focus, with a button that copies
 * it. Without JavaScript, or where the clipboard is refused (an http page, an old browser), the text can still
 * be selected and copied by hand.
 */
import { Check, Copy } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "../../i18n/react";

export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-stretch gap-2">
        <input
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm"
        />
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          className="flex items-center gap-1 rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {t("admin.copy.button")}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-emerald-800">
        {copied ? t("admin.copy.done") : ""}
      </p>
    </div>
  );
}
