// /shows/:slug/episodes/:id: one episode with its player and its chapters; a
// chapter button moves the player there. Chapters are those the stitched file
// carries now (a program applied to a slot moves them).
import { useRef } from "react";
import { Link } from "react-router";
import { LocalTime } from "../components/LocalTime";
import showStyles from "../components/shows/shows.module.css";
import { Card } from "../components/ui";
import { formatDuration } from "../lib/format";
import type { Route } from "./+types/show-episode";

export { loader } from "./show-episode.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Episode · Creator Platform" }];
  const { episode, show } = loaderData;
  return [
    { title: `${episode.title} · ${show.title}` },
    { name: "description", content: episode.description.slice(0, 200) },
    { property: "og:type", content: "music.song" },
    { property: "og:title", content: episode.title },
    { property: "og:description", content: episode.description.slice(0, 200) },
    { property: "og:url", content: episode.url },
    ...(show.artwork ? [{ property: "og:image", content: show.artwork }] : []),
  ];
}

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
  const { show, episode, media, mediaType, ready, durationSeconds, chapters } = loaderData;
  const player = useRef<HTMLAudioElement & HTMLVideoElement>(null);
  function seek(seconds: number) {
    const element = player.current;
    if (!element) return;
    element.currentTime = seconds;
    void element.play().catch(() => {});
  }
  return (
    <main className={showStyles.page}>
      <p className={showStyles.muted}>
        <Link to={`/shows/${show.slug}`}>{show.title}</Link> · {show.author}
      </p>
      <h1>{episode.title}</h1>
      <p className={showStyles.muted}>
        {episode.season ? `Season ${episode.season} · ` : ""}
        {episode.episodeNumber ? `Episode ${episode.episodeNumber} · ` : ""}
        <LocalTime value={episode.publishAt} />
        {durationSeconds ? ` · ${formatDuration(durationSeconds)}` : ""}
      </p>
      <Card>
        {!ready ? (
          <p role="status">This episode is being prepared. Try again in a minute.</p>
        ) : mediaType === "audio" ? (
          <audio ref={player} className={showStyles.player} controls preload="metadata" src={media} />
        ) : (
          <video ref={player} className={showStyles.player} controls preload="metadata" src={media} />
        )}
      </Card>
      <p>{episode.description}</p>
      {chapters.length > 0 && (
        <section aria-labelledby="chapters">
          <h2 id="chapters">Chapters</h2>
          <ol className={showStyles.chapters}>
            {chapters.map((chapter) => (
              <li key={`${chapter.startTime}-${chapter.title}`}>
                <button type="button" className={showStyles.chapter} onClick={() => seek(chapter.startTime)}>
                  <span className={showStyles.time}>{formatDuration(chapter.startTime)}</span>
                  <span>{chapter.title}</span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </main>
  );
}
