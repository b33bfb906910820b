import { notFound } from "../server/http/results.server";

/** Every unmatched path, in every language: 404 "Page not found: {path}". */
export function loader(): never {
  notFound();
}

/** A form posted to a page that does not exist finds no page either (not "method not allowed"). */
export function action(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
