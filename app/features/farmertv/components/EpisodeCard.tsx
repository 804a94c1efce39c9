// One FarmerTV episode (seed 001 screen 11): title, player (seeking works: the media URL honours
// Range), description and 'Uploaded by {name} on {date}' (the uploader's display name). The owner
// edits or deletes (deleting asks first, in the design system's confirmation dialog); the admin hides
// or shows (EpisodeTools, also on each episode's own page). The card is /farmereps' list item.
import { useState } from "react";
import { Link, useRevalidator, useRouteLoaderData } from "react-router";
import type { EpisodeView } from "../../../../worker/domain/farmertv/episodes";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { useConfirm } from "../../../components/ui";
import { api, call, errorText } from "../../../lib/api-client";
import type { loader as rootLoader } from "../../../root";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** 'Uploaded by {name} on {date}'. */
export function Uploaded({ episode }: { episode: EpisodeView }) {
  return (
    <>
      Uploaded by {episode.uploaderName} on{" "}
      <time dateTime={episode.createdAt}>{DATE.format(new Date(episode.createdAt))}</time>
    </>
  );
}

export function EpisodeCard({ episode }: { episode: EpisodeView }) {
  return (
    <li id={`episode-${episode.id}`} className="episode">
      <MediaPlayer
        kind="video"
        src={episode.url}
        label={episode.fileTitle}
        showLabel={false}
        poster={episode.coverUrl}
        durationSeconds={episode.durationSeconds}
      />
      <div className="episode-text">
        <h2 className="episode-title">
          <Link to={`/farmereps/${episode.id}`}>{episode.fileTitle}</Link>
          {episode.hidden && <span className="muted"> (hidden)</span>}
        </h2>
        <p className="episode-description">{episode.fileDescription}</p>
        <p className="muted episode-meta">
          <Uploaded episode={episode} />
        </p>
        <EpisodeTools episode={episode} />
      </div>
    </li>
  );
}

/** The owner's Edit and Delete, the admin's Hide or Show; nothing for anyone else. */
export function EpisodeTools({
  episode,
  onDeleted,
}: {
  episode: EpisodeView;
  /** Where to go once deleted (the episode's own page leaves); the list just reloads. */
  onDeleted?: () => void;
}) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const confirm = useConfirm();
  const [failed, setFailed] = useState<string | null>(null);
  const mine = user?.id === episode.userId;

  async function change(run: () => Promise<unknown>, after?: () => void) {
    setFailed(null);
    try {
      await run();
      after?.();
      await revalidator.revalidate();
    } catch (error) {
      setFailed(errorText(error, "Request failed."));
    }
  }

  if (!mine && user?.role !== "admin") return null;
  return (
    <div className="episode-tools">
      {editing && (
        <form
          method="post"
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            void change(
              () =>
                call(
                  api.episodes[":id"].$patch({
                    param: { id: episode.id },
                    json: {
                      title: String(form.get("title") ?? ""),
                      description: String(form.get("description") ?? ""),
                    },
                  }),
                ),
              () => setEditing(false),
            );
          }}
        >
          <label>
            Title
            <input name="title" defaultValue={episode.fileTitle} maxLength={100} required />
          </label>
          <label>
            Description
            <textarea name="description" defaultValue={episode.fileDescription} maxLength={360} required />
          </label>
          <button type="submit" className="button">
            Save
          </button>
        </form>
      )}
      {failed && (
        <p className="error" role="alert">
          {failed}
        </p>
      )}
      {(mine || user?.role === "admin") && (
        <div className="actions">
          {mine && (
            <>
              <button type="button" className="link-button" onClick={() => setEditing((on) => !on)}>
                {editing ? "Cancel" : "Edit"}
              </button>
              <button
                type="button"
                className="link-button"
                onClick={async () => {
                  if (!(await confirm("Delete this episode?", { confirmLabel: "Delete" }))) return;
                  await change(() => call(api.episodes[":id"].$delete({ param: { id: episode.id } })), onDeleted);
                }}
              >
                Delete
              </button>
            </>
          )}
          {user?.role === "admin" && (
            <button
              type="button"
              className="link-button"
              onClick={() =>
                void change(() =>
                  call(
                    api.admin.episodes[":id"].hidden.$put({
                      param: { id: episode.id },
                      json: { hidden: !episode.hidden },
                    }),
                  ),
                )
              }
            >
              {episode.hidden ? "Show" : "Hide"}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
