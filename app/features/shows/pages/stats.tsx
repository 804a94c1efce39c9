// /shows/:slug/stats: counted downloads (IAB rules) per day as a bar chart, by app and by country.
import { Form, Link, useSubmit } from "react-router";
import { Button, buttonClass, Card, EmptyState, Field, Select, Table } from "../../../components/ui";
import { CopyButton } from "../components/listen-parts";
import { ShowNav } from "../components/ShowNav";
import showStyles from "../components/shows.module.css";
import type { Route } from "./+types/stats";

export { loader } from "./stats.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Stats of ${loaderData?.show.title ?? "a show"} · Creator Platform` }];
}

const number = new Intl.NumberFormat();
const dayLabel = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

export default function ShowStats({ loaderData }: Route.ComponentProps) {
  const { show, episodes, episodeId, stats, feedUrl } = loaderData;
  const submit = useSubmit();
  const peak = Math.max(1, ...stats.byDay.map((d) => d.downloads));
  const titleOf = new Map(episodes.map((e) => [e.id, e.title]));
  return (
    <div className={showStyles.page}>
      <ShowNav slug={show.slug} here="stats" title={`Downloads of ${show.title}`} />
      {episodes.length > 0 && (
        // The figures follow the choice at once; without script the form is sent with 'Show'.
        <Form method="get" className={showStyles.filter}>
          <Field label="Episode">
            <Select
              name="episode"
              defaultValue={episodeId ?? ""}
              placeholder="All episodes"
              options={episodes.map((e) => ({ value: e.id, label: e.title }))}
              onChange={(event) => submit(event.currentTarget.form, { replace: true })}
            />
          </Field>
          <noscript>
            <Button type="submit">Show</Button>
          </noscript>
        </Form>
      )}
      {stats.total === 0 ? (
        <NoDownloads show={show} feedUrl={feedUrl} episode={episodeId ? (titleOf.get(episodeId) ?? null) : null} />
      ) : (
        <>
          <Card as="section" aria-labelledby="per-day">
            <h2 id="per-day">
              Per day, last {stats.byDay.length} days: {number.format(stats.total)}
            </h2>
            <p className={showStyles.muted}>{COUNTING}</p>
            <div className={showStyles.chart} role="img" aria-label={`Downloads per day, peak ${peak}`}>
              {stats.byDay.map((d) => (
                <div
                  key={d.day}
                  className={showStyles.bar}
                  style={{ height: `${(d.downloads / peak) * 100}%` }}
                  title={`${dayLabel.format(new Date(d.day))}: ${number.format(d.downloads)}`}
                />
              ))}
            </div>
            <p className={`${showStyles.row} ${showStyles.muted}`}>
              <span>{dayLabel.format(new Date(stats.byDay[0]!.day))}</span>
              <span>{dayLabel.format(new Date(stats.byDay.at(-1)!.day))}</span>
            </p>
          </Card>
          <div className={showStyles.split}>
            <DownloadsTable caption="By app" header="App" rows={stats.byApp} label={(r) => r.app} />
            <DownloadsTable caption="By country" header="Country" rows={stats.byCountry} label={(r) => r.country} />
          </div>
          {!episodeId && (
            <DownloadsTable
              caption="By episode"
              header="Episode"
              rows={stats.byEpisode}
              label={(r) => titleOf.get(r.episodeId) ?? r.episodeId}
              rowKey={(r) => r.episodeId}
            />
          )}
        </>
      )}
    </div>
  );
}

const COUNTING =
  "Each listener counts once a day per episode, once they have played or saved at least a minute of it. Visits from bots and link checkers are left out.";

/** One empty state for a show (or an episode) nobody has downloaded yet: when figures come, and the feed to share. */
function NoDownloads({
  show,
  feedUrl,
  episode,
}: {
  show: { slug: string; title: string };
  feedUrl: string;
  episode: string | null;
}) {
  return (
    <section aria-label="Downloads">
      <EmptyState
        title={episode ? `No downloads of “${episode}” yet` : "No downloads yet"}
        action={
          <>
            <CopyButton value={feedUrl}>Copy RSS feed</CopyButton>
            <Link to={`/shows/${show.slug}`} className={buttonClass("secondary", "sm")}>
              Open the show page
            </Link>
          </>
        }
      >
        <p>
          Plays from apps and browsers appear here by day, app and country as soon as listeners play your published
          episodes. {COUNTING}
        </p>
        <p>Share the show's RSS feed so podcast apps can follow it.</p>
      </EmptyState>
    </section>
  );
}

/** One breakdown of the counted downloads: a label column and the count, in a card. */
function DownloadsTable<Row extends { downloads: number }>({
  caption,
  header,
  rows,
  label,
  rowKey = label,
}: {
  caption: string;
  header: string;
  rows: Row[];
  label: (row: Row) => string;
  rowKey?: (row: Row) => string;
}) {
  return (
    <Card as="section">
      <Table
        caption={caption}
        showCaption
        rows={rows}
        rowKey={rowKey}
        columns={[
          { key: "label", header, cell: label },
          { key: "n", header: "Downloads", kind: "numeric", cell: (r) => number.format(r.downloads) },
        ]}
        empty="No downloads yet."
      />
    </Card>
  );
}
