// How a listener follows a show and shares an episode: links built from the feed's and the page's
// own addresses (no store ids we do not have), and lengths in the words a listener uses.

export interface FollowLink {
  /** The app's name, the link's text. */
  app: string;
  href: string;
  /** What the link does, when its text alone does not say it (a search, not the show itself). */
  title?: string;
}

/** "https://host/api/shows/x/feed.xml" → "host/api/shows/x/feed.xml": the form apps' URL schemes take. */
function withoutScheme(feed: string) {
  return feed.replace(/^https?:\/\//, "");
}

/**
 * Where a listener follows the show from its feed alone: Apple Podcasts' `podcast://` scheme and
 * Pocket Casts' `pktc://subscribe/` open the feed in the app; Spotify takes no feed address, so its
 * link searches Spotify for the show (and says so) rather than invent a show id.
 */
export function followLinks(feed: string, title: string): FollowLink[] {
  const bare = withoutScheme(feed);
  return [
    { app: "Apple Podcasts", href: `podcast://${bare}` },
    {
      app: "Spotify",
      href: `https://open.spotify.com/search/${encodeURIComponent(title)}/podcasts`,
      title: `Search Spotify for ${title}`,
    },
    { app: "Pocket Casts", href: `pktc://subscribe/${bare}` },
  ];
}

/** Share-intent links (each opens the network's own compose page; no popup window). */
export function shareLinks(url: string, text: string): FollowLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { app: "X", href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { app: "Bluesky", href: `https://bsky.app/intent/compose?text=${encodeURIComponent(`${text} ${url}`)}` },
    { app: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
}

/** 45 → "45 sec", 754 → "13 min", 3_930 → "1 hr 6 min": an episode's length as listeners say it. */
export function listenLength(seconds: number | null | undefined): string | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const total = Math.round(seconds);
  if (total < 60) return `${total} sec`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} hr ${m} min` : `${h} hr`;
}
