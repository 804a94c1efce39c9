// The playlist order list: drag and drop (also by keyboard), saved only on "Save Order"; two clicks within 2 seconds remove a slot.
// A viewer of the project (canEdit false) gets the same rows with nothing to change, and plays them (ADR 054).
import { type MouseEvent as ReactMouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Feedback, type ShowFeedback, useAnswer, useFeedback } from "../../../components/Feedback";
import { FileTitle } from "../../../components/FileTitle";
import { SlotInput } from "../../../components/SlotInput";
import { DragHandle, SortableList, useLocalOrder, useSortableRow } from "../../../components/SortableList";
import { Button } from "../../../components/ui";
import { displayName, fileTitle, formatDuration, slotDuration } from "../../../kernel/format";
import { PLAYLIST_SLOT } from "../../../kernel/schemas/slot-letters";
import type { MediaKind } from "../../../lib/media-kind";
import { Waveform } from "../../store/components/Waveform";
import { SlotPreview } from "./SlotPreview";
import type { Answer, PlaylistItemView, PlaylistView } from "./types";

/** Seed 000 §9: the double-click window on playlist slots. */
const REMOVE_WINDOW_MS = 2000;

/** Signed preview URLs change on every load; keep the first one per item and media so players are not reloaded. */
export function useStableUrls(items: PlaylistItemView[]) {
  const cache = useRef(new Map<string, string>());
  return useMemo(() => {
    const urls = new Map<string, string>();
    for (const item of items) {
      const key = `${item.id}:${item.fileName}:${item.fromProgram}`;
      if (!cache.current.has(key)) cache.current.set(key, item.previewUrl);
      urls.set(item.id, cache.current.get(key)!);
    }
    return urls;
  }, [items]);
}

/** The row the workspace's inspector shows, and how a row's name picks it (absent: names are plain text). */
interface Inspect {
  selectedId: string | null;
  onSelect: (itemId: string) => void;
}

export function OrderList({
  playlist,
  canEdit = true,
  inspect,
  badge,
}: {
  playlist: PlaylistView;
  canEdit?: boolean;
  inspect?: Inspect;
  /** Beside the heading: what kind of playlist it is. */
  badge?: ReactNode;
}) {
  const [feedback, showFeedback] = useFeedback();
  const serverIds = playlist.items.map((item) => item.id);
  const serverKey = serverIds.join(",");
  const [order, setOrder] = useLocalOrder(serverIds);
  const saveFetcher = useFetcher<Answer>();
  const saving = saveFetcher.state !== "idle";
  useAnswer(saveFetcher.data, showFeedback);
  const urls = useStableUrls(playlist.items);

  const byId = new Map(playlist.items.map((item) => [item.id, item]));
  const ordered = order.map((id) => byId.get(id)).filter((item): item is PlaylistItemView => Boolean(item));
  const dirty = ordered.map((item) => item.id).join(",") !== serverKey;
  let running = 0;
  const totals = ordered.map((item) => (running += item.durationSeconds ?? 0));
  const unknownDurations = ordered.some((item) => item.durationSeconds == null);
  // The timeline: each waveform as wide as its item is long beside the longest.
  const longest = Math.max(0, ...ordered.map((item) => item.durationSeconds ?? 0));

  function save() {
    const form = new FormData();
    form.set("intent", "save-order");
    form.set("playlistId", playlist.id);
    for (const item of ordered) form.append("itemId", item.id);
    void saveFetcher.submit(form, { method: "post" });
  }

  return (
    <>
      <div className="section-heading">
        <h2 id="playlist-order-heading">Playlist order</h2>
        {badge}
        {ordered.length > 0 && (
          <span className="muted small playlist-total">
            {ordered.length} {ordered.length === 1 ? "item" : "items"} · total {formatDuration(running)}
            {unknownDurations && " (some durations unknown)"}
          </span>
        )}
      </div>
      {ordered.length === 0 ? (
        <p className="empty-state">
          The playlist is empty. Select files in the library and press Add to playlist, or upload them with Add media.
        </p>
      ) : !canEdit ? (
        <ol className="playlist-items" aria-label="Playlist (view only)">
          {ordered.map((item, index) => (
            <li key={item.id} className="playlist-slot read-only" data-item-id={item.id}>
              <span className="slot-position" aria-hidden>
                {index + 1}
              </span>
              <span className="slot-letter muted" title="Slot letter">
                {item.slotPosition ?? "–"}
              </span>
              <SlotDetails
                item={item}
                runningTotal={totals[index]!}
                previewUrl={urls.get(item.id) ?? item.previewUrl}
                mediaType={playlist.mediaType}
                longest={longest}
                inspect={inspect}
              />
            </li>
          ))}
        </ol>
      ) : (
        <>
          <SortableList
            ids={ordered.map((item) => item.id)}
            list="ol"
            className="playlist-items"
            onReorder={setOrder}
            itemLabel={(id) => {
              const item = byId.get(id);
              return item ? item.title || fileTitle(item.fileName) : "";
            }}
            hint={
              <>
                Drag a slot by its handle (or Space, arrow keys, Space), then press Save Order. Double-click a slot to
                remove it.
              </>
            }
          >
            {ordered.map((item, index) => (
              <SortableSlot
                key={item.id}
                item={item}
                position={index + 1}
                runningTotal={totals[index]!}
                previewUrl={urls.get(item.id) ?? item.previewUrl}
                mediaType={playlist.mediaType}
                onMessage={showFeedback}
                longest={longest}
                inspect={inspect}
              />
            ))}
          </SortableList>
          <div className="order-controls">
            <button type="button" className="button primary" disabled={saving || !dirty} onClick={save}>
              {saving ? "Saving..." : "Save Order"}
            </button>
            {dirty && !saving && <span className="unsaved">The new order is not saved yet.</span>}
            {dirty && (
              <button type="button" className="button small" disabled={saving} onClick={() => setOrder(serverIds)}>
                Reset
              </button>
            )}
          </div>
        </>
      )}
      <Feedback feedback={feedback} />
    </>
  );
}

