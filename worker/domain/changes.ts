// What a write changed that pages shown to visitors depend on. The domain
// notes the change in its own terms (a product edited, a copy sold, the
// auction gallery, the welcome popup, an episode) and knows nothing of URLs or
// caches; the HTTP layer takes the changes at the end of the request, queue
// batch or cron run that made them and purges the addresses that show them
// (worker/http/affected-urls.ts: the one table of which change affects which
// address). A change is noted synchronously, so code deep in a payment webhook
// or an upload's completion needs no request at hand.

export type Change =
  /** A product edited (fields, tiers, files, cover, preview ready, deleted). */
  | { kind: "product"; sellerId: string; productId: string }
  /** A copy sold: stock dropped, an exclusive withdrawn. */
  | { kind: "sale"; sellerId: string; productId: string }
  | { kind: "auction" }
  /** The welcome popup set active (or changed, or ended). */
  | { kind: "popup" }
  /** A FarmerTV episode. */
  | { kind: "episode"; episodeId: string }
  /** A show's episode published, changed, hidden, deleted, or given a program. */
  | { kind: "showEpisode"; slug: string; episodeId: string };

const pending = new Map<string, Change>();

export function noteChange(change: Change) {
  pending.set(JSON.stringify(change), change);
}

/** The changes noted since the last call, each once; the caller acts on them. */
export function takeChanges(): Change[] {
  const changes = [...pending.values()];
  pending.clear();
  return changes;
}
