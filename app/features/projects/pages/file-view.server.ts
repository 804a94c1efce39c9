// The file view's server side (/bigfile/:fileId): what the page shows to the
// owner, to anyone for a public-read file, and 'No file data available' (404)
// otherwise; and the owner's actions (slot position, notes, delete), each
// answered with the seed's message.
import { data, redirect } from "react-router";
import { Invalid, NotFound } from "../../../../worker/domain/errors";
import { fileViewData } from "../../../../worker/domain/files/file-page";
import { addNote, deleteFile, deleteNote, setSlotPosition } from "../../../../worker/domain/files/files";
import { parse } from "../../../../worker/domain/validation";
import { noteSchema, slotPositionSchema } from "../../../kernel/schemas/files";
import { requireUser, server } from "../../../lib/auth.server";
import { formFields } from "../../../lib/forms.server";
import { orNotFound, pageAction } from "../../../lib/page-errors.server";
import { DELETE_FILE_FAILED, NO_FILE } from "../files/messages";
import type { Route } from "./+types/file-view";
import { fileSummary } from "./files.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const view = await orNotFound(fileViewData(deps, user?.id ?? null, params.fileId), NO_FILE);
  const { file, owner } = view;
  return {
    view: {
      owner,
      // A project's viewer sees the member's view without its edit controls (ADR 041).
      canEdit: view.owner && view.role !== "viewer",
      previewUrl: view.previewUrl,
      sequencePosition: view.owner ? view.sequencePosition : null,
      notes: view.notes.map((note) => ({
        id: note.id,
        text: note.text,
        createdAt: note.createdAt,
        author: "author" in note ? note.author : null,
      })),
      file: {
        ...fileSummary(file),
        contentType: file.contentType,
        frameRate: file.frameRate,
        resolution: file.resolution,
        // Only the owner needs these (Back to the project, the slot input).
        projectId: view.owner ? view.file.projectId : null,
        slotPosition: view.owner ? view.file.slotPosition : null,
      },
    },
  };
}

/** Runs one owner action; domain errors keep their message, anything else says `unexpected`. */
function attempt<I extends string, T extends object>(intent: I, run: () => Promise<T>, unexpected: string) {
  const echo = { intent };
  return pageAction(async () => ({ ...echo, ...(await run()) }), { echo, unexpected });
}

/** A NotFound from the domain, told with the seed's message for the action. */
function retell(message: string) {
  return (error: unknown): never => {
    if (error instanceof NotFound) throw new NotFound(message);
    throw error;
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const fileId = params.fileId;

  switch (fields.intent) {
    case "slot":
      return attempt(
        "slot",
        async () => {
          const { slotPosition } = parse(slotPositionSchema, { slotPosition: fields.slotPosition ?? "" });
          await setSlotPosition(deps, user.id, fileId, slotPosition).catch(retell("Required data missing"));
          return { slotPosition, message: "Slot position updated successfully!" };
        },
        "An error occurred while updating slot position",
      );
    case "add-note":
      return attempt(
        "add-note",
        async () => {
          const { note } = parse(noteSchema, { note: fields.note ?? "" });
          const saved = await addNote(deps, user.id, fileId, note).catch(retell("Failed to add note"));
          return { noteId: saved.id, message: "Note added successfully!" };
        },
        "An error occurred while adding the note",
      );
    case "delete-note":
      return attempt(
        "delete-note",
        async () => {
          const noteId = fields.noteId ?? "";
          if (!noteId) throw new Invalid("Required data missing for deleting note");
          await deleteNote(deps, user.id, fileId, noteId).catch(retell("Failed to delete note"));
          return { noteId, message: "Note deleted successfully!" };
        },
        "An error occurred while deleting the note",
      );
    case "delete-file":
      return attempt(
        "delete-file",
        async () => {
          const { projectId } = await deleteFile(deps, user.id, fileId).catch(
            retell("Required data missing for deletion"),
          );
          // Back to the file's project page (the page that lists it), which shows the message. A
          // redirect from the action lets React Router run that navigation itself.
          throw redirect(`/projects/${projectId}`);
        },
        DELETE_FILE_FAILED,
      );
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
