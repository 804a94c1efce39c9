// The project workspace's playlist: the timeline (`PlaylistBuilder`: the order list with the programs
// applied to it) and the playlist builder (`AddToPlaylist`: the library's selection onto the end of
// the timeline), which sits in the media library beside the selection it reads.
import { useFetcher } from "react-router";
import { CheckedButton } from "../../../components/CheckedButton";
import { Feedback, useAnswer, useFeedback } from "../../../components/Feedback";
import { NO_FILES_SELECTED } from "../../../kernel/schemas/playlist-messages";
import type { MediaKind } from "../../../lib/media-kind";
import { AppliedPrograms } from "./AppliedPrograms";
import { OrderList } from "./OrderList";
import type { Answer, ApplicationView, PlaylistView } from "./types";

import "../playlists.css";
export const KIND_LABEL: Record<MediaKind | "none", string> = {
  video: "Video playlist",
  audio: "Audio playlist",
  none: "Empty playlist",
};

export function PlaylistBuilder({
  playlist,
  applications,
  canEdit = true,
  inspect,
}: {
  /** The workspace's inspector: which item it shows and how a row picks it. */
  inspect?: { selectedId: string | null; onSelect: (itemId: string) => void };
  /** False for a project's viewers: nothing to change; the order list is view-only but plays. */
  canEdit?: boolean;
  playlist: PlaylistView;
  applications: ApplicationView[];
}) {
  const kind = playlist.mediaType ?? "none";
  return (
    <section className="card playlist-order" aria-labelledby="playlist-order-heading">
      <OrderList
        playlist={playlist}
        canEdit={canEdit}
        inspect={inspect}
        badge={<span className={`playlist-kind kind-${kind}`}>{KIND_LABEL[kind]}</span>}
      />
      <AppliedPrograms applications={applications} canEdit={canEdit} />
    </section>
  );
}

/** 'Add to playlist' for the files selected in the library ('No files selected.' when none is). */
export function AddToPlaylist({
  selectedFileIds,
  count,
  of,
  onAdded,
}: {
  selectedFileIds: string[];
  /** How many files the library shows selected, of how many. */
  count: number;
  of: number;
  onAdded: () => void;
}) {
  const [feedback, showFeedback] = useFeedback();
  const addFetcher = useFetcher<Answer>();
  const adding = addFetcher.state !== "idle";
  useAnswer(addFetcher.data, showFeedback, onAdded);
  return (
    <section className="playlist-builder" aria-labelledby="playlist-builder-heading" data-keeps-selection>
      <h3 id="playlist-builder-heading" className="visually-hidden">
        Playlist builder
      </h3>
      <div className="add-to-playlist">
        <CheckedButton
          className="button primary small"
          disabled={adding}
          problem={() => (selectedFileIds.length === 0 ? NO_FILES_SELECTED : null)}
          onMessage={showFeedback}
          onClick={() => {
            const form = new FormData();
            form.set("intent", "add-to-playlist");
            for (const id of selectedFileIds) form.append("fileId", id);
            void addFetcher.submit(form, { method: "post" });
          }}
        >
          {adding ? "Adding..." : "Add to playlist"}
        </CheckedButton>
        <span className="selection-count" role="status">
          {count === 0
            ? "No files selected"
            : `${new Intl.NumberFormat().format(count)} of ${new Intl.NumberFormat().format(of)} selected`}
        </span>
      </div>
      <Feedback feedback={feedback} />
    </section>
  );
}
