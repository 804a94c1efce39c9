// Local times that do not break hydration: the server (and the first render in
// the browser) shows UTC, the hydrated page the reader's local time.
import { formatDateTime, formatRelative } from "../kernel/format";
import { useHydrated } from "../lib/hydration";

/** A date and time through Intl: UTC on the server and while hydrating, the reader's zone after. */
export function LocalTime({ value }: { value: Date | string | number }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  const text = hydrated
    ? formatDateTime(date, { locale: navigator.language })
    : `${formatDateTime(date, { timeZone: "UTC" })} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}

/**
 * "in 3 days" / "2 hours ago", the same on the server and in the browser (a relative time does not
 * depend on the reader's zone), so hydrating shifts no layout; the exact date on hover, in the
 * reader's zone once hydrated. Should the phrase change between the server's render and hydration
 * (a boundary crossed in between), the server's words stay until the next render.
 */
export function RelativeTime({ value }: { value: Date | string | number }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  const exact = hydrated
    ? formatDateTime(date, { locale: navigator.language })
    : `${formatDateTime(date, { timeZone: "UTC" })} UTC`;
  return (
    <time dateTime={date.toISOString()} title={exact} suppressHydrationWarning>
      {formatRelative(date)}
    </time>
  );
}
