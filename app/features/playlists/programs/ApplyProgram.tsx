// Applying a program to playlists: pick, preview the plan, apply; refusals listed.
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import type { PlaylistPlan } from "../../../../worker/domain/programs/applications";
import { Feedback, useAnswer, useFeedback } from "../../../components/Feedback";
import { Checkbox, Select } from "../../../components/ui";
import { displayName, fileExtension, fileTitle, formatDuration, playlistSummary } from "../../../kernel/format";
import { PickerActions } from "../components/PickerActions";
import styles from "./ApplyProgram.module.css";
import { uploadingLabel, useProgramUploads } from "./program-uploads";
import type { Answer, PlaylistOption, ProgramView } from "./types";

export function ApplyProgram({ programs, playlists }: { programs: ProgramView[]; playlists: PlaylistOption[] }) {
  const id = useId();
  const [programId, setProgramId] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [feedback, showFeedback] = useFeedback();
  const previewFetcher = useFetcher<Answer>();
  const applyFetcher = useFetcher<Answer>();
  const [plans, setPlans] = useState<{ programId: string; plans: PlaylistPlan[] } | null>(null);
  const [refused, setRefused] = useState<NonNullable<Answer["refused"]>>([]);
  const previewing = previewFetcher.state !== "idle";
  const applying = applyFetcher.state !== "idle";
  const program = programs.find((p) => p.id === programId);
  const sending = useProgramUploads();

  useAnswer(previewFetcher.data, showFeedback, (answer) => {
    if (answer.plans) setPlans({ programId: answer.programId ?? programId, plans: answer.plans });
  });
  useAnswer(applyFetcher.data, showFeedback, (answer) => {
    setRefused(answer.refused ?? []);
    setPlans(null);
  });

  // A changed choice makes the preview stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice is the trigger, not an input of the effect
  useEffect(() => {
    setPlans(null);
    setRefused([]);
  }, [programId, selected.join(",")]);

  async function target(intent: "preview-apply" | "apply-program") {
    // The action (and the API) parse the same choice with the same schema, loaded (with zod) on the
    // first use rather than with the page (ADR 051).
    const { applyProgramSchema } = await import("../../../kernel/schemas/playlists");
    const choice = applyProgramSchema.safeParse({ programId, playlistIds: selected });
    if (!choice.success) return showFeedback(choice.error.issues[0]!.message, true);
    const form = new FormData();
    form.set("intent", intent);
    form.set("programId", programId);
    for (const playlistId of selected) form.append("playlistId", playlistId);
    void (intent === "preview-apply" ? previewFetcher : applyFetcher).submit(form, { method: "post" });
  }

  return (
    <>
      <h2 id="apply-heading">Apply a program to playlists</h2>
      <p className="muted small">
        Pick a program and the playlists it goes into. Preview shows each slot before and after; Apply makes the swap.
      </p>
      <div className={styles.flow}>
        <div className={styles.step}>
          <p className={styles.stepName}>
            <span className={styles.stepNumber} aria-hidden>
              1
            </span>{" "}
            <label htmlFor={`${id}-program`}>Program</label>
          </p>
          <div className="apply-grid">
            <Select id={`${id}-program`} value={programId} onChange={(event) => setProgramId(event.target.value)}>
              <option value="">Select a program…</option>
              {programs.map((p) => (
                <option key={p.id} value={p.id}>
                  {displayName(p.title)} ({programContents(p, sending.get(p.id) ?? 0)})
                </option>
              ))}
            </Select>
          </div>
          {program && program.files.length > 0 && (
            <ul className={styles.spots} aria-label={`Files in ${displayName(program.title)}`}>
              {program.files.map((file) => (
                <li key={file.id}>
                  <span className={styles.chip} aria-hidden>
                    {file.slotPosition}
                  </span>
                  <span className="visually-hidden">Slot {file.slotPosition}: </span>
                  <FileTitle name={file.fileName} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <span className={styles.arrow} aria-hidden>
          →
        </span>
        <fieldset className={`playlist-picker ${styles.step}`}>
          <legend>
            <span className={styles.stepNumber} aria-hidden>
              2
            </span>{" "}
            Playlists
          </legend>
          {playlists.length === 0 ? (
            <p className="muted small">No playlists with files yet. Add files to a project's playlist first.</p>
          ) : (
            <ul className="picker-list">
              {playlists.map((playlist) => {
                const other = program?.mediaType && playlist.mediaType && program.mediaType !== playlist.mediaType;
                return (
                  <li key={playlist.id}>
                    <Checkbox
                      className="picker-check"
                      label={<span className="picker-title">{displayName(playlist.projectTitle)}</span>}
                      checked={selected.includes(playlist.id)}
                      onChange={(event) =>
                        setSelected((list) =>
                          event.target.checked ? [...list, playlist.id] : list.filter((p) => p !== playlist.id),
                        )
                      }
                    />
                    <span className="muted small">
                      {playlistSummary(playlist.mediaType, playlist.itemCount)} ·{" "}
                      {formatDuration(playlist.totalSeconds)}
                      {playlist.slots.length > 0 && <> · slots {playlist.slots.join(", ")}</>}
                      {other && <span className="error"> · other media kind</span>}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          <PickerActions ids={playlists.map((p) => p.id)} onSelect={setSelected} />
        </fieldset>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={previewing || applying}
          onClick={() => void target("preview-apply")}
        >
          {previewing ? "Processing..." : "Preview changes"}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={previewing || applying}
          onClick={() => void target("apply-program")}
        >
          {applying ? "Processing..." : "Apply Program"}
        </button>
      </div>
      <Feedback feedback={feedback} />
      {plans && <PlanView plans={plans.plans} />}
      {refused.length > 0 && (
        <ul className="refusals" aria-label="Playlists not changed">
          {refused.map((r) => (
            <li key={r.playlistId} className="error">
              {displayName(r.projectTitle)}: {r.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The program preview, the page's centrepiece, drawn like the landing page's demo: per playlist, each
 * slot the program changes as a Before tile (the outgoing file, struck through) and an After tile
 * (the incoming one), and the same in one sentence for screen readers ("Slot c (position 3): replaces
 * ad-spot-q3 → ad-spot-q4").
 */
function PlanView({ plans }: { plans: PlaylistPlan[] }) {
  return (
    <section className={`plans ${styles.preview}`} aria-labelledby="plan-heading">
      <h3 id="plan-heading" className={styles.heading}>
        What Apply Program will change
      </h3>
      <ul className={`plan-list ${styles.playlists}`} aria-label="Changes the program would make">
        {plans.map((plan) => (
          <li
            key={plan.playlistId}
            className={plan.refused ? `plan refused ${styles.playlist}` : `plan ${styles.playlist}`}
          >
            <strong className={styles.title}>{displayName(plan.projectTitle)}</strong>
            {plan.refused ? (
              <p className="error small">{plan.refused}</p>
            ) : (
              <ul className={styles.changes}>
                {plan.changes.map((change) => (
                  <li key={change.programFileId} className={`${styles.change} ${styles[change.action] ?? ""}`}>
                    <span className="visually-hidden">
                      {change.action === "replace" ? (
                        <>
                          Slot {change.slot} (position {change.seqPos}): replaces <FileTitle name={change.from ?? ""} />{" "}
                          → <FileTitle name={change.to} />
                        </>
                      ) : (
                        <>
                          Slot {change.slot}: appends <FileTitle name={change.to} /> at position {change.seqPos}
                        </>
                      )}
                    </span>
                    <span className={styles.swap} aria-hidden>
                      <span className={styles.chip}>{change.slot}</span>
                      <span className={`${styles.tile} ${styles.before}`}>
                        <span className={styles.when}>
                          Before ·{" "}
                          {change.action === "replace" ? `position ${change.seqPos}` : `no slot ${change.slot}`}
                        </span>
                        {change.action === "replace" ? (
                          <del className={styles.from}>
                            <FileTitle name={change.from ?? ""} />
                          </del>
                        ) : (
                          <span className={styles.from}>Nothing in this slot</span>
                        )}
                      </span>
                      <span className={styles.arrow}>→</span>
                      <span className={`${styles.tile} ${styles.after}`}>
                        <span className={styles.when}>
                          After · {change.action === "replace" ? "replaced" : `added at ${change.seqPos}`}
                        </span>
                        <ins className={styles.to}>
                          <FileTitle name={change.to} />
                        </ins>
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A file as people read it: its title (the chapters' rule) and its extension as a muted chip; the full name on hover. */
export function FileTitle({ name }: { name: string }) {
  const extension = fileExtension(name);
  return (
    <span className={styles.file} title={name}>
      {fileTitle(name)}
      {extension && (
        <span className={styles.extension}>
          <span className="visually-hidden"> (</span>
          {extension}
          <span className="visually-hidden">)</span>
        </span>
      )}
    </span>
  );
}

/** What the Apply list says a program holds: its slot letters, and the files still on their way up. */
function programContents(program: ProgramView, uploading: number) {
  const letters = program.files.map((file) => file.slotPosition).join(", ");
  if (!uploading) return letters || "no files";
  return letters ? `${letters} · ${uploadingLabel(uploading).toLowerCase()}` : uploadingLabel(uploading);
}
