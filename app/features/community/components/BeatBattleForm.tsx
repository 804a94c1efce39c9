// The beat battle entry form (seed 001 screen 5). A visitor's entry is kept in
// IndexedDB and they are sent to sign up; a member's files go straight to
// storage, then the entry is submitted. Progress is completed files divided
// by (files + 1), the last step being the submission itself (seed §4). The
// server is asked first whether it would take the entry, so a refused second
// entry sends no file; a refused file is named with the server's reason.

import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { BattleView } from "../../../../worker/domain/beatbattle/battles";
import { DropZone } from "../../../components/DropZone";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { RelativeTime } from "../../../components/LocalTime";
import { Button, Field, FieldError, Input, ProgressBar, Textarea } from "../../../components/ui";
import { UploadStatusList } from "../../../components/uploads/UploadStatus";
import { useUploader } from "../../../components/uploads/useUploads";
import {
  ALREADY_ENTERED,
  BATTLE_CLOSED,
  BEAT_AUDIO_ACCEPT,
  BEAT_COVER_ACCEPT,
  BEAT_LIMITS,
  MAX_AUDIO_FILES,
  SUBMISSION_FAILED,
  SUBMISSION_SUCCESSFUL,
} from "../../../kernel/schemas/beatbattle-messages";
import { api, call } from "../../../lib/api-client";
import { type BeatDraft, clearDraft, loadDraft, saveDraft } from "../../../lib/beatbattle-draft";
import { beatBattleSchemas } from "../../../lib/form-schemas";
import { useHydrated } from "../../../lib/hydration";
import { UploadError } from "../../../lib/upload-client";
import styles from "./battle.module.css";

type Fields = BeatDraft["fields"];
const EMPTY: Fields = { projectTitle: "", producerName: "", location: "", socialContact: "" };
const LABELS: Record<keyof Fields, string> = {
  projectTitle: "Beat name",
  producerName: "Producer name",
  location: "Location (optional)",
  socialContact: "Short message (optional)",
};

/**
 * The entry form; the page shows "You're in" instead once the server says the member has entered.
 * `onEntered`: the entry is in (the page loads again and shows "You're in" with the seed's message).
 */
