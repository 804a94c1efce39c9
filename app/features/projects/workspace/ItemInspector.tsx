// The workspace's inspector: the playlist item picked on the timeline (by its name) — its slot
// letter (the timeline marker's own form), the title of the chapter it starts, its length, where it
// starts, a player with its waveform and its chapter marks (the playlist's one chapter editor) — or
// the file selected in the media library (`FileInspector`). The notes of its file follow underneath.
import { useState } from "react";
import { Link } from "react-router";
import type { Chapter } from "../../../../worker/domain/playlists/chapters";
import { FileTitle } from "../../../components/FileTitle";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { SlotInput } from "../../../components/SlotInput";
import { Button, buttonClass } from "../../../components/ui/Button";
import { displayName, formatBytes, formatDuration, slotDuration } from "../../../kernel/format";
import { formatChapterTime } from "../../../kernel/schemas/chapter-time";
import { PLAYLIST_SLOT } from "../../../kernel/schemas/slot-letters";
import { ItemChapters } from "../../playlists/components/ChapterEditor";
import type { PlaylistItemView } from "../../playlists/components/types";
import { ItemChapterTitle } from "./ItemChapterTitle";

export function ItemInspector({
  item,
  position,
  chapters,
  audio,
  previewUrl,
  canEdit,
}: {
  item: PlaylistItemView | null;
  canEdit: boolean;
  position: number;
  chapters: Chapter[];
  audio: boolean;
  previewUrl: string | null;
}) {
  if (!item)
    return (
      <p className="muted">
        The playlist is empty. Add files from the media library; pick an item's name on the timeline to see it here.
      </p>
    );
  const name = displayName(item.fileName);
  const own = chapters.filter((chapter) => chapter.itemId === item.id);
  const first = own.find((chapter) => chapter.itemStart) ?? null;
  const start = first?.startSeconds ?? null;
  return (
    <div className="inspector-item" data-item-id={item.id}>
      <p className="inspector-name">
        <FileTitle fileName={item.fileName} title={item.title} />
        {item.fromProgram && <span className="program-badge">program</span>}
      </p>
      <dl className="inspector-facts">
        <div>
          <dt>Position</dt>
          <dd>{position}</dd>
        </div>
        {!canEdit && (
          <div>
            <dt>Slot</dt>
            <dd>{item.slotPosition ? <span className="slot-marker">{item.slotPosition}</span> : "none"}</dd>
          </div>
        )}
        <div>
          <dt>Length</dt>
          <dd>{slotDuration(item.durationSeconds, item.probeStatus)}</dd>
        </div>
        <div>
          <dt>Starts at</dt>
          <dd>{start == null ? "unknown" : formatDuration(start)}</dd>
        </div>
      </dl>
      {canEdit && (
        <div className="inspector-slot">
          <SlotInput
            key={`slot-${item.id}`}
            name={name}
            label="Slot letter"
            letter={item.slotPosition ?? ""}
            rule={PLAYLIST_SLOT}
            placeholder="–"
            fields={{ intent: "item-slot", itemId: item.id }}
          />
        </div>
      )}
      {first && <ItemChapterTitle key={`title-${item.id}`} chapter={first} canEdit={canEdit} />}
      {previewUrl && <InspectorPlayer key={item.id} item={item} name={name} audio={audio} src={previewUrl} />}
      <h3 className="inspector-subheading">Chapters in this item</h3>
      {canEdit ? (
        <ItemChapters chapters={chapters} itemId={item.id} />
      ) : own.length === 0 ? (
        <p className="muted small">No chapters.</p>
      ) : (
        <ol className="inspector-chapters">
          {own.map((chapter) => (
            <li key={`${chapter.itemId}-${chapter.offsetSeconds}`}>
              <span className="muted">{formatChapterTime(chapter.offsetSeconds)}</span> {chapter.title}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Audio loads nothing until played; a video, like the timeline's rows, opens its player on demand. */
function InspectorPlayer({
  item,
  name,
  audio,
  src,
}: {
  item: PlaylistItemView;
  name: string;
  audio: boolean;
  src: string;
}) {
  const [open, setOpen] = useState(audio);
  if (!open)
    return (
      <Button variant="secondary" aria-label={`Play ${name}`} onClick={() => setOpen(true)}>
        ▶ Play
      </Button>
    );
  return (
    <MediaPlayer
      kind={audio ? "audio" : "video"}
      src={src}
      label={name}
      durationSeconds={item.durationSeconds}
      peaks={item.peaks}
      autoPlay={!audio}
    />
  );
}

/** The file selected last in the media library: what it is, a player, and its page. */
export function FileInspector({
  file,
  previewUrl,
}: {
  file: {
    id: string;
    fileName: string;
    kind: string;
    size: number;
    durationSeconds: number | null;
    peaks?: number[] | null;
  };
  previewUrl: string | null;
}) {
  const name = displayName(file.fileName);
  const playable = previewUrl && (file.kind === "audio" || file.kind === "video");
  return (
    <div className="inspector-item" data-file-id={file.id}>
      <p className="inspector-name" title={name}>
        <FileTitle fileName={file.fileName} />
      </p>
      <p className="muted small inspector-origin">From the media library</p>
      <dl className="inspector-facts">
        <div>
          <dt>Kind</dt>
          <dd>{file.kind}</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{file.durationSeconds == null ? "–" : formatDuration(file.durationSeconds)}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatBytes(file.size)}</dd>
        </div>
      </dl>
      {playable && (
        <MediaPlayer
          key={file.id}
          kind={file.kind === "video" ? "video" : "audio"}
          src={previewUrl}
          label={name}
          durationSeconds={file.durationSeconds}
          peaks={file.peaks}
        />
      )}
      <p className="inspector-actions">
        <Link to={`/bigfile/${file.id}`} className={buttonClass("secondary", "sm")}>
          Open the file's page
        </Link>
      </p>
    </div>
  );
}
