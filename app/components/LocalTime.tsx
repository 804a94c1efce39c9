// Local times that do not break hydration: the server (and the first render in
// the browser) shows UTC, the hydrated page the reader's local time.
import { useHydrated } from "../lib/hydration";

export function LocalTime({ value }: { value: Date | string | number }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  const text = hydrated ? date.toLocaleString() : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}
