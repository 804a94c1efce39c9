// Local times that do not break hydration: the server (and the first render in
// the browser) shows UTC, the hydrated page the reader's local time.
import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};
/** False on the server and during hydration, true after: local times only once hydrated. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function LocalTime({ value }: { value: Date | string | number }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  const text = hydrated ? date.toLocaleString() : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}
