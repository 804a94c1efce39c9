// The shell's upload tray, loaded on demand (ADR 051): it and the upload queue stay out of every
// page's first load. It loads as soon as a screen starts the queue (a file chosen or dropped), and,
// for a signed-in member, once the page is idle, to offer the uploads a closed tab left unfinished
// (kept in IndexedDB). Until then there is nothing to show: the tray renders nothing while empty.
import { lazy, Suspense, useEffect, useState } from "react";
import { whenQueueLoaded } from "../../lib/uploads/presence";

const UploadTray = lazy(() => import("./UploadTray").then((module) => ({ default: module.UploadTray })));

/** After the page's own work: idle time where the browser has it, a short timeout elsewhere (Safari). */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

export function LazyUploadTray({ signedIn }: { signedIn: boolean }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const show = () => setWanted(true);
    const stopWaiting = whenQueueLoaded(show);
    const stopIdle = signedIn ? whenIdle(show) : () => {};
    return () => {
      stopWaiting();
      stopIdle();
    };
  }, [signedIn, wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <UploadTray signedIn={signedIn} />
    </Suspense>
  );
}
