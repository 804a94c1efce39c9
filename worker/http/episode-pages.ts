// The edge-cached pages that show one FarmerTV episode: purged when the
// episode changes (saved, edited, removed) and when its poster job fills in
// its picture and duration. Apart from the domain, so the poster job can
// purge without importing the domain module that enqueues it.
import { purgeEdgePages } from "./edge-cache";

export function purgeEpisodePages(id: string) {
  purgeEdgePages("/farmereps", `/farmereps/${id}`);
}
