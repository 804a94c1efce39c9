// The project page's server side (/projects/:projectId): the project's files,
// its playlist (items with signed previews) and the programs applied to it;
// and the page's forms (playlist items, order and slots, undoing a program,
// deleting a file or the project), each answered with the seed's message.
import { data, redirect } from "react-router";
import type { Deps } from "../../../../worker/domain/deps";
import { Invalid } from "../../../../worker/domain/errors";
import { deleteFile, deleteProject } from "../../../../worker/domain/files/files";
import { projectPageData } from "../../../../worker/domain/files/project-page";
import { chapterList } from "../../../../worker/domain/playlists/chapters";
import { removeItem, reorderPlaylist, setItemSlot } from "../../../../worker/domain/playlists/playlists";
import { undoApplication } from "../../../../worker/domain/programs/applications";
import { addFilesToPlaylist } from "../../../../worker/domain/shows/segments";
import { requestSignatures, voidRequest } from "../../../../worker/domain/signing/signatures";
import { parse } from "../../../../worker/domain/validation";
import { addToPlaylistSchema, playlistSlotSchema, reorderSchema } from "../../../kernel/schemas/playlists";
import { requestSignaturesSchema } from "../../../kernel/schemas/signing";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields, formList, intentAction } from "../../../lib/forms.server";
import { orNotFound, pageAction } from "../../../lib/page-errors.server";
import { teamAction } from "../../../lib/team-actions.server";
import { DELETE_FILE_FAILED, FILE_DELETED } from "../files/messages";
import type { Route } from "./+types/project";
import { fileSummary } from "./files.server";

/** Playlist previews are signed for an hour. */
const PREVIEW_SECONDS = 60 * 60;
const PLAYLIST_ORDER_SAVED = "Playlist order saved.";
const SLOT_UPDATED = "Slot position updated successfully!";

export function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  return orNotFound(projectPage(deps, user.id, params.projectId), "Project not found.");
}

/** Everything the page shows, read in one D1 round trip; another member's project is the page's 404. */
async function projectPage(deps: Deps, userId: string, projectId: string) {
  const page = await projectPageData(deps, userId, projectId);
  const { project, files, playlist, applications, programTitles } = page;
  const fileIds = new Set(files.map((file) => file.id));
  const items = await Promise.all(
    playlist.items.map(async (item) => ({
      id: item.id,
      fileName: item.fileName,
      slotPosition: item.slotPosition,
      seqPos: item.seqPos,
      durationSeconds: item.durationSeconds,
      contentType: item.contentType,
      probeStatus: item.probeStatus,
      fromProgram: item.programFileId != null,
      // The library file it was copied from, while that file is still in the project (its notes).
      fileId: item.sourceFileId && fileIds.has(item.sourceFileId) ? item.sourceFileId : null,
      peaks: item.peaks ?? null,
      previewUrl: (await deps.storage.signer.signGet({ key: item.key, contentType: item.contentType }, PREVIEW_SECONDS))
        .url,
    })),
  );
  const titleOf = new Map(programTitles.map((t) => [t.id, t.title]));
  return {
    project: { id: project.id, title: project.title },
    role: page.role,
    userId,
    sharing: {
      creator: page.creator,
      members: page.members,
      invitations: page.invitations,
    },
    activity: page.activity,
    signatureRequests: page.signatureRequests,
    // Audio and video rows play in place (the media library), so they carry a signed preview and the waveform.
    files: await Promise.all(
      files.map(async (file) => ({
        ...fileSummary(file),
        peaks: file.peaks ?? null,
        previewUrl:
          file.kind === "audio" || file.kind === "video"
            ? (await deps.storage.signer.signGet({ key: file.key, contentType: file.contentType }, PREVIEW_SECONDS)).url
            : null,
      })),
    ),
    // Each file's notes, as the file view gives them, for the inspector.
    notes: page.notes.map((note) => ({
      id: note.id,
      fileId: note.fileId,
      text: note.text,
      createdAt: note.createdAt,
      author: note.author,
    })),
    playlist: { id: playlist.id, mediaType: playlist.mediaType, items },
    chapters: chapterList(playlist.items, playlist.marks),
    applications: applications.map((application) => ({
      id: application.id,
      programTitle: titleOf.get(application.programId) ?? "Program",
      createdAt: application.createdAt,
      changes: application.changes.map((change) => ({ slot: change.slot, action: change.action })),
    })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const form = await request.formData();
  const fields = formFields(form);

  switch (fields.intent) {
    case "add-to-playlist":
      return intentAction({ intent: "add-to-playlist" as const }, async () => {
        const { fileIds } = parse(addToPlaylistSchema, { fileIds: formList(form, "fileId") });
        const result = await addFilesToPlaylist(deps, user.id, params.projectId, fileIds);
        return { message: result.message, added: result.items.length };
      });
    case "save-order":
      return intentAction({ intent: "save-order" as const }, async () => {
        const { itemIds } = parse(reorderSchema, { itemIds: formList(form, "itemId") });
        await reorderPlaylist(deps, user.id, fields.playlistId ?? "", itemIds);
        return { message: PLAYLIST_ORDER_SAVED };
      });
    case "item-slot": {
      const itemId = fields.itemId ?? "";
      return intentAction({ intent: "item-slot" as const, itemId }, async () => {
        const { slotPosition } = parse(playlistSlotSchema, { slotPosition: fields.slotPosition ?? "" });
        await setItemSlot(deps, user.id, itemId, slotPosition);
        return { slotPosition, message: SLOT_UPDATED };
      });
    }
    case "remove-item": {
      const itemId = fields.itemId ?? "";
      return intentAction({ intent: "remove-item" as const, itemId }, async () => ({
        message: (await removeItem(deps, user.id, itemId)).message,
      }));
    }
    case "undo-application": {
      const applicationId = fields.applicationId ?? "";
      return intentAction({ intent: "undo-application" as const, applicationId }, async () => ({
        message: (await undoApplication(deps, user.id, applicationId)).message,
      }));
    }
    case "delete-file": {
      const fileId = fields.fileId ?? "";
      const echo = { intent: "delete-file" as const, fileId };
      return pageAction(
        async () => {
          if (!fileId) throw new Invalid("Required data missing for deletion");
          await deleteFile(deps, user.id, fileId);
          return { ...echo, message: FILE_DELETED };
        },
        { echo, unexpected: DELETE_FILE_FAILED },
      );
    }
    case "invite":
    case "change-role":
    case "remove-member":
    case "revoke-invitation":
      return teamAction(
        deps,
        user.id,
        { kind: "project", id: params.projectId, leftTo: "/authenticated" },
        fields.intent,
        fields,
      );
    case "request-signatures":
      return intentAction({ intent: "request-signatures" as const }, async () => {
        const form = parse(requestSignaturesSchema, { fileId: fields.fileId ?? "", signers: fields.signers ?? "" });
        return { message: (await requestSignatures(deps, user.id, params.projectId, form)).message };
      });
    case "void-request": {
      const requestId = fields.requestId ?? "";
      return intentAction({ intent: "void-request" as const, requestId }, async () => ({
        message: (await voidRequest(deps, user.id, requestId)).message,
      }));
    }
    case "delete-project":
      return formAction(
        async () => {
          await deleteProject(deps, user.id, params.projectId);
          return redirect("/authenticated");
        },
        { intent: "delete-project" as const },
      );
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
