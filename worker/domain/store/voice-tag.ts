// The seller's voice tag: uploaded once (upload purpose `voice-tag`), mixed
// into every preview every 30 s. Removing it makes every preview again, untagged.
import { eq } from "drizzle-orm";
import { voiceTags } from "../../db/schema";
import type { Deps } from "../deps";
import { retagJobs, sendJobs } from "./jobs";
import { LINK_SECONDS } from "./views";

export async function voiceTagView(deps: Deps, userId: string) {
  const [tag] = await deps.db.select().from(voiceTags).where(eq(voiceTags.userId, userId));
  if (!tag) return null;
  return {
    fileName: tag.fileName,
    url: (await deps.storage.signer.signGet({ key: tag.key, contentType: tag.contentType }, LINK_SECONDS)).url,
  };
}

export async function removeVoiceTag(deps: Deps, userId: string) {
  const [tag] = await deps.db.select().from(voiceTags).where(eq(voiceTags.userId, userId));
  if (!tag) return;
  const queued = await retagJobs(deps, userId);
  await deps.db.batch([deps.db.delete(voiceTags).where(eq(voiceTags.userId, userId)), ...queued.statements]);
  await sendJobs(deps, queued.messages);
  await deps.storage.delete(tag.key);
}
