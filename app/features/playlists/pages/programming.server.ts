// The /programming page's server half: the member's programs (with signed
// previews of their files) and playlists, and one action whose `intent`
// tells its forms apart. The page module re-exports both.
import { data } from "react-router";
import { listPlaylists } from "../../../../worker/domain/playlists/playlists";
import { applyProgram, previewApply } from "../../../../worker/domain/programs/applications";
import {
  createProgram,
  deleteProgram,
  deleteProgramFile,
  listPrograms,
  reorderPrograms,
  setProgramFileSlot,
} from "../../../../worker/domain/programs/programs";
import { parse } from "../../../../worker/domain/validation";
import {
  applyProgramSchema,
  programOrderSchema,
  programSchema,
  programSlotSchema,
} from "../../../kernel/schemas/playlists";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields, formList } from "../../../lib/forms.server";
import { teamAction } from "../../../lib/team-actions.server";
import type { Route } from "./+types/programming";
import { playlistSummary } from "./playlist-summary.server";

const PROGRAM_CREATED = "Program created.";
const PROGRAM_DELETED = "Program deleted.";
const ORDER_SAVED = "Program order saved.";
const PREVIEW_SECONDS = 60 * 60;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // The apply picker offers only playlists the member may change (a viewer's shared ones are not).
  const { deps } = server(context);
  const [programs, playlists] = await Promise.all([listPrograms(deps, user.id), listPlaylists(deps, user.id, "edit")]);
  const sign = async (key: string, contentType: string) =>
    (await deps.storage.signer.signGet({ key, contentType }, PREVIEW_SECONDS)).url;
  return {
    programs: await Promise.all(
      programs.map(async (program) => ({
        id: program.id,
        title: program.title,
        mediaType: program.mediaType,
        accessType: program.accessType,
        startsAt: program.startsAt,
        endsAt: program.endsAt,
        scheduleState: program.scheduleState,
        role: program.role,
        schedulePlaylistIds: program.schedulePlaylistIds,
        files: await Promise.all(
          program.files.map(async (file) => ({
            id: file.id,
            fileName: file.fileName,
            slotPosition: file.slotPosition,
            contentType: file.contentType,
            durationSeconds: file.durationSeconds,
            probeStatus: file.probeStatus,
            previewUrl: await sign(file.key, file.contentType),
          })),
        ),
      })),
    ),
    playlists: playlists.map((playlist) => ({
      ...playlistSummary(playlist),
      slots: playlist.items.map((item) => item.slotPosition).filter((slot): slot is string => Boolean(slot)),
    })),
  };
}

/** The program and playlists of an apply or preview: the API's schema, so both answer alike. */
const applyTarget = (form: FormData) =>
  parse(applyProgramSchema, { programId: form.get("programId") ?? "", playlistIds: formList(form, "playlistId") });

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const form = await request.formData();
  const fields = formFields(form);

  switch (fields.intent) {
    // A program row's invitation form (the shared InviteForm): the same answer as its team page's.
    case "invite":
      return teamAction(
        deps,
        user.id,
        { kind: "program", id: fields.programId ?? "", leftTo: "/programming" },
        "invite",
        fields,
      );
    case "create-program": {
      const echo = { intent: "create-program" as const };
      return formAction(async () => {
        const input = parse(programSchema, {
          title: fields.title ?? "",
          accessType: fields.accessType || undefined,
          startsAt: fields.startsAt || undefined,
          endsAt: fields.endsAt || undefined,
          playlistIds: formList(form, "playlistId"),
        });
        const program = await createProgram(deps, user.id, input);
        return { ...echo, programId: program.id, message: PROGRAM_CREATED };
      }, echo);
    }
    case "reorder-programs": {
      const echo = { intent: "reorder-programs" as const };
      return formAction(async () => {
        const { programIds } = parse(programOrderSchema, { programIds: formList(form, "programId") });
        await reorderPrograms(deps, user.id, programIds);
        return { ...echo, message: ORDER_SAVED };
      }, echo);
    }
    case "program-slot": {
      const echo = { intent: "program-slot" as const, fileId: fields.fileId ?? "" };
      return formAction(async () => {
        const { slotPosition } = parse(programSlotSchema, { slotPosition: fields.slotPosition ?? "" });
        await setProgramFileSlot(deps, user.id, echo.fileId, slotPosition);
        return { ...echo, slotPosition, message: "Slot position updated successfully!" };
      }, echo);
    }
    case "delete-program-file": {
      const echo = { intent: "delete-program-file" as const, fileId: fields.fileId ?? "" };
      return formAction(
        async () => ({ ...echo, message: (await deleteProgramFile(deps, user.id, echo.fileId)).message }),
        echo,
      );
    }
    case "delete-program": {
      const echo = { intent: "delete-program" as const, programId: fields.programId ?? "" };
      return formAction(async () => {
        await deleteProgram(deps, user.id, echo.programId);
        return { ...echo, message: PROGRAM_DELETED };
      }, echo);
    }
    case "preview-apply": {
      const echo = { intent: "preview-apply" as const };
      return formAction(async () => {
        const { programId, playlistIds } = applyTarget(form);
        return { ...echo, programId, plans: await previewApply(deps, user.id, programId, playlistIds) };
      }, echo);
    }
    case "apply-program": {
      const echo = { intent: "apply-program" as const };
      return formAction(async () => {
        const { programId, playlistIds } = applyTarget(form);
        const result = await applyProgram(deps, user.id, programId, playlistIds);
        return {
          ...echo,
          success: result.success,
          message: result.message,
          refused: result.refused,
          applied: result.applications.length,
        };
      }, echo);
    }
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
