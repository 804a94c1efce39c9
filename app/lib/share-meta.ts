// The tags a shared link needs (issue 28 §5): the page's own <title> and description, Open Graph and
// the Twitter card. Crawlers read them from the server's HTML, so the pages that use this render their
// content in the loader. URLs are absolute (crawlers do not resolve relative ones).
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Creator Platform";
/** The brand's card (public/og-default.png, 1200×630, ADR 118): what a link shows when its page has no picture. */
export const DEFAULT_SHARE_IMAGE = "/og-default.png";

export interface Share {
  /** The app's origin (`deps.origin`), from the page's loader. */
  origin: string;
  /** The page's path, e.g. `/farmereps/abc`. */
  path: string;
  title: string;
  description: string;
  /** Absolute or origin-relative; a picture that stays valid (not a short-lived signed link) is best. */
  image?: string | null;
  type?: "website" | "video.episode" | "music.song" | "product";
}

/** Descriptions are cut at a word near 200 characters: what link previews show. */
function summary(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= 200) return flat;
  const cut = flat.slice(0, 200);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 150))}…`;
}

export function shareMeta({ origin, path, title, description, image, type = "website" }: Share): MetaDescriptor[] {
  const url = new URL(path, origin).href;
  const text = summary(description);
  const picture = new URL(image || DEFAULT_SHARE_IMAGE, origin).href;
  return [
    { title: `${title} · ${SITE_NAME}` },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: url },
    { property: "og:image", content: picture },
    ...(image
      ? []
      : [
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
    { name: "twitter:image", content: picture },
  ];
}
