// Which programs have files on their way up (issue 44 item 10): a program made by 'Create Program'
// exists before its files do, so the page would call it empty ('no files', '0 files') until the
// uploads finish and the loader runs again. The program's upload slots say here how many files they
// are sending, until the page has reloaded its programs; the Apply list and the program cards read it.
// Module level, like the upload queue: the uploads go on if the page is left and come back to.
import { useSyncExternalStore } from "react";

const EMPTY: ReadonlyMap<string, number> = new Map();
let sending: ReadonlyMap<string, number> = EMPTY;
const listeners = new Set<() => void>();

function publish(next: ReadonlyMap<string, number>) {
  sending = next;
  for (const listener of listeners) listener();
}

/** Says that `count` files are being sent to the program; answers the call that takes them back. */
export function announceProgramUploads(programId: string, count: number): () => void {
  if (count <= 0) return () => {};
  publish(new Map(sending).set(programId, (sending.get(programId) ?? 0) + count));
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (sending.get(programId) ?? count) - count;
    const next = new Map(sending);
    if (left > 0) next.set(programId, left);
    else next.delete(programId);
    publish(next);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Files being sent per program id (none on the server). */
export function useProgramUploads(): ReadonlyMap<string, number> {
  return useSyncExternalStore(
    subscribe,
    () => sending,
    () => EMPTY,
  );
}

/** 'Uploading 2 files…' */
export function uploadingLabel(count: number) {
  return `Uploading ${count} ${count === 1 ? "file" : "files"}…`;
}
