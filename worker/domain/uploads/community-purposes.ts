// Upload purposes of the community features. Each file is verified by the one
// upload module and then waits, unclaimed, until the record that owns it is
// written in one batch (a beat battle entry with all its files, an episode):
// no record points at a file that is not there, and files never claimed are
// swept (sweepUnclaimedUploads).
import type { UploadRequest } from "../../../app/kernel/schemas/files";
import { ARTWORK_INVALID } from "../../../app/kernel/schemas/shows";
import { imageSize } from "../../storage/image-size";
import { beatBattleKey, episodeKey, showArtworkKey } from "../../storage/keys";
import { announcedKind } from "../../storage/media";
import { assertCanEnter } from "../beatbattle/battles";
import type { Deps } from "../deps";
import { Invalid } from "../errors";
import type { Purpose } from "./purpose";

/** A verified file waiting for its record: the caller gets the upload id to claim it with. */
const unclaimed: Purpose["complete"] = async (_deps, upload, sniffed) => ({
  statements: [],
  messages: [],
  record: { uploadId: upload.id, key: upload.key, fileName: upload.fileName, kind: sniffed.kind },
});

function requireType(request: UploadRequest, allowed: readonly string[], message: string) {
  const type = request.contentType.toLowerCase().split(";")[0]!.trim();
  if (!allowed.includes(type)) throw new Invalid(message, { contentType: [message] });
}

async function beatUpload(deps: Deps, userId: string, request: UploadRequest) {
  const battle = await assertCanEnter(deps, userId);
  return { target: { battleId: battle.id }, key: beatBattleKey(userId, battle.id, request.fileName, deps.now()) };
}

/** A beat battle entry's audio (mp3, m4a, wav, aac). An m4a may sniff as an mp4 container. */
export const beatAudio: Purpose = {
  allowedKinds: ["audio", "video"],
  async prepare(deps, userId, request) {
    if (announcedKind(request.contentType, request.fileName) !== "audio") {
      throw new Invalid("Audio files must be mp3, m4a, wav or aac.", { contentType: ["File type is not allowed."] });
    }
    return beatUpload(deps, userId, request);
  },
  async complete(deps, upload, sniffed) {
    if (sniffed.kind === "video" && sniffed.contentType !== "video/mp4") throw new Invalid("File type is not allowed.");
    return unclaimed(deps, upload, sniffed);
  },
};

export const beatCover: Purpose = {
  allowedKinds: ["image"],
  prepare: beatUpload,
  complete: unclaimed,
};

/** Seed 001 §5: the FarmerTV cover accepts only jpeg, png or webp. */
export const EPISODE_COVER_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const EPISODE_COVER_TYPE_MESSAGE = "Cover image must be jpeg, png or webp.";

export const episodeCover: Purpose = {
  allowedKinds: ["image"],
  async prepare(deps, userId, request) {
    requireType(request, EPISODE_COVER_TYPES, EPISODE_COVER_TYPE_MESSAGE);
    return { target: {}, key: episodeKey(userId, request.fileName, deps.now()) };
  },
  async complete(deps, upload, sniffed) {
    if (!(EPISODE_COVER_TYPES as readonly string[]).includes(sniffed.contentType)) {
      throw new Invalid(EPISODE_COVER_TYPE_MESSAGE);
    }
    return unclaimed(deps, upload, sniffed);
  },
};

export const episodeVideo: Purpose = {
  allowedKinds: ["video"],
  async prepare(deps, userId, request) {
    return { target: {}, key: episodeKey(userId, request.fileName, deps.now()) };
  },
  complete: unclaimed,
};

/** How far into an image its size is looked for (a JPEG's frame header follows its EXIF and tables). */
const ARTWORK_HEAD_BYTES = 256 * 1024;

/** Issue 30: a show's artwork is a square JPEG or PNG of 1400 to 3000 pixels a side, checked on upload. */
export const showArtwork: Purpose = {
  allowedKinds: ["image"],
  async prepare(deps, userId, request) {
    requireType(request, ["image/jpeg", "image/png"], ARTWORK_INVALID);
    return { target: {}, key: showArtworkKey(userId, request.fileName, deps.now()) };
  },
  async complete(deps, upload, sniffed) {
    const head = await deps.storage.get(upload.key, {
      range: { offset: 0, length: Math.min(upload.size, ARTWORK_HEAD_BYTES) },
    });
    const size = head ? imageSize(new Uint8Array(await head.arrayBuffer())) : null;
    if (
      !size ||
      size.type !== sniffed.contentType ||
      size.width !== size.height ||
      size.width < 1400 ||
      size.width > 3000
    )
      throw new Invalid(ARTWORK_INVALID, { artwork: [ARTWORK_INVALID] });
    return unclaimed(deps, upload, sniffed);
  },
};
