// Sequence (/playselect, seed 000 §2): pick playlists (empty ones hidden),
// then Create File (render each into one file, optionally loudness-normalised)
// or Process (package them as one zip). Both are jobs: the page polls the JSON
// API every 2 seconds and shows queued / rendering with a percentage / done
// with the file to open, or the failure.
// The loader and action are in playselect.server.ts.
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { JobProgress } from "../../../../render-container/src/contract";
import { Feedback, useFeedback } from "../../../components/Feedback";
import { playQueue } from "../../../components/media/now-playing";
import type { LoadFailedHandle } from "../../../components/PageError";
import { Checkbox } from "../../../components/ui";
import { displayName } from "../../../kernel/format";
import { PLAYLISTS_LOAD_FAILED, packageSchema, renderSchema } from "../../../kernel/schemas/playlists";
import { usePollWhile } from "../../../lib/revalidate-while";
import { PickerActions } from "../components/PickerActions";
import { PlaylistChoice } from "../components/PlaylistChoice";
import { PackageRow, RenderRow } from "../renders/JobRows";
import { active, getJson, type PackageProgress, POLL_MS, type RenderProgress } from "../renders/jobs";
import type { LoudnessReportView } from "../renders/LoudnessReport";
import type { Route } from "./+types/sequence";
import "../../../styles/files.css";
import "../playlists.css";

export { action, loader } from "./sequence.server";

export const handle = { loadFailed: PLAYLISTS_LOAD_FAILED } satisfies LoadFailedHandle;

export function meta() {
  return [{ title: "Sequence · Creator Platform" }];
}
interface Answer {
  intent?: "render" | "package";
  renders?: { renderId: string; playlistId: string; projectTitle: string; status: "queued" }[];
  jobId?: string;
  status?: "queued";
  error?: { code: string; message: string };
}

