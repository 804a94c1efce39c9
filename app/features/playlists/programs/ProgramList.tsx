// The member's programs as a drag-reorderable list (saved when the drag ends), each expandable.

import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { CollapseToggle } from "../../../components/CollapseToggle";
import { Feedback, type ShowFeedback, useAnswer, useFeedback } from "../../../components/Feedback";
import { LocalTime } from "../../../components/LocalTime";
import { DragHandle, SortableList, useLocalOrder, useSortableRow } from "../../../components/SortableList";
import { InviteForm } from "../../../components/teams/InviteForm";
import { useConfirm } from "../../../components/ui";
import { displayName } from "../../../kernel/format";
import { AddProgramFiles, ProgramFileRow } from "./ProgramFiles";
import { uploadingLabel, useProgramUploads } from "./program-uploads";
import type { Answer, PlaylistOption, ProgramView } from "./types";

const DELETE_PROGRAM_CONFIRM = "Are you sure you want to delete this program and its files?";

export function ProgramList({ programs, playlists }: { programs: ProgramView[]; playlists: PlaylistOption[] }) {
  const [feedback, showFeedback] = useFeedback();
  const orderFetcher = useFetcher<Answer>();
  useAnswer(orderFetcher.data, showFeedback);
  const [order, setOrder] = useLocalOrder(programs.map((program) => program.id));
  const byId = new Map(programs.map((program) => [program.id, program]));
  const ordered = order.map((id) => byId.get(id)).filter((program): program is ProgramView => Boolean(program));
  const titles = new Map(playlists.map((playlist) => [playlist.id, displayName(playlist.projectTitle)]));

  // Program order is saved as soon as the drag ends (seed 000 §4).
  function reorder(next: string[]) {
    setOrder(next);
    const form = new FormData();
    form.set("intent", "reorder-programs");
    for (const id of next) form.append("programId", id);
    void orderFetcher.submit(form, { method: "post" });
  }

  return (
    <>
      <div className="section-heading">
        <h2 id="programs-heading">Programs</h2>
        {orderFetcher.state !== "idle" && <span className="muted small">Saving order...</span>}
      </div>
      <Feedback feedback={feedback} />
      {ordered.length === 0 ? (
        <p className="empty-state">No programs yet. Press New program to create one.</p>
      ) : (
        <SortableList
          ids={ordered.map((program) => program.id)}
          list="ul"
          className="program-list"
          onReorder={reorder}
          itemLabel={(id) => displayName(ordered.find((program) => program.id === id)?.title ?? "")}
          hint={
            <>
              Drag a program by its handle to reorder (or focus the handle, press Space, use the arrow keys and Space
              again); the order is saved when you drop it.
            </>
          }
        >
          {ordered.map((program) => (
            <ProgramCard key={program.id} program={program} playlistTitles={titles} onMessage={showFeedback} />
          ))}
        </SortableList>
      )}
    </>
  );
}

function ProgramCard({
  program,
  playlistTitles,
  onMessage,
}: {
  program: ProgramView;
  playlistTitles: Map<string, string>;
  onMessage: ShowFeedback;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const row = useSortableRow(program.id);
  const deleteFetcher = useFetcher<Answer>();
  const confirm = useConfirm();
  const deleting = deleteFetcher.state !== "idle";
  useAnswer(deleteFetcher.data, onMessage);
  // An unscheduled program ("none") shows no state.
  const state = program.scheduleState === "none" ? null : program.scheduleState;
  const title = displayName(program.title);
  const uploading = useProgramUploads().get(program.id) ?? 0;
  return (
    <li
      ref={row.ref}
      style={row.style}
      className={`program-card${row.isDragging ? " dragging" : ""}`}
      data-program-id={program.id}
    >
      <div className="program-head">
        <DragHandle handle={row.handle} label={`Move program ${title}`} />
        <CollapseToggle
          open={open}
          onToggle={() => setOpen((value) => !value)}
          controls={panelId}
          className="program-toggle"
        >
          <span className="program-title">{title}</span>
        </CollapseToggle>
        <span className="program-badges">
          {program.mediaType && <span className={`kind-badge kind-${program.mediaType}`}>{program.mediaType}</span>}
          <span className="muted small">
            {uploading > 0 && program.files.length === 0
              ? uploadingLabel(uploading)
              : `${program.files.length} ${program.files.length === 1 ? "file" : "files"}`}
          </span>
          {program.accessType === "public-read" && <span className="muted small">Public</span>}
          {state && <span className={`schedule-state state-${state}`}>{state}</span>}
          {program.role !== "owner" && <span className="muted small">shared with you · {program.role}</span>}
        </span>
      </div>
      {(program.startsAt || program.endsAt) && (
        <p className="schedule small">
          Scheduled
          {program.startsAt && (
            <>
              {" "}
              from <LocalTime value={program.startsAt} />
            </>
          )}
          {program.endsAt && (
            <>
              {" "}
              until <LocalTime value={program.endsAt} />
            </>
          )}
          {program.schedulePlaylistIds.length > 0 && (
            <>
              {" "}
              · on {program.schedulePlaylistIds.map((id) => playlistTitles.get(id) ?? "a deleted playlist").join(", ")}
            </>
          )}
        </p>
      )}
      <div id={panelId} hidden={!open} className="program-details">
        {program.files.length === 0 ? (
          <p className="muted small">{uploading > 0 ? uploadingLabel(uploading) : "No files yet."}</p>
        ) : (
          <ul className="program-files">
            {program.files.map((file) => (
              <ProgramFileRow key={file.id} file={file} mediaType={program.mediaType} onMessage={onMessage} />
            ))}
          </ul>
        )}
        {program.role !== "viewer" && <AddProgramFiles program={program} onMessage={onMessage} />}
        {program.role === "owner" && (
          <InviteForm
            noun="program"
            fields={{ programId: program.id }}
            label="Share with (e-mail)"
            submitLabel="Share"
            defaultRole="viewer"
            compact
            name={title}
          />
        )}
        <div className="actions program-actions">
          <Link to={`/programming/${program.id}/team`} className="button small">
            {program.role === "owner" ? "Manage team" : "Team"}
          </Link>
          {program.role === "owner" && (
            <Link to={`/campaigns/new?program=${program.id}`} className="button small">
              Make it a campaign
            </Link>
          )}
          {program.role === "owner" && (
            <button
              type="button"
              className="button danger small"
              disabled={deleting}
              onClick={async () => {
                if (await confirm(DELETE_PROGRAM_CONFIRM, { confirmLabel: "Delete program" }))
                  void deleteFetcher.submit({ intent: "delete-program", programId: program.id }, { method: "post" });
              }}
            >
              {deleting ? "Deleting..." : "Delete program"}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
