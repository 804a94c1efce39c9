// The project workspace (/projects/:projectId), laid out like Descript's: a compact header with the title
// and the one 'Add media' action; then three panes side by side — the media library (one click selects
// a file, 'Add to playlist' for the selection, Play / Open / ⋯ inside each row), the playlist as a
// timeline (waveforms, slot letters, drag to order, 'Save Order') with its chapters' outline, and a
// sticky inspector for whatever was picked last (a timeline item: slot letter, chapter title, chapter
// marks; or a library file), with the notes on its file. Under the panes: 'Add media' (into the library
// or straight onto the timeline), Team, Signatures and Activity as tabs (workspace/ProjectTabs, loaded
// lazily), the danger zone. On a phone the panes take turns. Loader and action: project.server.ts.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Chapter } from "../../../../worker/domain/playlists/chapters";
import { Feedback, useFeedback } from "../../../components/Feedback";
import type { LoadFailedHandle } from "../../../components/PageError";
import teams from "../../../components/teams/teams.module.css";
import { Button } from "../../../components/ui";
import { displayName, formatDuration } from "../../../kernel/format";
import { PROJECT_FILES_LOAD_FAILED } from "../../../kernel/schemas/files";
import { useRevalidateWhile } from "../../../lib/revalidate-while";
import { ChapterOutline } from "../../playlists/components/ChapterEditor";
import { DirectUpload } from "../../playlists/components/DirectUpload";
import { useStableUrls } from "../../playlists/components/OrderList";
import { AddToPlaylist, KIND_LABEL, PlaylistBuilder } from "../../playlists/components/PlaylistBuilder";
import type { PlaylistItemView } from "../../playlists/components/types";
import { DeleteProject, ProjectHeading } from "../components/ProjectHeading";
import { ProjectUploader } from "../components/ProjectUploader";
import { FileList, type Selection } from "../files/FileList";
import { useArrivalMessage } from "../files/flash";
import { FileNotesCard } from "../workspace/FileNotesCard";
import { FileInspector, ItemInspector } from "../workspace/ItemInspector";
import type { Route } from "./+types/project";
import "../../../styles/files.css";
import "../workspace/workspace.css";

/** Team, Signatures and Activity: below the workspace, so their code is not part of the page's first load. */
const loadTabs = () => import("../workspace/ProjectTabs");
// In the browser it is fetched as soon as this module runs, beside hydration rather than before it, so the
// tabs are ready (and take clicks) when hydration reaches them.
if (typeof document !== "undefined") void loadTabs();
const ProjectTabs = lazy(loadTabs);

export { action, loader } from "./project.server";

export const handle = { loadFailed: PROJECT_FILES_LOAD_FAILED } satisfies LoadFailedHandle;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? displayName(loaderData.project.title) || "Untitled Project" : "Project";
  return [{ title: `${title} · Creator Platform` }];
}

const ROLE_PHRASE: Record<string, string> = { owner: "the owner", editor: "an editor", viewer: "a viewer" };

/** On a phone the three areas take turns (the switch shows below 600 px; wider, all three show). */
const PANES = [
  { value: "library", label: "Library" },
  { value: "timeline", label: "Timeline" },
  { value: "inspector", label: "Inspector" },
] as const;
type Pane = (typeof PANES)[number]["value"];
/** Where the areas take turns (workspace.css). */
const PHONE = "(max-width: 600px)";

/** The one 'Add media' panel's two ways in: a file for the library, or an item straight onto the timeline. */
const TARGETS = [
  { value: "library", label: "Add to the library" },
  { value: "playlist", label: "Add to the playlist" },
] as const;
type Target = (typeof TARGETS)[number]["value"];

const isProbing = (item: { probeStatus: string }) => item.probeStatus === "queued" || item.probeStatus === "running";

