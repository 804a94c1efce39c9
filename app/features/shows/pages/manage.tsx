// /shows/:slug/manage: publish a playlist as an episode (now or scheduled),
// publish/unpublish and delete episodes, edit the show's details and upload its artwork. The
// show's viewers see its episodes (drafts and scheduled ones too) and nothing to change (ADR 054).
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation, useSearchParams } from "react-router";
import { DropZone } from "../../../components/DropZone";
import { LocalTime } from "../../../components/LocalTime";
import teams from "../../../components/teams/teams.module.css";
import {
  Badge,
  Button,
  buttonClass,
  Card,
  EmptyState,
  Field,
  GeneratedCover,
  Input,
  Select,
  useConfirm,
} from "../../../components/ui";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { useUploader } from "../../../components/uploads/useUploads";
import { ARTWORK_INVALID } from "../../../kernel/schemas/shows";
import { isCancelled } from "../../../lib/uploads/queue";
import { DescriptionField, ShowFields } from "../components/ShowFields";
import { ShowNav } from "../components/ShowNav";
import showStyles from "../components/shows.module.css";
import { listenLength } from "../lib/listen";
import type { Route } from "./+types/manage";

export { action, loader } from "./manage.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Episodes of ${loaderData?.show.title ?? "a show"} · Creator Platform` }];
}

type Result = { intent?: string; message?: string; error?: { message: string; fields?: Record<string, string[]> } };

function EpisodeRow({
  episode,
  now,
  slug,
  canEdit,
  artwork,
  showTitle,
}: {
  episode: Route.ComponentProps["loaderData"]["episodes"][number];
  now: number;
  slug: string;
  canEdit: boolean;
  artwork: string | null;
  showTitle: string;
}) {
  const length = listenLength(episode.durationSeconds);
  const fetcher = useFetcher<Result>();
  const confirm = useConfirm();
  const busy = fetcher.state !== "idle";
  const scheduled = episode.publishAt > now;
  return (
    <li className={`${showStyles.row} ${showStyles.episodeRow}`}>
      {artwork ? (
        <img className={showStyles.thumb} src={artwork} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <GeneratedCover title={showTitle} className={showStyles.thumb} />
      )}
      <span className={showStyles.grow}>
        <strong>
          {episode.published && !scheduled ? (
            <Link to={`/shows/${slug}/episodes/${episode.id}`}>{episode.title}</Link>
          ) : (
            episode.title
          )}
        </strong>{" "}
        {!episode.published ? (
          <Badge tone="neutral">Unpublished</Badge>
        ) : scheduled ? (
          <Badge tone="info">Scheduled</Badge>
        ) : (
          <Badge tone="success">Published</Badge>
        )}{" "}
        {!episode.ready && <Badge tone="warning">Encoding…</Badge>}
        <br />
        <span className={showStyles.muted}>
          <LocalTime value={episode.publishAt} />
          {length && <> · {length}</>}
        </span>
        {fetcher.data?.error && (
          <span className={showStyles.error} role="alert">
            {fetcher.data.error.message}
          </span>
        )}
      </span>
      {canEdit && (
        <span className={showStyles.actions}>
          <Button
            size="sm"
            busy={busy && fetcher.formData?.get("intent") === "set-published"}
            onClick={() =>
              fetcher.submit(
                { intent: "set-published", episodeId: episode.id, published: String(!episode.published) },
                { method: "post" },
              )
            }
          >
            {episode.published ? "Unpublish" : "Publish"}
          </Button>
          <Button
            size="sm"
            variant="danger"
            busy={busy && fetcher.formData?.get("intent") === "delete"}
            busyLabel="Deleting..."
            onClick={async () => {
              if (
                await confirm(`Delete the episode "${episode.title}"? Its playlist stays.`, {
                  confirmLabel: "Delete episode",
                  tone: "danger",
                })
              )
                void fetcher.submit({ intent: "delete", episodeId: episode.id }, { method: "post" });
            }}
          >
            Delete
          </Button>
        </span>
      )}
    </li>
  );
}

type Offered = Route.ComponentProps["loaderData"]["playlists"][number];

