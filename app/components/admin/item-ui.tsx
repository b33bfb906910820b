/** Small parts of the item page: its sections, their "saved" notes and the buttons inside them. */

import { useSearchParams } from "react-router";
import { useTranslation } from "../../i18n/react";
import { useFormScope } from "../form-values";

export const smallButton =
  "inline-flex items-center gap-1 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center gap-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50";

/** A section of the item page, with an id the page's table of contents links to. */
export function ItemSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-4">
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The note of a section after its form was saved (`?saved={section}`), or, inside the section's
 * `<FormValues>`, the reason its form was refused as a whole (`errors.form`) and how many fields need a look.
 */
export function ItemSectionStatus({ section }: { section: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { errors } = useFormScope();
  const count = Object.keys(errors).filter((key) => key !== "form").length;
  if (errors.form || count > 0) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
        {errors.form ? t(errors.form) : t("admin.form.fix", { count })}
      </div>
    );
  }
  if (params.get("saved") === section) {
    return (
      <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        {t("admin.form.saved")}
      </p>
    );
  }
  return null;
}
