/**
 * Fields of the back office's edit and create forms. Each shows its label, the value (as typed, after a
 * failed save), and its message from the server beside it, linked with aria-describedby; they read value
 * and message from the enclosing `<FormValues>`. The forms post to the route's action and work without
 * JavaScript.
 */

import { Form, useNavigation, useSearchParams } from "react-router";
import { type Locale, languageName, locales } from "../../domain/i18n";
import { useTranslation } from "../../i18n/react";
import { FormValues, useField, useFormScope } from "../form-values";

export const adminInputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600";

type FieldProps = {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
};

function ids(name: string) {
  const id = `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return { id, error: `${id}-error`, hint: `${id}-hint` };
}

function Message({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {t(error)}
    </p>
  );
}

export function TextField({
  name,
  label,
  hint,
  required,
  type = "text",
  autoComplete,
  inputMode,
  multiline,
  addon,
}: FieldProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "email" | "tel";
  multiline?: boolean;
  /** Beside the input, e.g. the camera button of a unit code field. */
  addon?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const i = ids(name);
  const { value, error } = useField(name);
  const describedBy = [error ? i.error : null, hint ? i.hint : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id: i.id,
    name,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    required,
    className: adminInputClass,
  };
  return (
    <div>
      <label htmlFor={i.id} className="text-sm font-medium">
        {label}
        {!required && <span className="font-normal text-slate-600"> ({t("booking.optional")})</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} />
      ) : addon ? (
        <div className="mt-1 flex items-stretch gap-2">
          <input {...common} className={`${adminInputClass} mt-0 min-w-0`} type={type} autoComplete={autoComplete} inputMode={inputMode} />
          {addon}
        </div>
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} />
      )}
      {hint && (
        <p id={i.hint} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <Message id={i.error} error={error} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  options,
  required = true,
  placeholder,
}: FieldProps & { options: { value: string; label: string }[]; placeholder?: string }) {
  const i = ids(name);
  const { value, error } = useField(name);
  return (
    <div>
      <label htmlFor={i.id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={i.id}
        name={name}
        defaultValue={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? i.error : undefined}
        className={adminInputClass}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Message id={i.error} error={error} />
    </div>
  );
}

export function CheckboxField({ name, label, hint }: Pick<FieldProps, "name" | "label" | "hint">) {
  const i = ids(name);
  const { value } = useField(name);
  return (
    <div className="flex items-start gap-2">
      <input
        id={i.id}
        type="checkbox"
        name={name}
        defaultChecked={value === "true" || value === "on"}
        aria-describedby={hint ? i.hint : undefined}
        className="mt-1 size-4"
      />
      <div>
        <label htmlFor={i.id} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <p id={i.hint} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** A text in the six languages: English is required, the others fall back to it when left empty. */
export function TranslatedField({ name, label, multiline, required = true }: FieldProps & { multiline?: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <p className="mb-2 text-xs text-slate-600">{t(required ? "admin.form.translatedHint" : "admin.form.translatedOptionalHint")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {locales.map((locale: Locale) => (
          <TextField
            key={locale}
            name={`${name}.${locale}`}
            label={languageName[locale]}
            multiline={multiline}
            required={required && locale === "en"}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The message above a form whose save failed, and the "saved" note after a successful one (`?saved=1`).
 * Inside `<FormValues>` it reads the form's messages; `reply` shows a reply of no particular form.
 */
export function FormStatus({ reply }: { reply?: { errors?: Record<string, string>; params?: Record<string, string | number> } }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const scope = useFormScope();
  const errors = reply?.errors ?? scope.errors;
  const count = Object.keys(errors).filter((key) => key !== "form").length;
  if (errors.form || count > 0) {
    return (
      <div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
        {errors.form ? t(errors.form, reply?.params ?? scope.params) : t("admin.form.fix", { count })}
      </div>
    );
  }
  if (search.get("saved") === "1") {
    return (
      <div role="status" className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
        {t("admin.form.saved")}
      </div>
    );
  }
  return null;
}

export function SaveButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      name="intent"
      value="save"
      aria-disabled={busy || undefined}
      className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-70"
    >
      {busy ? t("admin.form.saving") : (label ?? t("admin.form.save"))}
    </button>
  );
}

/** The ticked values of a checkbox group, from a loaded record (numbers) or a posted form (strings). */
function ticked(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null || value === "" ? [] : [String(value)];
}

/** Checkboxes posting `name[]`; the message for `name` shows under them. */
export function CheckboxGroup({
  name,
  legend,
  hint,
  options,
  columns = 2,
}: {
  name: string;
  legend: string;
  hint?: string;
  options: { value: string; label: string; note?: string }[];
  columns?: 1 | 2 | 3;
}) {
  const { t } = useTranslation();
  const { values, errors } = useFormScope();
  // A list, not the one string `useField` gives: the record holds numbers, a posted form `name[]` strings.
  const checked = ticked(values[name]);
  const error = errors[name];
  const base = `field-${name}`;
  const describedBy = [hint ? `${base}-hint` : null, error ? `${base}-error` : null].filter(Boolean).join(" ") || undefined;
  const grid = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3" }[columns];
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3" aria-describedby={describedBy}>
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {hint && (
        <p id={`${base}-hint`} className="mb-2 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div className={`grid gap-2 ${grid}`}>
        {options.map((option) => {
          const id = `${base}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-2">
              <input
                id={id}
                type="checkbox"
                name={`${name}[]`}
                value={option.value}
                defaultChecked={checked.includes(option.value)}
                className="mt-1 size-4"
              />
              <label htmlFor={id} className="text-sm">
                {option.label}
                {option.note && <span className="text-slate-600"> ({option.note})</span>}
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={`${base}-error`} className="mt-2 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

/** A date input with its message; `min` lets the browser's picker start at today. */
export function DateField({ name, label, min, required = true }: { name: string; label: string; min?: string; required?: boolean }) {
  const { t } = useTranslation();
  const id = `field-${name}`;
  const { value, error } = useField(name);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {!required && <span className="font-normal text-slate-600"> ({t("booking.optional")})</span>}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        min={min}
        defaultValue={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={adminInputClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/**
 * A record's form in the back office: its values (the reply to the last post, else `initial`), the message
 * above it, its fields, and the save button below.
 */
export function RecordForm({
  reply,
  initial,
  saveLabel,
  intro,
  narrow,
  children,
}: {
  reply: unknown;
  initial: Record<string, unknown>;
  saveLabel?: string;
  /** A paragraph between the message and the form. */
  intro?: string;
  /** Keep the form to a readable width on a wide screen. */
  narrow?: "3xl" | "4xl";
  children: React.ReactNode;
}) {
  const width = narrow ? { "3xl": "max-w-3xl ", "4xl": "max-w-4xl " }[narrow] : "";
  return (
    <FormValues reply={reply} initial={initial}>
      <FormStatus />
      {intro && <p className="mb-4 max-w-3xl text-sm text-slate-700">{intro}</p>}
      <Form method="post" noValidate className={`${width}space-y-6`}>
        {children}
        <SaveButton label={saveLabel} />
      </Form>
    </FormValues>
  );
}
