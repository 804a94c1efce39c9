// Sequence (/playselect, seed 000 §2): pick playlists (empty ones hidden),
// then Create File (render each into one file, optionally loudness-normalised)
// or Process (package them as one zip). Both are jobs: the page polls the JSON
// API every 2 seconds and shows queued / rendering with a percentage / done
// with the file to open, or the failure.
import { useEffect, useId, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { startPackage } from "../../worker/domain/packages/packages";
import { listPlaylists } from "../../worker/domain/playlists/playlists";
import { startRenders } from "../../worker/domain/renders/renders";
import { parse } from "../../worker/domain/validation";
import { Feedback, useFeedback } from "../components/Feedback";
import { PickerActions } from "../components/playlists/PickerActions";
import { LoudnessReport, type LoudnessReportView } from "../components/renders/LoudnessReport";
import { requireUser, server } from "../lib/auth.server";
import { displayName, formatDuration } from "../lib/format";
import { formAction, formFields, formList } from "../lib/forms.server";
import {
  NO_PLAYLISTS_SELECTED,
  packageSchema,
  RENDER_CREATED,
  renderSchema,
  SELECT_PLAYLIST_TO_RENDER,
} from "../lib/schemas/playlists";
import type { Route } from "./+types/playselect";
import "../styles/files.css";
import "../styles/playlists.css";

const POLL_MS = 2000;
const UNEXPECTED = "An unexpected error occurred. Please try again.";

export function meta() {
  return [{ title: "Sequence · Creator Platform" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const playlists = await listPlaylists(server(context).deps, user.id);
  return {
    // Playlists with no files are hidden in the picker (seed 000 §2).
    playlists: playlists
      .filter((playlist) => playlist.items.length > 0)
      .map((playlist) => ({
        id: playlist.id,
        projectId: playlist.projectId,
        projectTitle: playlist.projectTitle,
        mediaType: playlist.mediaType,
        itemCount: playlist.items.length,
        totalSeconds: playlist.totalSeconds,
        renderedAt: playlist.renderedAt,
      })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const form = await request.formData();
  const fields = formFields(form);

  switch (fields.intent) {
    case "render": {
      const echo = { intent: "render" as const };
      return formAction(async () => {
        const input = parse(renderSchema, {
          playlistIds: formList(form, "playlistId"),
          loudness: fields.loudness === "on" || fields.loudness === "true",
        });
        return { ...echo, renders: await startRenders(deps, user.id, input.playlistIds, input.loudness) };
      }, echo);
    }
    case "package": {
      const echo = { intent: "package" as const };
      return formAction(async () => {
        const input = parse(packageSchema, { playlistIds: formList(form, "playlistId") });
        return { ...echo, ...(await startPackage(deps, user.id, input.playlistIds)) };
      }, echo);
    }
    default:
      throw data("Unknown form.", { status: 400 });
  }
}

type PlaylistOption = Route.ComponentProps["loaderData"]["playlists"][number];
type JobState = "queued" | "running" | "done" | "failed";

interface RenderProgress {
  renderId: string;
  projectTitle: string;
  status: JobState;
  progress: number;
  error: string | null;
  url: string | null;
  /** With loudness normalisation: what it did to each item. */
  loudnessReport?: LoudnessReportView | null;
}

interface PackageProgress {
  jobId: string;
  status: JobState;
  progress: number;
  error: string | null;
  downloadUrl: string | null;
  fileName: string | null;
}

interface Answer {
  intent?: "render" | "package";
  renders?: { renderId: string; playlistId: string; projectTitle: string; status: "queued" }[];
  jobId?: string;
  status?: "queued";
  error?: { code: string; message: string };
}

const active = (status: JobState) => status === "queued" || status === "running";

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!response.ok || !body) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body;
}

/** Calls `tick` every 2 seconds while `running`; a failing tick is tried again on the next. */
function usePolling(running: boolean, tick: () => Promise<void>) {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const loop = async () => {
      try {
        await latest.current();
      } catch (error) {
        console.error(error);
      }
      if (!stopped) timer = setTimeout(loop, POLL_MS);
    };
    timer = setTimeout(loop, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running]);
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
  usePolling(rendering, async () => {
    const ids = renders.filter((r) => active(r.status)).map((r) => r.renderId);
    if (ids.length === 0) return;
    const { renders: states } = await getJson<{
      renders: { id: string; status: JobState; progress: number; error: string | null }[];
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
          url: listed.get(r.renderId)?.url ?? r.url,
          loudnessReport: listed.get(r.renderId)?.loudnessReport ?? r.loudnessReport,
        };
      }),
    );
  });

  const packaging = pack ? active(pack.status) : false;
  usePolling(packaging, async () => {
    if (!pack) return;
    const job = await getJson<{
      status: JobState;
      progress: number;
      error: string | null;
      downloadUrl: string | null;
      fileName: string | null;
    }>(`/api/jobs/${encodeURIComponent(pack.jobId)}`);
    setPack((current) => (current && current.jobId === pack.jobId ? { ...current, ...job } : current));
  });

  const renderBusy = renderFetcher.state !== "idle" || rendering;
  const packageBusy = packageFetcher.state !== "idle" || packaging;

  function submit(intent: "render" | "package") {
    if (selected.length === 0)
      return showFeedback(intent === "render" ? SELECT_PLAYLIST_TO_RENDER : NO_PLAYLISTS_SELECTED, true);
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
          Select playlists, then <strong>Create File</strong> to render each into one file, or <strong>Process</strong>{" "}
          to package their files as one zip.
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
        <label className="inline loudness" htmlFor={`${id}-loudness`}>
          <input
            id={`${id}-loudness`}
            type="checkbox"
            checked={loudness}
            onChange={(event) => setLoudness(event.target.checked)}
          />
          Normalise loudness <span className="muted small">(−16 LUFS stereo, −19 LUFS mono, peaks ≤ −1 dBTP)</span>
        </label>
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

function PlaylistChoice({
  playlist,
  checked,
  onChange,
}: {
  playlist: PlaylistOption;
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
        {playlist.mediaType === "audio" ? "Audio" : "Video"} · {playlist.itemCount}{" "}
        {playlist.itemCount === 1 ? "file" : "files"} · {formatDuration(playlist.totalSeconds)}
        {" · "}
        <Link to={`/projects/${playlist.projectId}`}>Edit</Link>
      </span>
    </li>
  );
}

function JobProgress({ status, progress, label }: { status: JobState; progress: number; label: string }) {
  if (status === "queued") return <span className="job-status muted">Queued…</span>;
  if (status !== "running") return null;
  return (
    <span className="job-status">
      <span>Rendering… {progress}%</span>
      <progress max={100} value={progress} aria-label={label} />
    </span>
  );
}

function RenderRow({ render }: { render: RenderProgress }) {
  const title = displayName(render.projectTitle);
  return (
    <li className={`job job-${render.status}`} data-render-id={render.renderId}>
      <strong className="job-title">{title}</strong>
      <JobProgress status={render.status} progress={render.progress} label={`${title} render progress`} />
      {render.status === "done" && (
        <div className="job-result" role="status">
          <p className="success">{RENDER_CREATED}</p>
          <div className="actions">
            {render.url && (
              <a className="button primary small" href={render.url} target="_blank" rel="noreferrer">
                Open
              </a>
            )}
            <Link className="button small" to="/renderfiles">
              Rendered Files
            </Link>
          </div>
          {render.loudnessReport && <LoudnessReport name={title} report={render.loudnessReport} />}
        </div>
      )}
      {render.status === "failed" && (
        <p className="error" role="alert">
          Failed to create file: {render.error ?? UNEXPECTED}
        </p>
      )}
    </li>
  );
}

function PackageRow({ pack }: { pack: PackageProgress }) {
  return (
    <div className={`job job-${pack.status}`}>
      {pack.status === "queued" && <span className="job-status muted">Queued…</span>}
      {pack.status === "running" && (
        <span className="job-status">
          <span>Packaging… {pack.progress}%</span>
          <progress max={100} value={pack.progress} aria-label="Package progress" />
        </span>
      )}
      {pack.status === "done" && pack.downloadUrl && (
        <div className="job-result" role="status">
          <p className="success">The package is ready.</p>
          <a className="button primary" href={pack.downloadUrl} download={pack.fileName ?? true}>
            Download {pack.fileName ?? "zip"}
          </a>
        </div>
      )}
      {pack.status === "failed" && (
        <p className="error" role="alert">
          Failed to package playlists: {pack.error ?? UNEXPECTED}
        </p>
      )}
    </div>
  );
}
