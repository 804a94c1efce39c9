// The tags a shared link needs (issue 28 §5): the page's own <title> and description, Open Graph and
// the Twitter card. Crawlers read them from the server's HTML, so the pages that use this render their
// content in the loader. URLs are absolute (crawlers do not resolve relative ones).
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Creator Platform";

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
  const picture = image ? new URL(image, origin).href : null;
  return [
    { title: `${title} · ${SITE_NAME}` },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: url },
    ...(picture ? [{ property: "og:image", content: picture }] : []),
    { name: "twitter:card", content: picture ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
    ...(picture ? [{ name: "twitter:image", content: picture }] : []),
  ];
}
