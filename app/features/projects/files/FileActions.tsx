// The file view's actions: Download (anyone who may see the file), and for the
// owner Delete File and the slot position form. Each shows its answer as
// feedback; deleting leaves 'File deleted successfully!' for the project page
// that the action redirects to.
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useAnswer } from "../../../components/Feedback";
import { useFieldErrors } from "../../../components/FormErrors";
import { FieldError, useConfirm } from "../../../components/ui";
import { ACCESS_REMOVED } from "../../../kernel/schemas/file-access-messages";
import { ApiError, api, call } from "../../../lib/api-client";
import type { action } from "../pages/file-view.server";
import { leaveFlash } from "./flash";
import { DELETE_FILE_CONFIRM, FILE_DELETED } from "./messages";
import type { FileData, OnMessage } from "./types";

const DOWNLOAD_FAILED = "Failed to generate download link";
const DOWNLOAD_ERROR = "An error occurred while downloading the file";

export function DownloadButton({ fileId, onMessage }: { fileId: string; onMessage: OnMessage }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { url } = await call(api.files[":fileId"].download.$post({ param: { fileId } }));
      // The signed URL answers with Content-Disposition: attachment, so the page stays.
      window.location.assign(url);
    } catch (error) {
      // A member removed from the team since the page opened is told so (403, issue 46.6b); any other
      // refusal is the seed's 'Failed to generate download link', a lost connection its other message.
      const refused = error instanceof ApiError && error.status > 0;
      onMessage(
        refused && error.status === 403 ? error.message || ACCESS_REMOVED : refused ? DOWNLOAD_FAILED : DOWNLOAD_ERROR,
        true,
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button primary" disabled={busy} onClick={() => void download()}>
      {busy ? "Downloading..." : "Download File"}
    </button>
  );
}

export function DeleteFileButton({ onMessage }: { onMessage: OnMessage }) {
  const confirm = useConfirm();
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  // On success the action redirects to the project page, which shows the flash; on failure it stays here.
  useAnswer(fetcher.data, (text, error) => {
    if (error) leaveFlash(null);
    onMessage(text, error);
  });
  return (
    <button
      type="button"
      className="button danger"
      disabled={busy}
      onClick={async () => {
        if (!(await confirm(DELETE_FILE_CONFIRM, { confirmLabel: "Delete" }))) return;
        leaveFlash(FILE_DELETED);
        void fetcher.submit({ intent: "delete-file" }, { method: "post" });
      }}
    >
      {busy ? "Deleting..." : "Delete File"}
    </button>
  );
}

export function SlotForm({ file, onMessage }: { file: FileData; onMessage: OnMessage }) {
  const fetcher = useFetcher<typeof action>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  // The letter's own message sits under the field; a failure of the request is feedback.
  const refused = !busy && answer && "error" in answer && answer.error?.fields?.slotPosition ? answer.error : null;
  const errors = useFieldErrors(refused, `slot${id}`);
  const message = errors.error("slotPosition");
  useAnswer(answer, (text, failed) => {
    if (!(failed && answer && "error" in answer && answer.error?.fields?.slotPosition)) onMessage(text, failed);
  });
  return (
    <fetcher.Form method="post" className="slot-form" onChange={errors.onChange}>
      <input type="hidden" name="intent" value="slot" />
      <label htmlFor={id}>Slot position</label>
      <input
        id={id}
        name="slotPosition"
        maxLength={1}
        size={2}
        defaultValue={file.slotPosition ?? ""}
        autoComplete="off"
        inputMode="text"
        aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          event.target.value = event.target.value.toLowerCase();
        }}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving..." : "Save Slot Position"}
      </button>
      <span id={`${id}-hint`} className="muted small">
        One letter, a to z.
      </span>
      {message && <FieldError id={`${id}-error`}>{message}</FieldError>}
    </fetcher.Form>
  );
}
