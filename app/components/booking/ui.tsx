/** Pieces shared by the booking steps: the step list, form fields with their errors, and notices. */
import { Check } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/react";
import { useField, useFormScope } from "../form-values";
import { useLocalPath } from "../use-locale";

export type StepId = "branch" | "period" | "persons" | "equipment" | "bag" | "invoice" | "payment";
const STEPS: StepId[] = ["branch", "period", "persons", "equipment", "bag", "invoice", "payment"];

/** The booking's steps; those already done link back. */
export function StepNav({ current, links = {} }: { current: StepId; links?: Partial<Record<StepId, string>> }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const index = STEPS.indexOf(current);
  return (
    <nav aria-label={t("rental.steps")} className="mt-4">
      {/* On a phone the seven steps do not fit a line: the current one and a progress bar instead. */}
      <div className="sm:hidden">
        <p className="text-sm font-semibold text-brand-900">
          {t("rental.stepOf", { n: index + 1, total: STEPS.length, name: t(`rental.step.${current}`) })}
        </p>
        <div className="mt-1 h-1.5 rounded-full bg-slate-200" aria-hidden="true">
          <div className="h-1.5 rounded-full bg-brand-700" style={{ width: `${((index + 1) / STEPS.length) * 100}%` }} />
        </div>
      </div>
      <ol className="hidden flex-wrap gap-2 text-sm sm:flex">
        {STEPS.map((step, i) => {
          const label = `${i + 1}. ${t(`rental.step.${step}`)}`;
          const done = i < index;
          const link = done ? links[step] : undefined;
          return (
            <li key={step}>
              {link ? (
                <Link to={href(link)} className="flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-brand-800 hover:underline">
                  <Check aria-hidden="true" className="size-3.5" />
                  {label}
                </Link>
              ) : (
                <span
                  aria-current={i === index ? "step" : undefined}
                  className={`block rounded-full px-3 py-1 ${i === index ? "bg-brand-700 font-semibold text-white" : done ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-700"}`}
                >
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function PageTitle({ children }: { children: React.ReactNode }) {
  return <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{children}</h1>;
}

/** A message the visitor must see: announced to screen readers. */
export function Notice({ tone = "error", children, id }: { tone?: "error" | "info" | "success"; children: React.ReactNode; id?: string }) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    info: "border-sky-300 bg-sky-50 text-sky-900",
    success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  }[tone];
  const ref = useRef<HTMLDivElement>(null);
  // A message that appears after a submission sits at the top of the form; on a phone the button that
  // sent it is a screen further down, so the message comes into view (nothing moves when it already is).
  useEffect(() => {
    if (tone === "error") ref.current?.scrollIntoView({ block: "nearest" });
  }, [tone]);
  return (
    <div ref={ref} id={id} role={tone === "error" ? "alert" : "status"} className={`mt-4 rounded-lg border p-3 ${styles}`}>
      {children}
    </div>
  );
}

/**
 * The message of a refused form for the whole of it (`form`), with its placeholders (the line sold out, the
 * limit's count), from the enclosing <FormValues>; nothing when there is none.
 */
export function FormNotice() {
  const { t } = useTranslation();
  const { errors, params } = useFormScope();
  if (!errors.form) return null;
  return (
    <Notice>{t(errors.form, { item: params?.item ?? "", count: params?.count === undefined ? undefined : Number(params.count) })}</Notice>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-invalid:border-red-600 focus:outline-2 focus:outline-brand-600";

/** A labelled input with its error message tied to it. */
export function Field({
  name,
  label,
  error,
  hint,
  children,
  id = name,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const fromForm = useField(name).error;
  error ??= fromForm;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

export function PrimaryButton({ children, busy, ...props }: React.ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:opacity-70 ${props.className ?? ""}`}
    >
      {children}
    </button>
  );
}
