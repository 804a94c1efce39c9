// What each kind of upload may contain, where it is stored, and what record
// it becomes once verified. Every upload in the product goes through the one
// upload module (./uploads.ts); a new feature adds a purpose here.
import { eq, max } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PROJECT_TITLE_REQUIRED, projectTitle, type UploadRequest } from "../../../app/kernel/schemas/files";
import {
  PROGRAM_SLOT_INVALID,
  PROGRAM_SLOT_TAKEN,
  programOnlyAccepts,
  SLOT_TAKEN,
} from "../../../app/kernel/schemas/playlists";
import {
  POPUP_IMAGE_RULES,
  POPUP_IMAGE_TOO_LARGE,
  POPUP_IMAGE_TYPE,
  popupImageProblem,
} from "../../../app/kernel/schemas/popups";
import {
  files,
  type MediaKind,
  playlistItems,
  playlists,
  programFiles,
  programs,
  projects,
  type Upload,
  users,
} from "../../db/schema";
import { enqueue, type ProbeTarget } from "../../jobs/jobs";
import { imageSize } from "../../storage/image-size";
import { bidMediaKey, playlistUploadKey, popupImageKey, programFileKey, projectFileKey } from "../../storage/keys";
import type { Sniffed } from "../../storage/media";
import type { Deps } from "../deps";
import { Conflict, Forbidden, Invalid } from "../errors";
import { memberData } from "../member-data";
import { ensurePlaylist, isSlotFree, lockedKind, ownPlaylist } from "../playlists/playlists";
import { isProgramSlotFree, ownProgram } from "../programs/programs";
import { audioEpisodeOwner, programReachesEpisodes, segmentJobs } from "../shows/segments";
import { productAudio, productCover, productStems, voiceTag } from "../store/purposes";
import { activity } from "../teams/activity";
import { beatAudio, beatCover, episodeCover, episodeVideo, showArtwork } from "./community-purposes";
import type { Completion, Purpose } from "./purpose";

const PREVIEWABLE: readonly MediaKind[] = ["image", "video", "audio", "pdf", "text"];

/** The media columns of a playlist item or program file made from a verified upload, probe pending. */
function uploadedMedia(upload: Upload, sniffed: Sniffed) {
  return {
    key: upload.key,
    fileName: upload.fileName,
    contentType: sniffed.contentType,
    size: upload.size,
    probeStatus: "queued" as const,
  };
}

/** The probe job of a new media record: its row (written with the record) and its queue message. */
function probeJob(deps: Deps, upload: Upload, target: ProbeTarget, id: string) {
  return enqueue(deps, upload.userId, "probe", { target, id, key: upload.key, origin: deps.origin });
}

/**
 * A playlist item or program file: `write` gets the new row's id, owner and media columns and
 * answers the statements (parent's media kind, the row) and the record; the probe is queued with them.
 */
function probedMedia(
  deps: Deps,
  upload: Upload,
  sniffed: Sniffed,
  target: ProbeTarget,
  write: (row: ReturnType<typeof uploadedMedia> & { id: string; userId: string }) => {
    statements: BatchItem<"sqlite">[];
    record: Record<string, unknown>;
  },
): Completion {
  const id = crypto.randomUUID();
  const probe = probeJob(deps, upload, target, id);
  const { statements, record } = write({ id, userId: upload.userId, ...uploadedMedia(upload, sniffed) });
  return { statements: [...statements, probe.statement], messages: [probe.message], record };
}

