import { CircleAlert } from "lucide-react";
import type { HTMLAttributes } from "react";
import { Link } from "react-router";
import { formatDate } from "../../domain/format";
import { zonedDate } from "../../domain/periods";
import { SHOP_TIME_ZONE } from "../../domain/time-zone";
import { useLocale, useLocalPath } from "../use-locale";

type Booking = { orderId: string; number: string; pickupAt: string; returnAt?: string };

/**
 * A warning that names bookings still needing a unit (decision 055), each a link to the planner's week of its
 * pickup, with its days when they are known. Shown on the units list and on a damage report.
 */
export function BookingsNote({
  message,
  bookings,
  className = "",
  ...attributes
}: { message: string; bookings: Booking[] } & HTMLAttributes<HTMLDivElement>) {
  const locale = useLocale();
  const href = useLocalPath();
  const day = (value: string) => formatDate(value, locale, { day: "numeric", month: "short" });
  return (
    <div
      role="note"
      className={`flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 ${className}`}
      {...attributes}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0">
        {message}{" "}
        {bookings.map((booking, i) => (
          <span key={booking.orderId}>
            {i > 0 && ", "}
            <Link
              to={href(`/admin/calendar?start=${zonedDate(new Date(booking.pickupAt), SHOP_TIME_ZONE)}`)}
              className="font-medium underline"
            >
              {booking.number}
            </Link>
            {booking.returnAt && ` (${day(booking.pickupAt)} – ${day(booking.returnAt)})`}
          </span>
        ))}
      </p>
    </div>
  );
}
