// A visitor's beat battle entry, kept in this browser (IndexedDB) while they
// sign up, files included, and restored on /beatbattle afterwards. Nothing is
// uploaded before the person has an account.
import { del, get, set } from "idb-keyval";

const DRAFT_KEY = "beatbattle-draft";
/** A draft older than this is dropped rather than restored. */
const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface BeatDraft {
  fields: { projectTitle: string; producerName: string; location: string; socialContact: string };
  audio: File[];
  cover: File | null;
  savedAt: number;
}

export async function saveDraft(draft: Omit<BeatDraft, "savedAt">) {
  await set(DRAFT_KEY, { ...draft, savedAt: Date.now() } satisfies BeatDraft);
}

export async function loadDraft(): Promise<BeatDraft | null> {
  try {
    const draft = (await get(DRAFT_KEY)) as BeatDraft | undefined;
    if (!draft || Date.now() - draft.savedAt > DRAFT_LIFETIME_MS) return null;
    return draft;
  } catch {
    // No IndexedDB (private mode in some browsers): nothing to restore.
    return null;
  }
}

export async function clearDraft() {
  try {
    await del(DRAFT_KEY);
  } catch {}
}
