// React's view of the upload queue (app/lib/uploads/queue.ts), and the small
// declarative API each upload screen uses: it says what the upload is for
// (the target), and gets back a `start` that hands a file to the queue plus
// the uploads it started, to show with <UploadStatus> as the tray does.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import {
  serverUploadsState,
  showOnScreen,
  startUpload,
  subscribeUploads,
  type UploadEntry,
  type UploadHandle,
  uploadsState,
} from "../../lib/uploads/queue";
import type { UploadTarget } from "../../lib/uploads/types";

/** Every upload of this tab, and whether the browser refused to keep files. */
export function useUploads() {
  return useSyncExternalStore(subscribeUploads, uploadsState, serverUploadsState);
}

/** While a screen shows these uploads itself, the tray need not open for them. */
export function useShownHere(ids: readonly string[]) {
  const idList = ids.join(" ");
  useEffect(() => (idList ? showOnScreen(idList.split(" ")) : undefined), [idList]);
}

/**
 * One screen's uploads: `start(file)` queues the file for the screen's target (the purpose and its
 * fields; `target` may depend on the file) and answers its handle (`await handle.done` for the
 * server's answer); `entries` are the uploads started here, newest last.
 */
export function useUploader(target?: UploadTarget | ((file: File) => UploadTarget)) {
  const targetRef = useRef(target);
  targetRef.current = target;
  const [ids, setIds] = useState<string[]>([]);
  const { uploads } = useUploads();
  /** Queues `file` for the screen's target, or for `to` when the target depends on an earlier answer. */
  const start = useCallback((file: File, to?: UploadTarget): UploadHandle => {
    const declared = typeof targetRef.current === "function" ? targetRef.current(file) : targetRef.current;
    const chosen = to ?? declared;
    if (!chosen) throw new Error("useUploader: no target for this upload.");
    const handle = startUpload(file, chosen);
    setIds((list) => [...list, handle.id]);
    return handle;
  }, []);
  const entries = useMemo(() => {
    const byId = new Map(uploads.map((entry) => [entry.id, entry]));
    return ids.map((id) => byId.get(id)).filter((entry): entry is UploadEntry => !!entry);
  }, [ids, uploads]);
  useShownHere(ids);
  /** Takes rows off this screen (the tray keeps them). */
  const forget = useCallback((keep: (entry: UploadEntry) => boolean = () => false) => {
    const known = new Map(uploadsState().uploads.map((entry) => [entry.id, entry]));
    setIds((list) => list.filter((id) => known.has(id) && keep(known.get(id)!)));
  }, []);
  return { start, entries, forget };
}