export default function PlaySelect({ loaderData }: Route.ComponentProps) {
  const { playlists } = loaderData;
  const id = useId();
  const [selected, setSelected] = useState<string[]>([]);
  const [loudness, setLoudness] = useState(false);
  const [feedback, showFeedback] = useFeedback();
  const renderFetcher = useFetcher<Answer>();
  const packageFetcher = useFetcher<Answer>();
  const [renders, setRenders] = useState<RenderProgress[]>([]);
  const [pack, setPack] = useState<PackageProgress | null>(null);

  // Answers of the two actions, once each.
  const seen = useRef(new Set<Answer>());
  useEffect(() => {
    for (const answer of [renderFetcher.data, packageFetcher.data]) {
      if (!answer || seen.current.has(answer)) continue;
      seen.current.add(answer);
      if (answer.error) {
        showFeedback(
          answer.intent === "package" ? `Failed to package playlists: ${answer.error.message}` : answer.error.message,
          true,
        );
      } else if (answer.renders) {
        setRenders(
          answer.renders.map((r) => ({
            renderId: r.renderId,
            projectTitle: r.projectTitle,
            status: "queued",
            progress: 0,
            error: null,
            url: null,
          })),
        );
      } else if (answer.jobId) {
        setPack({ jobId: answer.jobId, status: "queued", progress: 0, error: null, downloadUrl: null, fileName: null });
      }
    }
  }, [renderFetcher.data, packageFetcher.data, showFeedback]);

  const rendering = renders.some((r) => active(r.status));
  usePollWhile(
    rendering,
    async () => {
      const ids = renders.filter((r) => active(r.status)).map((r) => r.renderId);
      if (ids.length === 0) return;
      const { renders: states } = await getJson<{
        renders: (JobProgress & { id: string; retrying: boolean })[];
      }>(`/api/renders/status?ids=${ids.map(encodeURIComponent).join(",")}`);
      // Finished renders get their playable URL and loudness report from the render list.
      const finished = states.some((s) => s.status === "done");
      const listed = finished
        ? new Map(
            (
              await getJson<{
                renderFiles: { id: string; url: string | null; loudnessReport: LoudnessReportView | null }[];
              }>("/api/renders")
            ).renderFiles.map((r) => [r.id, r]),
          )
        : new Map<string, { url: string | null; loudnessReport: LoudnessReportView | null }>();
      setRenders((list) =>
        list.map((r) => {
          const state = states.find((s) => s.id === r.renderId);
          if (!state) return r;
          return {
            ...r,
            status: state.status,
            progress: state.progress,
            error: state.error,
            retrying: state.retrying,
            url: listed.get(r.renderId)?.url ?? r.url,
            loudnessReport: listed.get(r.renderId)?.loudnessReport ?? r.loudnessReport,
          };
        }),
      );
    },
    POLL_MS,
  );

  const packaging = pack ? active(pack.status) : false;
  usePollWhile(
    packaging,
    async () => {
      if (!pack) return;
      const job = await getJson<Omit<PackageProgress, "jobId">>(`/api/jobs/${encodeURIComponent(pack.jobId)}`);
      setPack((current) => (current && current.jobId === pack.jobId ? { ...current, ...job } : current));
    },
    POLL_MS,
  );

  const renderBusy = renderFetcher.state !== "idle" || rendering;
  const packageBusy = packageFetcher.state !== "idle" || packaging;

  function submit(intent: "render" | "package") {
    // The action parses the same choice with the same schema (each with the seed's message for its button).
    const choice = (intent === "render" ? renderSchema : packageSchema).safeParse({ playlistIds: selected });
    if (!choice.success) return showFeedback(choice.error.issues[0]!.message, true);
    const form = new FormData();
    form.set("intent", intent);
    for (const playlistId of selected) form.append("playlistId", playlistId);
    if (intent === "render") {
      if (loudness) form.set("loudness", "on");
      setRenders([]);
      void renderFetcher.submit(form, { method: "post" });
    } else {
      setPack(null);
      void packageFetcher.submit(form, { method: "post" });
    }
  }

  return (
    <div className="files-page playselect">
      <section className="card">
        <h1>Sequence</h1>
        <p className="muted">
          Play a playlist to hear its files in order. Select playlists, then <strong>Create File</strong> to render each
          into one file, or <strong>Process</strong> to package their files as one zip.
        </p>
        {playlists.length === 0 ? (
          <p className="empty-state">
            No playlists with files yet. Open a project from <Link to="/authenticated">Home</Link> and add files to its
            playlist.
          </p>
        ) : (
          <fieldset className="playlist-picker">
            <legend>Playlists</legend>
            <ul className="picker-list">
              {playlists.map((playlist) => (
                <PlaylistChoice
                  key={playlist.id}
                  playlist={playlist}
                  checked={selected.includes(playlist.id)}
                  onPlay={() =>
                    playQueue(
                      playlist.tracks.map((track) => ({
                        src: track.src,
                        track: { id: track.id, title: track.title, artist: displayName(playlist.projectTitle) },
                      })),
                    )
                  }
                  onChange={(checked) =>
                    setSelected((list) =>
                      checked ? [...list, playlist.id] : list.filter((other) => other !== playlist.id),
                    )
                  }
                />
              ))}
            </ul>
            <PickerActions ids={playlists.map((p) => p.id)} onSelect={setSelected} />
          </fieldset>
        )}
        <Checkbox
          className="loudness"
          id={`${id}-loudness`}
          label="Normalise loudness"
          checked={loudness}
          onChange={(event) => setLoudness(event.target.checked)}
        />
        {/* The targets are for people who master audio; everyone else needs only the switch. */}
        <details className="loudness-detail muted small">
          <summary>What normalising does</summary>
          Every item is brought to the same loudness, as podcast apps expect: −16 LUFS for stereo, −19 LUFS for mono,
          with peaks kept at or below −1 dBTP.
        </details>
        <div className="actions">
          <button type="button" className="button primary" disabled={renderBusy} onClick={() => submit("render")}>
            {renderBusy ? "Processing..." : "Create File"}
          </button>
          <button type="button" className="button" disabled={packageBusy} onClick={() => submit("package")}>
            {packageBusy ? "Processing..." : "Process"}
          </button>
        </div>
        <Feedback feedback={feedback} />
      </section>

      {renders.length > 0 && (
        <section className="card" aria-labelledby="renders-heading">
          <h2 id="renders-heading">Create File</h2>
          <ul className="job-list">
            {renders.map((render) => (
              <RenderRow key={render.renderId} render={render} />
            ))}
          </ul>
        </section>
      )}

      {pack && (
        <section className="card" aria-labelledby="package-heading">
          <h2 id="package-heading">Process</h2>
          <PackageRow pack={pack} />
        </section>
      )}
    </div>
  );
}
