// Looking again while the server is still working (a probe or a render queued
// or running): the page's loaders run every 3 seconds while `working` is true,
// only when the tab is visible and nothing else is loading.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

const EVERY_MS = 3000;

export function useRevalidateWhile(working: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      const current = latest.current;
      if (current.state === "idle" && document.visibilityState === "visible") void current.revalidate();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [working]);
}
