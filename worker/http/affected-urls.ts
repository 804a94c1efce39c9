// The one table of which public addresses each change makes stale: a function per kind of change
// the domain notes (worker/domain/changes.ts), each returning paths under the app's origin. A purge
// (worker/http/edge-cache.ts) sends exactly these through `purgeUrls`, to every data centre.
//
// Each lists every address that shows the change, whether or not it is edge-cached today
// (EDGE_PAGES): the extra URLs ride in the same purge call, and a page that joins EDGE_PAGES is
// already purged correctly.
import type { Change } from "../domain/changes";

type Of<K extends Change["kind"]> = Extract<Change, { kind: K }>;

const storefront = (sellerId: string) => [`/digiprev/${sellerId}`, `/api/sellers/${sellerId}/products`];
const productPages = (sellerId: string, productId: string) => [
  ...storefront(sellerId),
  `/digiprev/${sellerId}/${productId}`,
];

export const affectedUrls: { [K in Change["kind"]]: (change: Of<K>) => string[] } = {
  /** The seller's storefront (and its listing call) and the beat's own page. */
  product: ({ sellerId, productId }) => productPages(sellerId, productId),
  /** A sale changes stock and may withdraw an exclusive: the same pages as an edit. */
  sale: ({ sellerId, productId }) => productPages(sellerId, productId),
  auction: () => ["/bidgallery", "/api/bid-items"],
  /** The landing page shows the active popup; the two calls answer it. */
  popup: () => ["/", "/api/popups/active", "/api/get-active-popcustom"],
  episode: ({ episodeId }) => ["/farmereps", `/farmereps/${episodeId}`, "/api/episodes", "/api/episodes/feed.xml"],
  /** The show page, the episode page, the feed and the stitched episode's addresses. */
  showEpisode: ({ slug, episodeId }) => {
    const episode = `/api/shows/${slug}/episodes/${episodeId}`;
    return [
      `/shows/${slug}`,
      `/shows/${slug}/episodes/${episodeId}`,
      `/api/shows/${slug}/feed.xml`,
      `${episode}/audio.mp3`,
      `${episode}/video.mp4`,
      `${episode}/chapters.json`,
    ];
  },
};

/** The paths one change makes stale. */
export function pagesShowing(change: Change): string[] {
  return (affectedUrls[change.kind] as (change: Change) => string[])(change);
}
