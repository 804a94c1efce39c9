// One playlist in the Sequence page's picker: its title, kind, size, length and an Edit link.
import { Link } from "react-router";
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
}: {
  playlist: PlaylistChoiceView;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li>
      <label className="inline">
        <input
          type="checkbox"
          name="playlistId"
          value={playlist.id}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="picker-title">{displayName(playlist.projectTitle)}</span>
      </label>
      <span className="muted small">
        {playlistSummary(playlist.mediaType, playlist.itemCount)} · {formatDuration(playlist.totalSeconds)}
        {" · "}
        <Link to={`/projects/${playlist.projectId}`}>Edit</Link>
      </span>
    </li>
  );
}
