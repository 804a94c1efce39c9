// Whether this tab's upload queue (queue.ts) has started: a screen that uploads loads the queue with
// its own code, and the shell's tray, loaded on demand (ADR 051), follows it. Tiny on purpose: every
// page carries it.

let loaded = false;
const listeners = new Set<() => void>();

/** Called once by queue.ts when it is evaluated. */
export function queueLoaded() {
  loaded = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Runs `listener` once the queue is loaded (at once when it already is); answers an unsubscribe. */
export function whenQueueLoaded(listener: () => void): () => void {
  if (loaded) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
