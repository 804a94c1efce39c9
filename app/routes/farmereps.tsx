// The public episodes list (seed 001 screen 11): 'Loading episodes...' while
// fetching, 'No episodes uploaded yet.' when empty, else cards with title,
// player (seeking works: the media URL honours Range), description and
// 'Uploaded by {username} on {date}'. Owners edit or delete; the admin hides.
import { useCallback, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { EpisodeView } from "../../worker/domain/farmertv/episodes";
import { useConfirm } from "../components/ui";
import { LOADING_EPISODES, NO_EPISODES } from "../lib/schemas/farmertv";
import type { loader as rootLoader } from "../root";
import "../styles/community.css";

export function meta() {
  return [
    { title: "Episodes · Creator Platform" },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "FarmerTV",
      href: "/api/episodes/feed.xml",
    },
  ];
}

async function send(path: string, method: string, json?: unknown) {
  const response = await fetch(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!response.ok) throw new Error("Request failed.");
}

export default function FarmerEps() {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const confirm = useConfirm();
  const [episodes, setEpisodes] = useState<EpisodeView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const load = useCallback(() => {
    fetch("/api/episodes", { headers: { accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ farmVid: EpisodeView[] }>) : Promise.reject(r.status)))
      .then((body) => setEpisodes(body.farmVid))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  return (
    <section className="card">
      <h1>Episodes</h1>
      <p>
        <a href="/api/episodes/feed.xml">Subscribe to the video podcast feed (RSS)</a>
      </p>
      {failed ? (
        <p className="error" role="alert">
          Failed to load episodes.
        </p>
      ) : episodes === null ? (
        <p aria-busy="true">{LOADING_EPISODES}</p>
      ) : episodes.length === 0 ? (
        <p className="empty-state">{NO_EPISODES}</p>
      ) : (
        <ul className="episodes">
          {episodes.map((episode) => {
            const mine = user?.id === episode.userId;
            return (
              <li key={episode.id} id={`episode-${episode.id}`} className="episode">
                {editing === episode.id ? (
                  <form
                    className="form"
                    onSubmit={async (event) => {
                      event.preventDefault();
                      const form = new FormData(event.currentTarget);
                      await send(`/api/episodes/${episode.id}`, "PATCH", {
                        title: form.get("title"),
                        description: form.get("description"),
                      }).catch(() => setFailed(true));
                      setEditing(null);
                      load();
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
                ) : (
                  <h2>
                    {episode.fileTitle}
                    {episode.hidden && <span className="muted"> (hidden)</span>}
                  </h2>
                )}
                {/* No caption track: members' uploads carry none. */}
                <video
                  controls
                  preload="metadata"
                  src={episode.url}
                  poster={episode.coverUrl ?? undefined}
                  aria-label={`Play ${episode.fileTitle}`}
                />
                <p>{episode.fileDescription}</p>
                <p className="muted">
                  Uploaded by {episode.userName} on {new Date(episode.createdAt).toLocaleDateString()}
                </p>
                {(mine || user?.role === "admin") && (
                  <p>
                    {mine && (
                      <>
                        <button type="button" className="link-button" onClick={() => setEditing(episode.id)}>
                          Edit
                        </button>{" "}
                        <button
                          type="button"
                          className="link-button"
                          onClick={async () => {
                            if (!(await confirm("Delete this episode?", { confirmLabel: "Delete" }))) return;
                            await send(`/api/episodes/${episode.id}`, "DELETE").catch(() => setFailed(true));
                            load();
                          }}
                        >
                          Delete
                        </button>{" "}
                      </>
                    )}
                    {user?.role === "admin" && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={async () => {
                          await send(`/api/admin/episodes/${episode.id}/hidden`, "PUT", {
                            hidden: !episode.hidden,
                          }).catch(() => setFailed(true));
                          load();
                        }}
                      >
                        {episode.hidden ? "Show" : "Hide"}
                      </button>
                    )}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
