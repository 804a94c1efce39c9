// One playlist in the Sequence page's picker: its checkbox and title, kind, size, length and an Edit
// link, then Play at the row's end.
import { Link } from "react-router";
import { Button, Checkbox } from "../../../components/ui";
import { displayName, formatDuration, playlistSummary } from "../../../kernel/format";

export interface PlaylistChoiceView {
  id: string;
  projectId: string;
  projectTitle: string;
  mediaType: "audio" | "video" | null;
  itemCount: number;
  totalSeconds: number;
}

export function PlaylistChoice({
  playlist,
  checked,
  onChange,
  onPlay,
}: {
  playlist: PlaylistChoiceView;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Plays the playlist's items in order in the product's player. */
  onPlay?: () => void;
}) {
  const title = displayName(playlist.projectTitle);
  return (
    <li>
      <Checkbox
        className="picker-check"
        name="playlistId"
        value={playlist.id}
        label={<span className="picker-title">{title}</span>}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="muted small">
        {playlistSummary(playlist.mediaType, playlist.itemCount)} · {formatDuration(playlist.totalSeconds)}
        {" · "}
        <Link to={`/projects/${playlist.projectId}`}>Edit</Link>
      </span>
      {onPlay && (
        <Button size="sm" className="picker-play" aria-label={`Play ${title}`} onClick={onPlay}>
          <span aria-hidden>▶</span> Play
        </Button>
      )}
    </li>
  );
}
