import { describe, expect, it } from "vitest";
import { followLinks, listenLength, shareLinks } from "./listen";

describe("following and sharing", () => {
  it("builds the apps' subscribe links from the feed alone, and says Spotify's is a search", () => {
    const links = followLinks("https://example.com/api/shows/farm/feed.xml", "Field notes & more");
    expect(links.map((l) => [l.app, l.href])).toEqual([
      ["Apple Podcasts", "podcast://example.com/api/shows/farm/feed.xml"],
      ["Spotify", "https://open.spotify.com/search/Field%20notes%20%26%20more/podcasts"],
      ["Pocket Casts", "pktc://subscribe/example.com/api/shows/farm/feed.xml"],
    ]);
    expect(links[1]!.title).toBe("Search Spotify for Field notes & more");
  });

  it("builds share intents with the page's address", () => {
    const [x, bluesky, facebook] = shareLinks("https://example.com/shows/farm/episodes/1", "Barley & rain");
    expect(x!.href).toBe(
      "https://x.com/intent/post?text=Barley%20%26%20rain&url=https%3A%2F%2Fexample.com%2Fshows%2Ffarm%2Fepisodes%2F1",
    );
    expect(bluesky!.href).toBe(
      "https://bsky.app/intent/compose?text=Barley%20%26%20rain%20https%3A%2F%2Fexample.com%2Fshows%2Ffarm%2Fepisodes%2F1",
    );
    expect(facebook!.href).toContain("sharer.php?u=https%3A%2F%2Fexample.com");
  });

  it("says an episode's length in words", () => {
    expect(listenLength(45)).toBe("45 sec");
    expect(listenLength(754)).toBe("13 min");
    expect(listenLength(3600)).toBe("1 hr");
    expect(listenLength(3930)).toBe("1 hr 6 min");
    expect(listenLength(null)).toBeNull();
    expect(listenLength(0)).toBeNull();
  });
});
