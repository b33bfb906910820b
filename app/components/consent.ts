import { type FormEvent, useSyncExternalStore } from "react";
import { useRootData } from "./use-locale";

export type Consent = "all" | "necessary";

/**
 * The cookie choice made on this page, until the next document load reads it from the cookie (root data).
 * The banner posts it with a plain `fetch`, not a router fetcher: a fetcher's action revalidates every loader
 * of the page and renders it all again, work a phone does inside the tap ("Accept all" took over 200 ms at
 * 4× CPU). This way the tap renders the banner away and nothing else; the components that read the choice
 * (the tag manager, the e-commerce events, the cookies page) follow this store.
 */
let chosen: Consent | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setChosen(value: Consent | null) {
  chosen = value;
  for (const listener of listeners) listener();
}

/** The visitor's choice: the one made on this page, else the cookie's as the server read it. */
export function useConsent(): Consent | null {
  const { consent } = useRootData();
  const local = useSyncExternalStore(
    subscribe,
    () => chosen,
    () => null,
  );
  return local ?? (consent as Consent | null);
}

/**
 * The banner's submit with JavaScript: the choice applies at once and the cookie is set in the background.
 * Without JavaScript (or for a submit this does not know) the form posts as HTML and the page comes back.
 * A choice the server did not take (offline) is forgotten, so the banner asks again.
 */
export function submitConsent(event: FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const value = submitter instanceof HTMLButtonElement ? submitter.value : "";
  if (value !== "all" && value !== "necessary") return;
  event.preventDefault();
  const form = event.currentTarget;
  const body = new URLSearchParams();
  for (const [name, field] of new FormData(form, submitter)) if (typeof field === "string") body.append(name, field);
  setChosen(value);
  fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } })
    .then((response) => {
      if (!response.ok) setChosen(null);
    })
    .catch(() => setChosen(null));
}
