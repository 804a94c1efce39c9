// The member's beat battle entries (seed 001 screen 6): cover, players (links
// signed afresh on every load), and the seed's message when loading fails.

import { Link } from "react-router";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Outcome } from "../../../components/ui";
import { ENTRIES_LOAD_FAILED } from "../../../kernel/schemas/beatbattle";
import type { Route } from "./+types/battle-entries";
import "../community.css";
import { formatDate } from "../../../kernel/format";

export { loader } from "./battle-entries.server";

export function meta() {
  return [{ title: "Beat Battle Submissions · Creator Platform" }];
}

export default function BeatBin({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <section className="card">
      <h1>Beat Battle Submissions</h1>
      {entries === null ? (
        <Outcome message={{ ok: false, text: ENTRIES_LOAD_FAILED }} />
      ) : entries.length === 0 ? (
        <p className="empty-state">
          No entries yet. <Link to="/beatbattle">Enter the beat battle</Link>.
        </p>
      ) : (
        <ul className="entries">
          {entries.map((entry) => {
            const cover = entry.files.find((file) => file.isCoverArt);
            return (
              <li key={entry._id} className="entry">
                <h2>{entry.projectTitle}</h2>
                <p className="muted">
                  {entry.battleTitle} · by {entry.producerName}
                  {entry.location && <> · {entry.location}</>} · {formatDate(entry.createdAt, { timeZone: "UTC" })}
                </p>
                {cover && <img src={cover.signedUrl} alt={`Cover art of ${entry.projectTitle}`} />}
                {entry.socialContact && <p>{entry.socialContact}</p>}
                <ul className="file-list">
                  {entry.files
                    .filter((file) => !file.isCoverArt)
                    .map((file) => (
                      <li key={file.fileId}>
                        <MediaPlayer src={file.signedUrl} label={file.fileName} />
                      </li>
                    ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
