/**
 * The back office's way to an order from any screen: a search by number, name, e-mail or phone (an exact
 * order number opens the order), a link to today's pickups, and the keys a clerk uses all day long:
 * `/` to search, `P` for today's pickups. Keys typed into a field, or with a modifier, are left alone.
 */
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useTranslation } from "../../i18n/react";
import { useLocalPath } from "../use-locale";

/** The orders list filtered to today's pickups still to hand out, soonest first. */
function todaysPickups(today: string): string {
  return `/admin/orders?status=paid&from=${today}&to=${today}&sort=pickup&dir=asc`;
}

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName));
}

export function FindOrder({ today }: { today: string }) {
  const { t } = useTranslation();
  const href = useLocalPath();
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === "/") {
        event.preventDefault();
        field.current?.focus();
      } else if (event.key === "p" || event.key === "P") {
        event.preventDefault();
        navigate(href(todaysPickups(today)));
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [href, navigate, today]);
  return (
    <div className="px-4 pb-3">
      <Form method="get" action={href("/admin/orders")} role="search" aria-label={t("admin.find.label")}>
        <label htmlFor="find-order" className="text-xs text-brand-100">
          {t("admin.find.label")}
        </label>
        <div className="mt-1 flex items-center gap-1 rounded-md bg-white px-2 text-slate-900">
          <Search aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <input
            ref={field}
            id="find-order"
            name="q"
            type="search"
            maxLength={100}
            aria-keyshortcuts="/"
            placeholder={t("admin.find.placeholder")}
            className="w-full min-w-0 bg-transparent py-1.5 text-sm outline-none"
          />
        </div>
      </Form>
      <Link
        to={href(todaysPickups(today))}
        aria-keyshortcuts="p"
        className="mt-2 inline-block text-xs text-white underline hover:no-underline"
      >
        {t("admin.find.todaysPickups")}
      </Link>
      <p className="mt-1 hidden text-xs text-brand-100 md:block">{t("admin.find.keys")}</p>
    </div>
  );
}