function SortableSlot({
  item,
  position,
  runningTotal,
  previewUrl,
  mediaType,
  onMessage,
  longest,
  inspect,
}: {
  item: PlaylistItemView;
  position: number;
  runningTotal: number;
  previewUrl: string;
  mediaType: MediaKind | null;
  onMessage: ShowFeedback;
  longest: number;
  inspect?: Inspect;
}) {
  const row = useSortableRow(item.id);
  const removeFetcher = useFetcher<Answer>();
  const removing = removeFetcher.state !== "idle";
  useAnswer(removeFetcher.data, onMessage);
  const [armed, setArmed] = useState(false);
  const armedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const name = displayName(item.fileName);

  function click(event: ReactMouseEvent<HTMLLIElement>) {
    // Clicks on the slot input, the preview, the handle or any control do not count.
    if (event.target instanceof Element && event.target.closest("input, button, a, audio, video, .slot-preview, label"))
      return;
    if (removing) return;
    const now = Date.now();
    if (armed && now - armedAt.current <= REMOVE_WINDOW_MS) {
      clearTimeout(timer.current);
      setArmed(false);
      void removeFetcher.submit({ intent: "remove-item", itemId: item.id }, { method: "post" });
      return;
    }
    armedAt.current = now;
    setArmed(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setArmed(false), REMOVE_WINDOW_MS);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the seed's two-click removal is a pointer gesture on the whole slot; its controls stay keyboard-reachable
    <li
      ref={row.ref}
      style={row.style}
      className={`playlist-slot${row.isDragging ? " dragging" : ""}${armed ? " armed" : ""}${removing ? " removing" : ""}${inspect?.selectedId === item.id ? " inspected" : ""}`}
      data-item-id={item.id}
      onClick={click}
    >
      <DragHandle handle={row.handle} label={`Move ${name} (position ${position})`} />
      <span className="slot-position" aria-hidden>
        {position}
      </span>
      <SlotInput
        name={name}
        letter={item.slotPosition ?? ""}
        rule={PLAYLIST_SLOT}
        placeholder="–"
        fields={{ intent: "item-slot", itemId: item.id }}
      />
      <SlotDetails
        item={item}
        runningTotal={runningTotal}
        previewUrl={previewUrl}
        mediaType={mediaType}
        longest={longest}
        inspect={inspect}
      >
        {armed && (
          <span className="remove-hint" role="status">
            Click again within 2 seconds to remove this slot.
          </span>
        )}
        {removing && <span className="remove-hint">Removing...</span>}
      </SlotDetails>
    </li>
  );
}

/** A slot's name, duration, running total and player: the same for an editor's row and a viewer's. */
function SlotDetails({
  item,
  runningTotal,
  previewUrl,
  mediaType,
  longest = 0,
  inspect,
  children,
}: {
  item: PlaylistItemView;
  runningTotal: number;
  previewUrl: string;
  mediaType: MediaKind | null;
  longest?: number;
  inspect?: Inspect;
  children?: ReactNode;
}) {
  const name = displayName(item.fileName);
  const share = longest > 0 && item.durationSeconds ? Math.max(0.2, item.durationSeconds / longest) : 1;
  return (
    <>
      <div className="slot-main">
        <span className="slot-name">
          {inspect ? (
            <Button
              variant="ghost"
              size="sm"
              className="slot-inspect"
              aria-pressed={inspect.selectedId === item.id}
              title={item.title || fileTitle(item.fileName)}
              // Picking an item keeps the media library's selection (the notes follow the pick).
              data-keeps-selection
              onClick={() => inspect.onSelect(item.id)}
            >
              <FileTitle fileName={item.fileName} title={item.title} />
            </Button>
          ) : (
            <FileTitle fileName={item.fileName} title={item.title} />
          )}
          {item.fromProgram && <span className="program-badge">program</span>}
        </span>
        <span className="slot-meta muted small">
          <span className="slot-duration">{slotDuration(item.durationSeconds, item.probeStatus)}</span>
          {" · running total "}
          {formatDuration(runningTotal)}
        </span>
        {inspect && (
          <span className="slot-wave" style={{ width: `${share * 100}%` }}>
            <Waveform peaks={item.peaks ?? null} progress={0} />
          </span>
        )}
        {children}
      </div>
      <SlotPreview
        url={previewUrl}
        name={name}
        audio={mediaType === "audio" || item.contentType.startsWith("audio/")}
        durationSeconds={item.durationSeconds}
        peaks={item.peaks}
        compact={Boolean(inspect)}
      />
    </>
  );
}
