/**
 * The fields of the /login and /account forms. They read their value and message from the enclosing
 * FormValues, like the back office's fields; a password field never shows a value (the server sends none
 * back, and the browser must not keep one after a refusal).
 */
import { useTranslation } from "../../i18n/react";
import { Field, inputClass, Notice } from "../booking/ui";
import { useField, useFormScope } from "../form-values";

export function AccountField({
  name,
  id,
  label,
  hint,
  type,
  autoComplete,
  minLength,
}: {
  name: string;
  id?: string;
  label: string;
  hint?: string;
  type: "text" | "email" | "password";
  autoComplete: string;
  minLength?: number;
}) {
  const { value, error } = useField(name);
  return (
    <Field id={id} name={name} label={label} hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          minLength={minLength}
          required
          defaultValue={type === "password" ? undefined : value}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The whole-form message of a refused form ("too many attempts, try again in 3 minutes"), if any. */
export function FormMessage() {
  const { t } = useTranslation();
  const { errors, params } = useFormScope();
  return errors.form ? <Notice>{t(errors.form, params)}</Notice> : null;
}
