// The player of a playlist or program slot (playlist builder, programming, Select Playlists). A row
// shows a small poster tile and loads nothing; pressing it opens the one media player for that slot
// (issue 28 §3), instead of one video element per row.
import { useState } from "react";
import { MediaPlayer } from "../../../components/media/MediaPlayer";

export function SlotPreview({
  url,
  name,
  audio,
  durationSeconds,
  peaks,
  compact = false,
}: {
  /** A round play button instead of the poster tile (the project workspace's timeline). */
  compact?: boolean;
  url: string;
  name: string;
  audio: boolean;
  durationSeconds?: number | null;
  peaks?: number[] | null;
}) {
  const [open, setOpen] = useState(false);
  if (open)
    return (
      <div className="slot-preview open">
        <MediaPlayer
          kind={audio ? "audio" : "video"}
          src={url}
          label={name}
          durationSeconds={durationSeconds}
          peaks={peaks}
          autoPlay
        />
      </div>
    );
  return (
    <div className="slot-preview">
      <button type="button" className={compact ? "slot-poster compact" : "slot-poster"} onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="slot-poster-kind">
          {audio && !compact ? "♪" : "▶"}
        </span>
        <span className="visually-hidden">Play {name}</span>
      </button>
    </div>
  );
}
