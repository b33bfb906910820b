/**
 * What the fields of a form show: the values and messages of the action's reply when it answered this
 * form, else the record's values as loaded. Fields read them with `useField(name)`, so a screen wraps its
 * form once instead of handing values and errors to every field.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { FieldErrors, MessageParams } from "../domain/result";
import type { FormReply } from "../server/http/results.server";

type Scope = { values: Record<string, unknown>; errors: FieldErrors; params?: MessageParams };

const FormScope = createContext<Scope>({ values: {}, errors: {} });

/** The reply an action gave, if it belongs to the form `target` (undefined: the page's only form). */
export function replyFor(reply: unknown, target?: string): FormReply | undefined {
  if (typeof reply !== "object" || reply === null || !("values" in reply) || !("errors" in reply)) return undefined;
  const answer = reply as FormReply;
  return answer.target === target ? answer : undefined;
}

/** Whether the action refused any form of the page (whatever its target): the page then shows no "done" notice. */
export function refusedAny(reply: unknown): boolean {
  return replyFor(reply, (reply as FormReply | undefined)?.target) !== undefined && Object.keys((reply as FormReply).errors).length > 0;
}

export function FormValues({
  reply,
  initial,
  target,
  children,
}: {
  /** The action's data; used only when it is a reply to this form. */
  reply?: unknown;
  /** The values before anything was posted (the record being edited). */
  initial?: Record<string, unknown>;
  target?: string;
  children: ReactNode;
}) {
  const mine = replyFor(reply, target);
  return (
    <FormScope.Provider value={{ values: mine?.values ?? initial ?? {}, errors: mine?.errors ?? {}, params: mine?.params }}>
      {children}
    </FormScope.Provider>
  );
}

/** A nested value, "name.en" → values.name.en, "persons.0.firstName" → values.persons[0].firstName, as the string an input shows. */
export function valueAt(values: Record<string, unknown> | undefined, path: string): string {
  let value: unknown = values;
  for (const part of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return value === null || value === undefined ? "" : String(value);
}

/** A field's value as the input shows it and its message key, if any. */
export function useField(name: string): { value: string; error: string | undefined } {
  const { values, errors } = useContext(FormScope);
  return { value: valueAt(values, name), error: errors[name] };
}

/** All values and messages of the enclosing form (for lists and whole-form messages). */
export function useFormScope(): Scope {
  return useContext(FormScope);
}