/** The chosen playlist's chapters as listeners will read them, with the ones still made from file names marked. */
function ChapterReview({ playlist }: { playlist: Offered }) {
  // Read when a playlist is chosen (GET /api/playlists/:id/chapters), so the page's own load waits
  // on D1 no more than before.
  const [chapters, setChapters] = useState<{ title: string; fromFileName: boolean }[]>([]);
  useEffect(() => {
    let current = true;
    setChapters([]);
    void fetch(`/api/playlists/${playlist.id}/chapters`)
      .then(
        (response) =>
          (response.ok ? response.json() : { chapters: [] }) as Promise<{
            chapters?: { title: string; fromFileName: boolean }[];
          }>,
      )
      .then((body) => {
        if (current) setChapters(body.chapters ?? []);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [playlist.id]);
  if (chapters.length === 0) return null;
  const defaults = chapters.filter((c) => c.fromFileName).length;
  return (
    <section className={`${showStyles.wide} ${showStyles.chapterReview}`} aria-labelledby="chapter-review">
      <h3 id="chapter-review">Chapters listeners will read</h3>
      <ol className={showStyles.chapterList}>
        {chapters.map((chapter, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: chapters are listed in playing order and never reordered here
          <li key={i}>
            <span>{chapter.title}</span> {chapter.fromFileName && <Badge tone="warning">From the file name</Badge>}
          </li>
        ))}
      </ol>
      <p className={showStyles.muted}>
        {defaults > 0 ? (
          <>
            {defaults === 1
              ? "1 chapter title is still made from its file name."
              : `${defaults} chapter titles are still made from file names.`}{" "}
            <Link to={`/projects/${playlist.projectId}`}>Review chapter titles</Link> before publishing.
          </>
        ) : (
          <>
            Every chapter has a title you gave it.{" "}
            <Link to={`/projects/${playlist.projectId}`}>Edit chapter titles</Link>
          </>
        )}
      </p>
    </section>
  );
}

const ARTWORK_ACCEPT = { "image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"] };

function Artwork({ slug, artwork, title }: { slug: string; artwork: string | null; title: string }) {
  const fetcher = useFetcher<Result>();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const uploader = useUploader({ purpose: "show-artwork", accessType: "private" });
  async function send(file: File) {
    setStatus(null);
    setSending(true);
    try {
      const done = await uploader.start(file).done;
      await fetcher.submit({ intent: "artwork", artworkUploadId: String(done.uploadId) }, { method: "post" });
      setStatus({ ok: true, text: "Artwork saved." });
    } catch (error) {
      if (!isCancelled(error)) setStatus({ ok: false, text: error instanceof Error ? error.message : ARTWORK_INVALID });
    } finally {
      setSending(false);
    }
  }
  return (
    <Card as="section" aria-labelledby="artwork">
      <h2 id="artwork">Artwork</h2>
      <div className={showStyles.artworkRow}>
        {artwork ? (
          <img className={showStyles.artworkPreview} src={artwork} alt="The show's artwork" width={160} height={160} />
        ) : (
          <GeneratedCover title={title} className={showStyles.artworkPreview} />
        )}
        <DropZone
          limits={{ accept: ARTWORK_ACCEPT, minSize: 1 }}
          className="dropzone small"
          busy={sending}
          busyPrompt="Uploading the artwork…"
          label="Cover art"
          hint="A square JPEG or PNG, 1400 to 3000 pixels a side."
          onDrop={(files) => {
            if (files.length > 1) return "Choose one image.";
            if (files[0]) void send(files[0]);
          }}
        />
      </div>
      <UploadStatusList label="Artwork upload" entries={uploader.entries.filter((entry) => entry.status !== "done")} />
      {status && (
        <p className={status.ok ? showStyles.message : showStyles.error} role={status.ok ? "status" : "alert"}>
          {status.text} {status.ok && <Link to={`/shows/${slug}`}>See the show page</Link>}
        </p>
      )}
    </Card>
  );
}

function Details({ show }: { show: Route.ComponentProps["loaderData"]["show"] }) {
  const fetcher = useFetcher<Result & { values?: Record<string, string> }>();
  const answer = fetcher.data;
  const values =
    answer?.error && answer.values
      ? answer.values
      : {
          title: show.title,
          slug: show.slug,
          author: show.author,
          category: show.category,
          language: show.language,
          mediaType: show.mediaType,
          description: show.description,
          explicit: show.explicit ? "on" : undefined,
        };
  const fieldError = (name: string) => answer?.error?.fields?.[name]?.[0] ?? null;
  return (
    <Card as="section" aria-labelledby="details">
      <h2 id="details">Show details</h2>
      {answer?.error && !answer.error.fields && (
        <p className={showStyles.error} role="alert">
          {answer.error.message}
        </p>
      )}
      {answer?.message && !answer.error && (
        <p className={showStyles.message} role="status">
          {answer.message}
        </p>
      )}
      <fetcher.Form method="post" className={showStyles.form}>
        <input type="hidden" name="intent" value="details" />
        <ShowFields values={values} fieldError={fieldError} />
        <div className={showStyles.wide}>
          <Button type="submit" variant="primary" busy={fetcher.state !== "idle"} busyLabel="Saving...">
            Save show
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

export default function ManageShow({ loaderData }: Route.ComponentProps) {
  const { show, episodes, playlists, now, role, artwork, allPublished } = loaderData;
  const canEdit = role !== "viewer";
  const result = useActionData<Result & { values?: Record<string, string> }>();
  const busy = useNavigation().state === "submitting";
  const error = result?.intent === "publish" ? result.error : undefined;
  const values = (result?.error ? result.values : undefined) ?? {};
  const fieldError = (name: string) => error?.fields?.[name]?.[0] ?? null;
  const [chosenId, setChosenId] = useState(values.playlistId ?? "");
  const chosen = playlists.find((p) => p.id === chosenId);
  // Just created on /shows (?created=1).
  const created = useSearchParams()[0].has("created");
  return (
    <div className={showStyles.page}>
      <ShowNav slug={show.slug} here="manage" title={show.title} />
      {!canEdit && (
        <p className={teams.notice} role="note">
          You are a <strong>viewer</strong> of this show: you can see its episodes and stats, but not change anything.
        </p>
      )}
      <Card as="section" aria-labelledby="episodes">
        <h2 id="episodes">Episodes</h2>
        {result?.message && !result.error && (
          <p className={showStyles.message} role="status">
            {result.message}
          </p>
        )}
        {created && (
          <p className={showStyles.message} role="status">
            Show created: {show.title}.
          </p>
        )}
        {episodes.length === 0 ? (
          canEdit ? (
            <EmptyState
              title="Publish your first episode"
              action={
                playlists.length > 0 ? (
                  <a href="#publish" className={buttonClass("primary")}>
                    Publish your first episode
                  </a>
                ) : (
                  <Link to="/authenticated" className={buttonClass("primary")}>
                    Make a playlist in a project
                  </Link>
                )
              }
            >
              {playlists.length > 0
                ? "Choose one of your playlists: it becomes the show's first episode, now or at a time you set."
                : `An episode is a playlist with ${show.mediaType}: make one in a project, then publish it here.`}
            </EmptyState>
          ) : (
            <EmptyState title="No episodes yet">Its owners and editors publish them.</EmptyState>
          )
        ) : (
          <ul className={showStyles.list}>
            {episodes.map((episode) => (
              <EpisodeRow
                key={episode.id}
                episode={episode}
                now={now}
                slug={show.slug}
                canEdit={canEdit}
                artwork={artwork}
                showTitle={show.title}
              />
            ))}
          </ul>
        )}
      </Card>
      {canEdit && (
        <Card as="section" aria-labelledby="publish">
          <h2 id="publish">Publish a playlist as an episode</h2>
          {error && !error.fields && (
            <p className={showStyles.error} role="alert">
              {error.message}
            </p>
          )}
          {playlists.length === 0 ? (
            <EmptyState
              title={
                allPublished
                  ? "All your playlists are already episodes."
                  : `None of your playlists has ${show.mediaType} yet`
              }
            >
              {allPublished ? (
                <>
                  Make a new playlist in a <Link to="/authenticated">project</Link> to publish the next episode.
                </>
              ) : (
                <>
                  Add {show.mediaType} files to a playlist in a <Link to="/authenticated">project</Link>, then publish
                  it here.
                </>
              )}
            </EmptyState>
          ) : (
            <Form method="post" className={showStyles.form}>
              <input type="hidden" name="intent" value="publish" />
              <Field label="Playlist" error={fieldError("playlistId")}>
                <Select
                  name="playlistId"
                  required
                  defaultValue={values.playlistId ?? ""}
                  onChange={(event) => setChosenId(event.target.value)}
                  placeholder="Choose…"
                  options={playlists.map((p) => ({ value: p.id, label: p.title.replaceAll("_", " ") }))}
                />
              </Field>
              {chosen && <ChapterReview playlist={chosen} />}
              <Field label="Title" error={fieldError("title")}>
                <Input name="title" required maxLength={200} defaultValue={values.title} />
              </Field>
              <Field label="Season" error={fieldError("season")}>
                <Input name="season" type="number" min={1} max={9999} defaultValue={values.season} />
              </Field>
              <Field label="Episode number" error={fieldError("episodeNumber")}>
                <Input name="episodeNumber" type="number" min={1} max={9999} defaultValue={values.episodeNumber} />
              </Field>
              <Field label="Publish at (UTC)" hint="Leave empty to publish now." error={fieldError("publishAt")}>
                <Input name="publishAt" type="datetime-local" defaultValue={values.publishAt} />
              </Field>
              <DescriptionField value={values.description} error={fieldError("description")} />
              <div className={showStyles.wide}>
                <Button type="submit" variant="primary" busy={busy} busyLabel="Publishing...">
                  Publish episode
                </Button>
              </div>
            </Form>
          )}
        </Card>
      )}
      {canEdit && <Details show={show} />}
      {canEdit && <Artwork slug={show.slug} artwork={artwork} title={show.title} />}
    </div>
  );
}
