// Where a finished upload can be seen, by its purpose: the tray links each
// finished upload there. Declared per purpose (not per screen) so that an
// upload resumed after a browser restart, whose screen is long gone, still
// knows where it landed.
import type { UploadResult, UploadTarget } from "./types";

export interface Landing {
  href: string;
  /** Where that is, for the link's name: "Open long.mp4 in My project". */
  place: string;
}

export function landingFor(target: UploadTarget, result: UploadResult | undefined): Landing | null {
  switch (target.purpose) {
    case "project-file": {
      const projectId = result?.projectId ?? target.projectId;
      if (!projectId) return null;
      const title = typeof result?.projectTitle === "string" ? result.projectTitle.replaceAll("_", " ") : "the project";
      return { href: `/projects/${encodeURIComponent(projectId)}`, place: title };
    }
    case "playlist-item":
      return { href: "/playselect", place: "Sequence" };
    case "program-file":
      return { href: "/programming", place: "Programming" };
    case "product-cover":
    case "product-audio":
    case "voice-tag":
    case "product-stems":
      return { href: "/digimanager", place: "Manager" };
    case "beat-audio":
    case "beat-cover":
      // The entry, not each of its files, is what lands (the battle page's "You're in"): no "View cover.png in Battle".
      return null;
    case "episode-video":
    case "episode-cover":
      return { href: "/farmertv", place: "FarmerTv" };
    case "popup-image":
      return { href: "/popcustom", place: "Popups" };
    case "show-artwork":
      return { href: "/shows", place: "Shows" };
    case "bid-media":
      return { href: "/createBid", place: "CreateBid" };
    default:
      return null;
  }
}
