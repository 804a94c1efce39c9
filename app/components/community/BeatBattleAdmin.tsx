// The dashboard's beat battle section: name and date the battle, judge the
// numbered entries blind, then reveal who made them.
import { useCallback, useEffect, useState } from "react";
import type { BattleView } from "../../../worker/domain/beatbattle/battles";

interface Submission {
  _id: string;
  number: number;
  projectTitle: string;
  producer: { producerName: string; email: string; location: string; socialContact: string } | null;
  files: { fileId: string; fileName: string; isCoverArt: boolean; signedUrl: string }[];
}

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { accept: "application/json", "content-type": "application/json" },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error((body as { error?: { message?: string } })?.error?.message ?? "Request failed.");
  return body as T;
}

/** `datetime-local` wants local time without a zone. */
function localInput(iso: string) {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function BeatBattleAdmin() {
  const [data, setData] = useState<{ battle: BattleView; submissions: Submission[] } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      json<{ battle: BattleView; submissions: Submission[] }>("/api/admin/beat-battle/entries")
        .then(setData)
        .catch(() => setMessage("Failed to load beat battle entries.")),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      setMessage(done);
      await load();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : "Something went wrong.");
    } finally {
      setBusy(false);
    }
  }

  function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const deadline = new Date(String(form.get("deadline")));
    run(
      () =>
        json("/api/admin/beat-battle", {
          method: "PUT",
          body: JSON.stringify({ title: form.get("title"), deadline: deadline.toISOString() }),
        }),
      "Battle saved.",
    );
  }

  return (
    <section aria-labelledby="beat-battle-admin-heading">
      <h2 id="beat-battle-admin-heading">Beat battle submissions</h2>
      {message && <p role="status">{message}</p>}
      {!data ? (
        <p aria-busy="true">Loading beat battle entries...</p>
      ) : (
        <>
          <form className="form" onSubmit={save} key={data.battle.title + data.battle.deadline}>
            <label>
              Battle title
              <input name="title" defaultValue={data.battle.title} maxLength={100} required />
            </label>
            <label>
              Deadline
              <input name="deadline" type="datetime-local" defaultValue={localInput(data.battle.deadline)} required />
            </label>
            <button type="submit" className="button" disabled={busy}>
              {busy ? "Saving..." : "Save battle"}
            </button>
          </form>
          <p>
            {data.battle.open ? "Open" : "Closed"} · {data.submissions.length} entries ·{" "}
            {data.battle.revealed ? "producers revealed" : "judging blind"}{" "}
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                run(
                  () =>
                    json("/api/admin/beat-battle/reveal", {
                      method: "PUT",
                      body: JSON.stringify({ revealed: !data.battle.revealed }),
                    }),
                  data.battle.revealed ? "Producers hidden." : "Producers revealed.",
                )
              }
            >
              {data.battle.revealed ? "Hide producers" : "Reveal producers"}
            </button>
          </p>
          {data.submissions.length === 0 ? (
            <p className="empty-state">No entries yet.</p>
          ) : (
            <ol className="entries" aria-label="Entries">
              {data.submissions.map((entry) => {
                const cover = entry.files.find((f) => f.isCoverArt);
                return (
                  <li key={entry._id} className="entry">
                    <h3>
                      Entry {entry.number}: {entry.projectTitle}
                    </h3>
                    <p>
                      {entry.producer
                        ? `${entry.producer.producerName} · ${entry.producer.email}${entry.producer.location ? ` · ${entry.producer.location}` : ""}`
                        : "Producer hidden until revealed"}
                    </p>
                    {cover && <img src={cover.signedUrl} alt={`Cover art of entry ${entry.number}`} />}
                    {entry.files
                      .filter((f) => !f.isCoverArt)
                      .map((file) => (
                        <audio
                          key={file.fileId}
                          controls
                          preload="none"
                          src={file.signedUrl}
                          aria-label={`Entry ${entry.number}: ${file.fileName}`}
                        />
                      ))}
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
