// The workspace's inspector: the playlist item picked on the timeline (by its name) — its slot
// letter, length, where it starts, its chapters and a player with its waveform. The slot letter is
// changed on the timeline's marker, the chapters in the chapter editor below.
import { useState } from "react";
import type { Chapter } from "../../../../worker/domain/playlists/chapters";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Button } from "../../../components/ui/Button";
import { displayName, formatDuration, slotDuration } from "../../../kernel/format";
import { formatChapterTime } from "../../../kernel/schemas/chapter-time";
import type { PlaylistItemView } from "../../playlists/components/types";

export function ItemInspector({
  item,
  position,
  chapters,
  audio,
  previewUrl,
}: {
  item: PlaylistItemView | null;
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
  const start = own.find((chapter) => chapter.itemStart)?.startSeconds ?? null;
  return (
    <div className="inspector-item">
      <p className="inspector-name">
        {name}
        {item.fromProgram && <span className="program-badge">program</span>}
      </p>
      <dl className="inspector-facts">
        <div>
          <dt>Position</dt>
          <dd>{position}</dd>
        </div>
        <div>
          <dt>Slot</dt>
          <dd>{item.slotPosition ? <span className="slot-marker">{item.slotPosition}</span> : "none"}</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{slotDuration(item.durationSeconds, item.probeStatus)}</dd>
        </div>
        <div>
          <dt>Starts at</dt>
          <dd>{start == null ? "unknown" : formatDuration(start)}</dd>
        </div>
      </dl>
      {previewUrl && <InspectorPlayer key={item.id} item={item} name={name} audio={audio} src={previewUrl} />}
      <h3 className="inspector-subheading">Chapters in this item</h3>
      {own.length === 0 ? (
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