export default function Project({ loaderData }: Route.ComponentProps) {
  const { project, files, applications, role } = loaderData;
  // Each item by its title: its chapter's, if the creator named it, else its file's (kernel/format).
  const playlist = withTitles(loaderData.playlist, loaderData.chapters);
  const canEdit = role !== "viewer";
  const [selection, setSelection] = useState<Selection>([]);
  const selectedFileIds = files.filter((file) => selection.includes(file.id)).map((file) => file.id);
  const revalidator = useRevalidator();
  const [feedback, showFeedback] = useFeedback();
  const [refreshing, setRefreshing] = useState(false);
  const [inspected, setInspected] = useState<string | null>(null);
  const [pane, setPane] = useState<Pane>("library");
  const [target, setTarget] = useState<Target>("library");
  const addMedia = useRef<HTMLElement>(null);
  const paneClass = (name: Pane) => (pane === name ? `workspace-${name}` : `workspace-${name} pane-away`);
  const urls = useStableUrls(playlist.items);

  // The inspector shows whichever was picked last: the file clicked last in the library (marked or
  // selected; else the file selected last) or the item picked on the timeline.
  const [notedId, setNotedId] = useState<string | null>(null);
  const [lastPick, setLastPick] = useState<"file" | "item">("item");
  const libraryFileId = notedId && files.some((file) => file.id === notedId) ? notedId : (selection.at(-1) ?? null);
  const libraryFile = files.find((file) => file.id === libraryFileId) ?? null;

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await revalidator.revalidate();
    } finally {
      setRefreshing(false);
    }
  }, [revalidator]);

  // A message handed over by the page before: Home after its uploads, the file view after deleting.
  useArrivalMessage(showFeedback);
  // While a probe is queued or running (of a file or of a playlist item), look again every 3 seconds.
  useRevalidateWhile(files.some(isProbing) || playlist.items.some(isProbing));

  // The item picked on the timeline, else the first one.
  const index = Math.max(
    0,
    playlist.items.findIndex((item) => item.id === inspected),
  );
  const item = playlist.items[index] ?? null;
  const total = playlist.items.reduce((sum, each) => sum + (each.durationSeconds ?? 0), 0);
  const showFile = libraryFile !== null && (lastPick === "file" || !item);
  // On a phone, picking an item opens the inspector's turn and moves the focus to it.
  const inspectorHeading = useRef<HTMLHeadingElement>(null);
  const [focusInspector, setFocusInspector] = useState(false);
  useEffect(() => {
    if (!focusInspector || pane !== "inspector") return;
    setFocusInspector(false);
    inspectorHeading.current?.focus();
  }, [focusInspector, pane]);
  const onSelect = (itemId: string) => {
    setInspected(itemId);
    setLastPick("item");
    if (window.matchMedia(PHONE).matches) {
      setPane("inspector");
      setFocusInspector(true);
    }
  };
  const inspect = { selectedId: showFile ? null : (item?.id ?? null), onSelect };
  const itemFile = (item?.fileId && files.find((file) => file.id === item.fileId)) || null;
  const notedFile = showFile ? libraryFile : itemFile;

  return (
    <div className="files-page workspace">
      <header className="card workspace-header">
        <p className="muted small workspace-back">
          <Link to="/authenticated">← All projects</Link>
        </p>
        <ProjectHeading title={displayName(project.title) || "Untitled Project"} />
        {canEdit && (
          <Button
            variant="primary"
            className="workspace-add"
            aria-controls="add-media"
            onClick={() => {
              // On a phone the panel shows with the library's turn.
              setPane("library");
              requestAnimationFrame(() => {
                addMedia.current?.scrollIntoView({ block: "start", behavior: "smooth" });
                addMedia.current?.focus({ preventScroll: true });
              });
            }}
          >
            Add media
          </Button>
        )}
        {/* Each fact keeps its words together and the total its width, so the line keeps its shape as probes finish. */}
        <p className="muted small workspace-facts">
          <span>
            {files.length} {files.length === 1 ? "file" : "files"} ·
          </span>{" "}
          <span>{KIND_LABEL[playlist.mediaType ?? "none"]} ·</span>{" "}
          <span>
            {playlist.items.length} {playlist.items.length === 1 ? "item" : "items"},{" "}
            <span className="workspace-total">{formatDuration(total)}</span> ·
          </span>{" "}
          <span>you are {ROLE_PHRASE[role] ?? role}</span>
        </p>
      </header>

      {/* Keeps the file selection: a file selected in the library is added from the timeline. */}
      <nav className="workspace-panes" aria-label="Workspace areas" data-keeps-selection>
        {PANES.map((each) => (
          <Button
            key={each.value}
            size="sm"
            variant={pane === each.value ? "primary" : "secondary"}
            aria-pressed={pane === each.value}
            onClick={() => setPane(each.value)}
          >
            {each.label}
          </Button>
        ))}
      </nav>

      <div className="workspace-grid">
        {/* A viewer's copy of the file list's controls is disabled as a whole; links still work. The playlist
            is outside it: its rows are view-only for a viewer but their players work (ADR 054). */}
        <fieldset disabled={!canEdit} className={`${teams.readOnly} ${paneClass("library")}`}>
          <legend className="visually-hidden">{canEdit ? "Files" : "Files (view only)"}</legend>
          <section className="card workspace-files" aria-labelledby="files-heading">
            <div className="section-heading">
              <h2 id="files-heading">Files</h2>
              <span className="muted small">{files.length}</span>
            </div>
            {!canEdit && (
              <p className={teams.notice} role="note">
                You are a <strong>viewer</strong> of this project: you can see, play and download its files, but not
                change anything.
              </p>
            )}
            {canEdit && files.length > 0 && (
              <AddToPlaylist
                selectedFileIds={selectedFileIds}
                count={selectedFileIds.length}
                of={files.length}
                onAdded={() => setSelection([])}
              />
            )}
            <Feedback feedback={feedback} />
            <FileList
              files={files}
              selection={selection}
              setSelection={setSelection}
              onPick={(fileId) => {
                setNotedId(fileId);
                setLastPick("file");
              }}
              loading={refreshing && revalidator.state === "loading"}
              onMessage={showFeedback}
            />
            {canEdit && files.length === 0 && (
              <p className="muted small">
                <a href="#add-media">Add media</a> to start: audio, video, images, PDFs and text.
              </p>
            )}
          </section>
        </fieldset>

        <div className={paneClass("timeline")}>
          <PlaylistBuilder playlist={playlist} applications={applications} canEdit={canEdit} inspect={inspect} />
          <ChapterOutline chapters={loaderData.chapters} selectedId={inspect.selectedId} onSelect={onSelect} />
        </div>

        {/* Working in the inspector keeps the library's selection. */}
        <div className={paneClass("inspector")} data-keeps-selection>
          <section className="card workspace-inspector-card" aria-labelledby="inspector-heading">
            <h2 id="inspector-heading" ref={inspectorHeading} tabIndex={-1}>
              Inspector
            </h2>
            {showFile && libraryFile ? (
              <FileInspector file={libraryFile} previewUrl={libraryFile.previewUrl} />
            ) : (
              <ItemInspector
                item={item}
                position={index + 1}
                chapters={loaderData.chapters}
                audio={playlist.mediaType === "audio" || Boolean(item?.contentType.startsWith("audio/"))}
                previewUrl={item ? (urls.get(item.id) ?? item.previewUrl) : null}
                canEdit={canEdit}
              />
            )}
            <FileNotesCard
              file={notedFile}
              notes={notedFile ? loaderData.notes.filter((note) => note.fileId === notedFile.id) : []}
              canEdit={canEdit}
              origin={showFile ? undefined : `Item ${index + 1} on the timeline`}
              empty={
                item && !item.fileId
                  ? "This item has no file in the media library (uploaded into the playlist, or its file was deleted), so it has no notes. Select a file in the media library to read its notes."
                  : undefined
              }
            />
          </section>
        </div>
      </div>

      {canEdit && (
        <section
          className={pane === "library" ? "card workspace-add-media" : "card workspace-add-media pane-away"}
          id="add-media"
          ref={addMedia}
          tabIndex={-1}
          aria-labelledby="add-media-heading"
        >
          <div className="workspace-add-intro">
            <h2 id="add-media-heading" className="workspace-add-heading">
              Add media
            </h2>
            {/* Keeps the selection: switching where new files go does not drop the files picked for 'Add to playlist'. */}
            <fieldset className="workspace-targets" data-keeps-selection>
              <legend className="visually-hidden">Where new files go</legend>
              {TARGETS.map((each) => (
                <Button
                  key={each.value}
                  size="sm"
                  variant={target === each.value ? "primary" : "secondary"}
                  aria-pressed={target === each.value}
                  onClick={() => setTarget(each.value)}
                >
                  {each.label}
                </Button>
              ))}
            </fieldset>
            <p className="muted small workspace-target-hint">
              {target === "library"
                ? "Any file goes into the library; select it there to add it to the playlist."
                : "Audio or video goes straight onto the end of the timeline."}
            </p>
          </div>
          {/* Both stay mounted, so files chosen in one are still there after a look at the other. */}
          <div className="workspace-add-form" hidden={target !== "library"}>
            <ProjectUploader projectId={project.id} onUploaded={refresh} onMessage={showFeedback} />
          </div>
          <div className="workspace-add-form" hidden={target !== "playlist"} data-keeps-selection>
            <DirectUpload projectId={project.id} playlist={playlist} onUploaded={refresh} />
          </div>
        </section>
      )}

      <div className="card workspace-tabs">
        {/* The server renders the tabs in full; this placeholder shows only after a navigation, until they load. */}
        <Suspense fallback={<p className="muted small">Loading the team, signatures and activity…</p>}>
          <ProjectTabs
            sharing={{ sharing: loaderData.sharing, role, userId: loaderData.userId }}
            signatures={{
              requests: loaderData.signatureRequests,
              pdfs: files.filter((file) => file.kind === "pdf").map(({ id, fileName }) => ({ id, fileName })),
              canEdit,
            }}
            activity={loaderData.activity}
          />
        </Suspense>
      </div>

      {role === "owner" && <DeleteProject />}
    </div>
  );
}

/** The playlist with each item's title: the title of the chapter it starts, if the creator named it. */
function withTitles<P extends { items: PlaylistItemView[] }>(playlist: P, chapters: Chapter[]): P {
  const named = new Map(
    chapters
      .filter((chapter) => chapter.itemStart && chapter.renamed)
      .map((chapter) => [chapter.itemId, chapter.title]),
  );
  return { ...playlist, items: playlist.items.map((item) => ({ ...item, title: named.get(item.id) })) };
}
