import { notFound } from "../server/http/errors.server";

/** Every unmatched path, in every language: 404 "Page not found: {path}". */
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