export function BeatBattleForm({
  battle,
  signedIn,
  onEntered,
}: {
  battle: BattleView;
  signedIn: boolean;
  onEntered?: () => void;
}) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [audio, setAudio] = useState<File[]>([]);
  const [cover, setCover] = useState<File | null>(null);
  /** The browser's check: each message by its field (the files' as `audio` and `cover`). */
  const [problems, setProblems] = useState<Record<string, string[]> | null>(null);
  const formError = useMemo(
    () => (problems ? { code: "invalid", message: Object.values(problems)[0]![0]!, fields: problems } : null),
    [problems],
  );
  const errors = useFieldErrors(formError, "beat");
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const uploader = useUploader();
  const [result, setResult] = useState<{ ok: boolean; message: string; detail?: string } | null>(null);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    loadDraft().then((draft) => {
      if (!draft) return;
      setFields(draft.fields);
      setAudio(draft.audio);
      setCover(draft.cover);
      setRestored(true);
    });
  }, []);

  const closed = !battle.open;
  const disabled = busy || closed || result?.ok === true;
  // Personal data (name, location, contact): never a native GET before the script runs (ADR 037).
  const hydrated = useHydrated();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setResult(null);
    // The schemas, and zod with them, load when the form is first submitted, not with the page (ADR 051).
    let schemas: Awaited<ReturnType<typeof beatBattleSchemas>>;
    try {
      schemas = await beatBattleSchemas();
    } catch {
      setResult({ ok: false, message: SUBMISSION_FAILED });
      return;
    }
    const { beatEntryFieldsSchema, beatFilesSchema } = schemas;
    const checked = beatEntryFieldsSchema.safeParse(fields);
    const files = beatFilesSchema.safeParse({ audioCount: audio.length, hasCover: cover !== null });
    const found: Record<string, string[]> = {};
    for (const issue of [...(checked.error?.issues ?? []), ...(files.error?.issues ?? [])]) {
      const path = String(issue.path[0]);
      const name = path === "audioCount" ? "audio" : path === "hasCover" ? "cover" : path;
      found[name] = [...(found[name] ?? []), issue.message];
    }
    setProblems(Object.keys(found).length > 0 ? found : null);
    if (!checked.success || !files.success) return;

    if (!signedIn) {
      // Kept in this browser only; restored here after the sign-up code is verified.
      await saveDraft({ fields, audio, cover });
      navigate("/signup?next=/beatbattle");
      return;
    }

    setBusy(true);
    setProgress(0);
    // Asked first: an entry the server would refuse (entered in another tab, or the battle closed
    // meanwhile) is refused before any file goes up.
    try {
      const now = await call(api["beat-battle"].$get());
      const refusal = now.entered ? ALREADY_ENTERED : now.battle.open ? null : BATTLE_CLOSED;
      if (refusal) {
        setResult({ ok: false, message: SUBMISSION_FAILED, detail: refusal });
        setProgress(null);
        setBusy(false);
        return;
      }
    } catch {
      // Unanswered: the upload and the submission below ask again and say why they fail.
    }
    const total = audio.length + 2;
    let completed = 0;
    const step = () => setProgress(Math.round((++completed / total) * 100));
    /** Uploads one file; a refusal names the file and the server's reason. */
    const send = async (file: File, purpose: "beat-audio" | "beat-cover") => {
      try {
        const done = await uploader.start(file, { purpose, accessType: "private" }).done;
        step();
        return String(done.uploadId);
      } catch (error) {
        throw new UploadError(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    try {
      const audioUploadIds: string[] = [];
      for (const file of audio) audioUploadIds.push(await send(file, "beat-audio"));
      const coverUploadId = await send(cover!, "beat-cover");
      await call(api["beat-battle"].entries.$post({ json: { ...checked.data, audioUploadIds, coverUploadId } }));
      step();
      await clearDraft();
      setResult({ ok: true, message: SUBMISSION_SUCCESSFUL });
      setFields(EMPTY);
      setAudio([]);
      setCover(null);
      onEntered?.();
    } catch (error) {
      setResult({ ok: false, message: SUBMISSION_FAILED, detail: error instanceof Error ? error.message : undefined });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  }

  const input = (name: keyof Fields, multiline = false) => {
    const props = {
      id: errors.id(name),
      name,
      value: fields[name],
      maxLength: BEAT_LIMITS[name],
      disabled: busy,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setFields((f) => ({ ...f, [name]: e.target.value })),
    };
    return (
      <Field label={LABELS[name]} hint={`Up to ${BEAT_LIMITS[name]} characters.`} error={errors.error(name)}>
        {multiline ? <Textarea rows={3} className={styles.textarea} {...props} /> : <Input {...props} />}
      </Field>
    );
  };

  return (
    <form
      method="post"
      className={`form ${styles.form}`}
      noValidate
      onSubmit={submit}
      onChange={errors.onChange}
      aria-busy={busy}
    >
      {closed && (
        <p className="error" role="alert">
          This battle closed <RelativeTime value={battle.deadline} />.
        </p>
      )}
      {restored && !result && <p role="status">Your entry was restored, files included. Check it and press Submit.</p>}
      {/* A long form: every message on top too, each linking to its field. */}
      <FormErrors error={errors.summary} fieldId={errors.id} />
      <div className={styles.pair}>
        {input("projectTitle")}
        {input("producerName")}
      </div>
      {input("location")}
      {input("socialContact", true)}
      <fieldset
        className={styles.files}
        disabled={disabled}
        id={errors.id("audio")}
        tabIndex={-1}
        aria-describedby={errors.error("audio") ? errors.id("audio-error") : undefined}
      >
        <legend>Audio files (mp3, m4a, wav, aac; up to {MAX_AUDIO_FILES})</legend>
        <DropZone
          limits={{ accept: BEAT_AUDIO_ACCEPT, minSize: 1 }}
          className={`dropzone ${styles.zone}`}
          busy={disabled}
          label="Audio files"
          hint="Your beat, and stems if you like."
          onDrop={(files) => {
            const next = [...audio, ...files].slice(0, MAX_AUDIO_FILES);
            setAudio(next);
            if (next.length > 0) errors.clear("audio");
            if (audio.length + files.length > MAX_AUDIO_FILES) return `At most ${MAX_AUDIO_FILES} audio files.`;
          }}
        />
        {audio.length > 0 && (
          <ul className="file-list" aria-label="Chosen audio files">
            {audio.map((file, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice; rows hold no state.
              <li key={`${file.name}-${i}`}>
                {file.name}{" "}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setAudio((list) => list.filter((_, j) => j !== i))}
                >
                  Remove<span className="visually-hidden"> {file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {errors.error("audio") && <FieldError id={errors.id("audio-error")}>{errors.error("audio")}</FieldError>}
      </fieldset>
      <fieldset
        className={styles.files}
        disabled={disabled}
        id={errors.id("cover")}
        tabIndex={-1}
        aria-describedby={errors.error("cover") ? errors.id("cover-error") : undefined}
      >
        <legend>Cover art image</legend>
        <DropZone
          limits={{ accept: BEAT_COVER_ACCEPT, minSize: 1 }}
          className={`dropzone ${styles.zone}`}
          busy={disabled}
          label="Cover art image"
          hint="png, jpg, gif or webp; one image."
          onDrop={(files) => {
            if (files[0]) {
              setCover(files[0]);
              errors.clear("cover");
            }
          }}
        />
        {cover && <p>Cover: {cover.name}</p>}
        {errors.error("cover") && <FieldError id={errors.id("cover-error")}>{errors.error("cover")}</FieldError>}
      </fieldset>
      {progress !== null && (
        <div className={styles.progress}>
          <p>Upload progress: {progress}%</p>
          <ProgressBar label="Upload progress" value={progress} />
        </div>
      )}
      <UploadStatusList label="Files on their way" entries={uploader.entries} />
      {result && (
        <div role="alert" className={result.ok ? "success" : "error"}>
          <p>{result.message}</p>
          {result.detail && result.detail !== result.message && <p>{result.detail}</p>}
          {result.ok && (
            <p>
              <Link to="/beatbin">See your entry</Link>
            </p>
          )}
        </div>
      )}
      <Button type="submit" variant="primary" className={styles.submit} disabled={disabled || !hydrated}>
        {busy ? "Submitting..." : "Submit"}
      </Button>
    </form>
  );
}
