import { useSyncExternalStore } from "react";
import { useMatches } from "react-router";

/**
 * A route module that exports `handle = { hydrate: false } satisfies HydrationHandle` is sent as
 * server-rendered HTML only: the root leaves out `<Scripts />` and `<ScrollRestoration />`, so the
 * browser loads no React and no route module for it (ADR 026). Its links are plain anchors, its
 * forms plain POSTs. (Route modules import only the type: no chunk of its own in the browser.)
 */
export interface HydrationHandle {
  hydrate: boolean;
}

/**
 * False, on the server, when any matched route says `hydrate: false` in its handle. In the browser
 * React is running by definition (the page was reached by a client navigation from a hydrated
 * page), so the root keeps its scripts and the header its React menu there.
 */
export function useHydrates() {
  const opted = useMatches().some((match) => (match.handle as Partial<HydrationHandle> | undefined)?.hydrate === false);
  return typeof document !== "undefined" || !opted;
}

const subscribeNothing = () => () => {};
/**
 * False on the server and during hydration, true after. Forms that take money or personal data keep
 * their submit button disabled until then, so a press before the script starts cannot fall back to a
 * native submission (ADR 037).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