export const projectFile: Purpose = {
  allowedKinds: PREVIEWABLE,

  async prepare(deps, userId, request) {
    if (request.projectId) {
      const project = await memberData(deps.db, userId).project(request.projectId, "edit");
      return {
        target: { projectId: project.id, projectTitle: project.title },
        // Under the creator's prefix whoever uploads, so deleting the project deletes every object.
        key: projectFileKey(project.userId, project.id, request.fileName, deps.now()),
      };
    }
    const title = projectTitle.safeParse(request.projectTitle);
    if (!title.success) throw new Invalid(PROJECT_TITLE_REQUIRED, { projectTitle: [PROJECT_TITLE_REQUIRED] });
    // The project row is written only when its first file is verified: no empty projects from failed uploads.
    const projectId = crypto.randomUUID();
    return {
      target: { projectId, projectTitle: title.data },
      key: projectFileKey(userId, projectId, request.fileName, deps.now()),
    };
  },

  async complete(deps, upload, sniffed) {
    const { projectId, projectTitle: title } = upload.target;
    if (!projectId || !title) throw new Invalid("Upload target is missing.");
    const [existing] = await deps.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
    // Sharing may have changed since the upload was signed: a removed member's upload is not recorded.
    if (existing) await memberData(deps.db, upload.userId).project(projectId, "edit");

    const fileId = crypto.randomUUID();
    const probe = sniffed.kind === "audio" || sniffed.kind === "video" ? probeJob(deps, upload, "file", fileId) : null;
    const statements: Completion["statements"] = [
      deps.db.insert(projects).values({ id: projectId, userId: upload.userId, title }).onConflictDoNothing(),
      deps.db.insert(files).values({
        id: fileId,
        userId: upload.userId,
        projectId,
        key: upload.key,
        fileName: upload.fileName,
        contentType: sniffed.contentType,
        size: upload.size,
        kind: sniffed.kind,
        accessType: upload.accessType,
        probeStatus: probe ? "queued" : "none",
      }),
      activity(deps.db, projectId, upload.userId, "uploaded", upload.fileName),
    ];
    if (probe) statements.push(probe.statement);
    return {
      statements,
      messages: probe ? [probe.message] : [],
      record: { fileId, projectId, projectTitle: title, kind: sniffed.kind, probeStatus: probe ? "queued" : "none" },
    };
  },
};

/** Pictures, audio and video of an auction item; attached to the item when an admin creates it. */
export const bidMedia: Purpose = {
  allowedKinds: ["image", "audio", "video"],

  async prepare(deps, userId, request) {
    return { target: {}, key: bidMediaKey(userId, request.fileName, deps.now()) };
  },

  async complete(_deps, upload, sniffed) {
    return {
      statements: [],
      messages: [],
      record: { mediaId: upload.id, key: upload.key, fileName: upload.fileName, kind: sniffed.kind },
    };
  },
};

/** A file uploaded straight into a project's playlist, with an optional slot letter. */
export const playlistItem: Purpose = {
  allowedKinds: ["audio", "video"],

  async prepare(deps, userId, request) {
    if (!request.projectId) throw new Invalid("Project is required.");
    const playlist = await ensurePlaylist(deps, userId, request.projectId, "edit");
    if (request.slotPosition && !(await isSlotFree(deps, userId, playlist.id, request.slotPosition))) {
      throw new Conflict(SLOT_TAKEN, { slotPosition: [SLOT_TAKEN] });
    }
    return {
      target: { playlistId: playlist.id, ...(request.slotPosition ? { slotPosition: request.slotPosition } : {}) },
      key: playlistUploadKey(playlist.userId, request.projectId, request.fileName, deps.now()),
    };
  },

  async complete(deps, upload, sniffed) {
    const playlist = await ownPlaylist(deps, upload.userId, upload.target.playlistId!, "edit");
    const kind = lockedKind(playlist.mediaType, [sniffed.kind]);
    const [{ last } = { last: 0 }] = await deps.db
      .select({ last: max(playlistItems.seqPos) })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, playlist.id));
    // Into an audio episode's playlist: encoded for delivery now, so the episode moves on to it
    // as soon as it is ready (until then it serves its last complete version).
    const episodeOwner = kind === "audio" ? await audioEpisodeOwner(deps, playlist.id) : null;
    const segment = segmentJobs(deps, episodeOwner ? [{ sourceKey: upload.key, userId: episodeOwner }] : []);
    const completion = probedMedia(deps, upload, sniffed, "playlist-item", (row) => ({
      statements: [
        deps.db.update(playlists).set({ mediaType: kind }).where(eq(playlists.id, playlist.id)),
        deps.db.insert(playlistItems).values({
          ...row,
          playlistId: playlist.id,
          slotPosition: upload.target.slotPosition ?? null,
          seqPos: (last ?? 0) + 1,
        }),
        ...segment.statements,
      ],
      record: { itemId: row.id, playlistId: playlist.id, kind: sniffed.kind },
    }));
    return { ...completion, messages: [...completion.messages, ...segment.messages] };
  },
};

