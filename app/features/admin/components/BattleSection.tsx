// The dashboard's beat battle section (seed 001 screen 6 for the admin): name and date the battle,
// judge the numbered entries blind, then reveal who made them. The entries come from the page's
// loader; the two forms post to the dashboard's action (intents save-battle, reveal-battle).
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { BattleView } from "../../../../worker/domain/beatbattle/battles";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Badge, Button, EmptyState, useToast } from "../../../components/ui";
import { formatDateTime } from "../../../kernel/format";
import { BATTLE_PRIZE_MAX } from "../../../kernel/schemas/beatbattle-messages";
import { useResult } from "../../auction/components/admin-views";
import styles from "./admin.module.css";

export interface EntryView {
  id: string;
  number: number;
  projectTitle: string;
  producer: { producerName: string; email: string; location: string; socialContact: string } | null;
  createdAt: number;
  files: { fileId: string; fileName: string; isCoverArt: boolean; url: string }[];
}

/** `datetime-local` wants local time without a zone. */
function localInput(iso: string) {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function BattleSection({ battle, submissions }: { battle: BattleView; submissions: EntryView[] }) {
  const fetcher = useFetcher();
  const toast = useToast();
  const [deadline, setDeadline] = useState(() => localInput(battle.deadline));
  const asked = useRef(false);
  const busy = fetcher.state !== "idle";
  const sending = busy ? String(fetcher.formData?.get("intent") ?? "") : "";
  useResult(fetcher, (result) => {
    if ("error" in result) toast(result.error.message, "error");
    else if (result.intent === "save-battle") toast("Battle saved.", "success");
    else toast(asked.current ? "Producers revealed." : "Producers hidden.", "success");
  });
  return (
    <section className={styles.section} aria-labelledby="beat-battle-admin-heading">
      <h2 id="beat-battle-admin-heading">Beat battle submissions</h2>
      <fetcher.Form
        method="post"
        className={styles.form}
        key={battle.title + battle.deadline + battle.prize}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          // The admin types their own clock's time; the server stores the instant.
          form.set("deadline", new Date(deadline).toISOString());
          fetcher.submit(form, { method: "post" });
        }}
      >
        <input type="hidden" name="intent" value="save-battle" />
        <label>
          Battle title
          <input name="title" defaultValue={battle.title} maxLength={100} required />
        </label>
        <label>
          Prize (optional, shown on the battle's page)
          <input
            name="prize"
            defaultValue={battle.prize}
            maxLength={BATTLE_PRIZE_MAX}
            placeholder="$500 and a feature on the show"
          />
        </label>
        <label>
          Deadline
          <input
            name="deadline"
            type="datetime-local"
            value={deadline}
            onChange={(event) => setDeadline(event.target.value)}
            required
          />
        </label>
        <div>
          <Button
            type="submit"
            variant="primary"
            busy={sending === "save-battle"}
            busyLabel="Saving..."
            disabled={busy}
          >
            Save battle
          </Button>
        </div>
      </fetcher.Form>
      <div className={styles.itemHead}>
        <Badge tone={battle.open ? "success" : "neutral"}>{battle.open ? "Open" : "Closed"}</Badge>
        <span>
          {submissions.length === 1 ? "1 entry" : `${submissions.length} entries`} · closes{" "}
          <time dateTime={battle.deadline}>{formatDateTime(battle.deadline, { timeZone: "UTC" })} UTC</time> ·{" "}
          {battle.revealed ? "producers revealed" : "judging blind"}
        </span>
        <Button
          size="sm"
          disabled={busy}
          busy={sending === "reveal-battle"}
          onClick={() => {
            asked.current = !battle.revealed;
            fetcher.submit({ intent: "reveal-battle", revealed: String(asked.current) }, { method: "post" });
          }}
        >
          {battle.revealed ? "Hide producers" : "Reveal producers"}
        </Button>
      </div>
      {submissions.length === 0 ? (
        <EmptyState title="No entries yet.">Entries appear here as members submit them.</EmptyState>
      ) : (
        <ol className={styles.entries} aria-label="Entries">
          {submissions.map((entry) => {
            const cover = entry.files.find((f) => f.isCoverArt);
            return (
              <li key={entry.id} className={styles.entry}>
                {cover && (
                  <img
                    className={styles.cover}
                    src={cover.url}
                    alt={`Cover art of entry ${entry.number}`}
                    loading="lazy"
                  />
                )}
                <h3>
                  Entry {entry.number}: {entry.projectTitle}
                </h3>
                <p className={styles.meta}>
                  {entry.producer
                    ? `${entry.producer.producerName} · ${entry.producer.email}${entry.producer.location ? ` · ${entry.producer.location}` : ""}`
                    : "Producer hidden until revealed"}
                </p>
                {entry.files
                  .filter((f) => !f.isCoverArt)
                  .map((file) => (
                    <MediaPlayer key={file.fileId} src={file.url} label={`Entry ${entry.number}: ${file.fileName}`} />
                  ))}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
