// Looking again while the server is still working (a probe, a render or a package queued or
// running, a payment not yet confirmed): every page that follows a job polls through these.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

const EVERY_MS = 3000;

/**
 * Runs `tick` every `everyMs` while `working` and the tab is visible. The next tick waits for the
 * last one to finish; a failed tick is tried again on the next.
 */
export function usePollWhile(working: boolean, tick: () => unknown, everyMs = EVERY_MS) {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!working) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const loop = async () => {
      if (document.visibilityState === "visible") {
        try {
          await latest.current();
        } catch (error) {
          console.error(error);
        }
      }
      if (!stopped) timer = setTimeout(loop, everyMs);
    };
    timer = setTimeout(loop, everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [working, everyMs]);
}

/** The page's loaders run again every `everyMs` while `working`, when nothing else is loading. */
export function useRevalidateWhile(working: boolean, everyMs = EVERY_MS) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  usePollWhile(working, () => (latest.current.state === "idle" ? latest.current.revalidate() : undefined), everyMs);
}