/** A program's file: one media kind per program, fixed by its first file; a slot letter unique in the program. */
export const programFile: Purpose = {
  allowedKinds: ["audio", "video"],

  async prepare(deps, userId, request) {
    if (!request.programId) throw new Invalid("Program is required.");
    const program = await ownProgram(deps, userId, request.programId, "edit");
    if (!request.slotPosition) throw new Invalid(PROGRAM_SLOT_INVALID, { slotPosition: [PROGRAM_SLOT_INVALID] });
    if (!(await isProgramSlotFree(deps, userId, program.id, request.slotPosition))) {
      throw new Conflict(PROGRAM_SLOT_TAKEN, { slotPosition: [PROGRAM_SLOT_TAKEN] });
    }
    return {
      target: { programId: program.id, slotPosition: request.slotPosition },
      key: programFileKey(program.userId, program.id, request.fileName, deps.now()),
    };
  },

  async complete(deps, upload, sniffed) {
    const program = await ownProgram(deps, upload.userId, upload.target.programId!, "edit");
    const kind = sniffed.kind as "audio" | "video";
    if (program.mediaType && program.mediaType !== kind) throw new Invalid(programOnlyAccepts(program.mediaType));
    // A spot an audio episode could take is encoded for delivery now, not at its first apply
    // (ADR 053): applying it then only swaps rows, and every episode serves it at the next request.
    const ahead = kind === "audio" && (await programReachesEpisodes(deps, program.id));
    const segment = segmentJobs(deps, ahead ? [{ sourceKey: upload.key, userId: program.userId }] : []);
    const completion = probedMedia(deps, upload, sniffed, "program-file", (row) => ({
      statements: [
        deps.db.update(programs).set({ mediaType: kind }).where(eq(programs.id, program.id)),
        deps.db
          .insert(programFiles)
          .values({ ...row, programId: program.id, slotPosition: upload.target.slotPosition! }),
        ...segment.statements,
      ],
      record: { programFileId: row.id, programId: program.id, kind },
    }));
    return { ...completion, messages: [...completion.messages, ...segment.messages] };
  },
};

/** The welcome popup's picture (admins only); the popup points at it when the editor saves. */
export const popupImage: Purpose = {
  allowedKinds: ["image"],

  async prepare(deps, userId, request) {
    const [user] = await deps.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (user?.role !== "admin") throw new Forbidden("Admins only.");
    const type = request.contentType.toLowerCase().split(";")[0]!.trim();
    if (!(POPUP_IMAGE_RULES.types as readonly string[]).includes(type))
      throw new Invalid(POPUP_IMAGE_TYPE, { contentType: [POPUP_IMAGE_TYPE] });
    if (request.size > POPUP_IMAGE_RULES.maxBytes)
      throw new Invalid(POPUP_IMAGE_TOO_LARGE, { size: [POPUP_IMAGE_TOO_LARGE] });
    return { target: {}, key: popupImageKey(userId, request.fileName, deps.now()) };
  },

  // The bytes decide, not what the browser announced: their type, and the size in their header.
  async complete(deps, upload, sniffed) {
    if (upload.size > POPUP_IMAGE_RULES.maxBytes)
      throw new Invalid(POPUP_IMAGE_TOO_LARGE, { size: [POPUP_IMAGE_TOO_LARGE] });
    const head = await deps.storage.get(upload.key, {
      range: { offset: 0, length: Math.min(upload.size, 256 * 1024) },
    });
    const size = head ? imageSize(new Uint8Array(await head.arrayBuffer())) : null;
    if (!size || size.type !== sniffed.contentType) throw new Invalid(POPUP_IMAGE_TYPE, { image: [POPUP_IMAGE_TYPE] });
    const problem = popupImageProblem(size.width, size.height);
    if (problem) throw new Invalid(problem, { image: [problem] });
    return { statements: [], messages: [], record: { key: upload.key, kind: sniffed.kind } };
  },
};

export const PURPOSES: Record<UploadRequest["purpose"], Purpose> = {
  "project-file": projectFile,
  "bid-media": bidMedia,
  "playlist-item": playlistItem,
  "program-file": programFile,
  "product-cover": productCover,
  "product-audio": productAudio,
  "voice-tag": voiceTag,
  "product-stems": productStems,
  "beat-audio": beatAudio,
  "beat-cover": beatCover,
  "episode-video": episodeVideo,
  "episode-cover": episodeCover,
  "popup-image": popupImage,
  "show-artwork": showArtwork,
};
