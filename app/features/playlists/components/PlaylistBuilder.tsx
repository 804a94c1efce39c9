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
  selectedFileIds,
  onAdded,
  canEdit = true,
  inspect,
}: {
  /** The workspace's inspector: which item it shows and how a row picks it. */
  inspect?: { selectedId: string | null; onSelect: (itemId: string) => void };
  /** False for a project's viewers: nothing to add or upload, and the order list is view-only but plays. */
  canEdit?: boolean;
  playlist: PlaylistView;
  applications: ApplicationView[];
  selectedFileIds: string[];
  onAdded: () => void;
}) {
  const [feedback, showFeedback] = useFeedback();
  const addFetcher = useFetcher<Answer>();
  const adding = addFetcher.state !== "idle";
  useAnswer(addFetcher.data, showFeedback, onAdded);
  const kind = playlist.mediaType ?? "none";

  return (
    <>
      {/* The timeline first, so it starts in the first screen; adding from the library comes under it. */}
      <section className="card playlist-order" aria-labelledby="playlist-order-heading">
        <OrderList playlist={playlist} canEdit={canEdit} inspect={inspect} />
        <AppliedPrograms applications={applications} canEdit={canEdit} />
      </section>

      {canEdit && (
        <section className="card playlist-builder" aria-labelledby="playlist-builder-heading" data-keeps-selection>
          <div className="section-heading">
            <h2 id="playlist-builder-heading">Playlist builder</h2>
            <span className={`playlist-kind kind-${kind}`}>{KIND_LABEL[kind]}</span>
          </div>
          <div className="add-to-playlist">
            <CheckedButton
              className="button primary"
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
            <span className="muted small">
              {selectedFileIds.length === 0
                ? "Select audio or video files in the media library (click a file twice), then add them here."
                : `${selectedFileIds.length} ${selectedFileIds.length === 1 ? "file" : "files"} selected.`}
            </span>
          </div>
          <Feedback feedback={feedback} />
        </section>
      )}
    </>
  );
}
