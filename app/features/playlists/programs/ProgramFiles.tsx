// One program's files (slot letter, preview, delete) and the rows that add more.
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { type ShowFeedback, useAnswer } from "../../../components/Feedback";
import { SlotInput } from "../../../components/SlotInput";
import { useConfirm } from "../../../components/ui";
import { nextFreeLetter } from "../../../components/uploads/useUploadSlots";
import { displayName, slotDuration } from "../../../kernel/format";
import { PROGRAM_SLOT } from "../../../kernel/schemas/slot-letters";
import type { MediaKind } from "../../../lib/media-kind";
import { SlotPreview } from "../components/SlotPreview";
import { ProgramFileSlots, useProgramSlots } from "./ProgramFileSlots";
import type { Answer, ProgramFileView, ProgramView } from "./types";

const DELETE_FILE_CONFIRM = "Are you sure you want to delete this file?";

export function ProgramFileRow({
  file,
  mediaType,
  onMessage,
}: {
  file: ProgramFileView;
  mediaType: MediaKind | null;
  onMessage: ShowFeedback;
}) {
  const deleteFetcher = useFetcher<Answer>();
  const confirm = useConfirm();
  const deleting = deleteFetcher.state !== "idle";
  useAnswer(deleteFetcher.data, onMessage);
  const name = displayName(file.fileName);
  return (
    <li className="program-file">
      <SlotInput
        name={name}
        letter={file.slotPosition}
        rule={PROGRAM_SLOT}
        fields={{ intent: "program-slot", fileId: file.id }}
      />
      <div className="slot-main">
        <span className="slot-name">{name}</span>
        <span className="muted small">{slotDuration(file.durationSeconds, file.probeStatus)}</span>
      </div>
      <SlotPreview
        url={file.previewUrl}
        name={name}
        audio={mediaType === "audio" || file.contentType.startsWith("audio/")}
      />
      <button
        type="button"
        className="button small danger"
        disabled={deleting}
        onClick={async () => {
          if (await confirm(DELETE_FILE_CONFIRM, { confirmLabel: "Delete" }))
            void deleteFetcher.submit({ intent: "delete-program-file", fileId: file.id }, { method: "post" });
        }}
      >
        {deleting ? "Deleting..." : "Delete"}
      </button>
    </li>
  );
}

export function AddProgramFiles({ program, onMessage }: { program: ProgramView; onMessage: ShowFeedback }) {
  const taken = useMemo(() => new Set(program.files.map((file) => file.slotPosition)), [program.files]);
  const files = useProgramSlots(program.mediaType, taken, nextFreeLetter(taken));
  const busy = files.uploads.busy;

  async function upload() {
    if (busy) return;
    const problem = files.check();
    if (problem) return onMessage(problem, true);
    const failures = await files.upload(program.id, program.accessType);
    if (failures === 0) {
      onMessage("File added successfully!");
      files.uploads.reset([{}]);
    } else {
      onMessage(`Failed to upload ${failures} ${failures === 1 ? "file" : "files"}.`, true);
      files.uploads.dropDone();
    }
  }

  return (
    <div className="add-program-files">
      <h3>Add files</h3>
      <ProgramFileSlots
        uploads={files.uploads}
        kind={files.kind}
        taken={taken}
        disabled={busy}
        onMessage={onMessage}
        label={`New files for ${displayName(program.title)}`}
      />
      <button type="button" className="button primary small" disabled={busy} onClick={() => void upload()}>
        {busy ? "Uploading..." : "Upload files"}
      </button>
    </div>
  );
}
