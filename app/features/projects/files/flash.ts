// A message for the next page to show once: the file view leaves 'File deleted
// successfully!' for the project page it goes back to. sessionStorage, so it
// survives the redirect (and a reload) but not the tab.
import { useEffect } from "react";
import { useLocation } from "react-router";

const FLASH_KEY = "cp-flash";

/** Leaves `message` for the next page; null takes back one left before (the delete failed). */
export function leaveFlash(message: string | null) {
  try {
    if (message) sessionStorage.setItem(FLASH_KEY, message);
    else sessionStorage.removeItem(FLASH_KEY);
  } catch {}
}

/** The message left by the page before, once. */
export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    if (message) sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}

/**
 * Shows, once per arrival, the message the page before handed over: in the navigation's state
 * (Home after its uploads) or left with `leaveFlash` (the file view after deleting).
 */
export function useArrivalMessage(show: (text: string) => void) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (location.key) counts, even with the same state.
  useEffect(() => {
    const state = location.state as { message?: unknown } | null;
    if (typeof state?.message === "string") show(state.message);
    const flash = takeFlash();
    if (flash) show(flash);
  }, [location.key, location.state, show]);
}
