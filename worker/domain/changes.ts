// What a write changed that pages shown to visitors depend on. The domain
// notes the change in its own terms (a seller's store, the auction gallery,
// the welcome popup, one FarmerTV episode) and knows nothing of URLs or
// caches; the HTTP layer (worker/http/edge-cache.ts) takes the changes at the
// end of the request, queue batch or cron run that made them, and purges the
// pages that show them. A change is noted synchronously, so code deep in a
// payment webhook or an upload's completion needs no request at hand.

export type Change =
  | { kind: "store"; sellerId: string }
  | { kind: "auction" }
  | { kind: "popup" }
  | { kind: "episode"; episodeId: string };

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
