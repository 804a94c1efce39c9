// /shows/:slug/episodes/:id: one episode in the shared player with its
// chapters (marks on the timeline, and a list whose buttons move the player
// there). Chapters are those the stitched file carries now (a program applied
// to a slot moves them).
import { Link } from "react-router";
import { LocalTime } from "../../../components/LocalTime";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Card } from "../../../components/ui";
import { formatDuration } from "../../../kernel/format";
import showStyles from "../components/shows.module.css";
import type { Route } from "./+types/episode";

export { loader } from "./episode.server";

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
  return (
    <div className={showStyles.page}>
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
        <MediaPlayer
          src={ready ? media : null}
          label={episode.title}
          kind={mediaType}
          durationSeconds={durationSeconds}
          chapters={chapters.map((chapter) => ({ title: chapter.title, startSeconds: chapter.startTime }))}
          poster={show.artwork}
          pending="This episode is being prepared. Try again in a minute."
        />
      </Card>
      <p className={showStyles.description}>{episode.description}</p>
    </div>
  );
}
