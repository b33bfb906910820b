/** The six-digit code of an authenticator app: numeric keyboard on phones, and the browser may fill it in. */
import { useTranslation } from "../../i18n/react";
import { Field, inputClass } from "../booking/ui";
import { useField } from "../form-values";

/** Its message comes from the enclosing FormValues; a refused code never comes back to the field. */
export function CodeField({ id }: { id?: string }) {
  const { t } = useTranslation();
  const { error } = useField("code");
  return (
    <Field id={id} name="code" label={t("account.code.label")} error={error}>
      {(props) => (
        <input
          {...props}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          className={`${inputClass} tracking-widest`}
        />
      )}
    </Field>
  );
}
