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

/**
 * One screen's uploads: `start(file)` queues the file for the screen's target (the purpose and its
 * fields; `target` may depend on the file) and answers its handle (`await handle.done` for the
 * server's answer); `entries` are the uploads started here, newest last.
 */
export function useUploader(target: UploadTarget | ((file: File) => UploadTarget)) {
  const targetRef = useRef(target);
  targetRef.current = target;
  const [ids, setIds] = useState<string[]>([]);
  const { uploads } = useUploads();
  const start = useCallback((file: File, override?: Partial<UploadTarget>): UploadHandle => {
    const base = typeof targetRef.current === "function" ? targetRef.current(file) : targetRef.current;
    const handle = startUpload(file, { ...base, ...override });
    setIds((list) => [...list, handle.id]);
    return handle;
  }, []);
  const entries = useMemo(() => {
    const byId = new Map(uploads.map((entry) => [entry.id, entry]));
    return ids.map((id) => byId.get(id)).filter((entry): entry is UploadEntry => !!entry);
  }, [ids, uploads]);
  // While this screen shows its uploads, the tray need not open for them.
  const idList = ids.join(" ");
  useEffect(() => (idList ? showOnScreen(idList.split(" ")) : undefined), [idList]);
  /** Takes rows off this screen (the tray keeps them). */
  const forget = useCallback((keep: (entry: UploadEntry) => boolean = () => false) => {
    const known = new Map(uploadsState().uploads.map((entry) => [entry.id, entry]));
    setIds((list) => list.filter((id) => known.has(id) && keep(known.get(id)!)));
  }, []);
  return { start, entries, forget };
}
