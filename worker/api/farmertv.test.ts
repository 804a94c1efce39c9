// FarmerTV through the whole Worker: episodes written from verified uploads,
// the public list with the seed's fields, owners' edits, the admin's hiding,
// media served with Range, and the feed parsed by a real XML parser.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { TITLE_AND_DESCRIPTION_FIRST } from "../../app/kernel/schemas/farmertv";
import { publish } from "../../tests/workers/episodes";
import { call, signUp } from "../../tests/workers/http";
import { mp4Bytes, PNG, uploadAs } from "../../tests/workers/uploads";
import { database } from "../db/client";
import { showEpisodes as episodes, users } from "../db/schema";

const db = database(env.DB);
const path = (url: string) => new URL(url).pathname + new URL(url).search;

describe("FarmerTV", () => {
  it("saves an episode from verified uploads and lists it publicly with the seed's fields", async () => {
    const member = await signUp();
    const episode = await publish(member.cookie);
    const { farmVid } = await (await call("/api/episodes")).json<any>();
    const listed = farmVid.find((e: { id: string }) => e.id === episode.id);
    expect(listed).toMatchObject({
      fileTitle: "Harvest day",
      fileDescription: "Tractors at dawn",
      userName: member.form.username,
      type: "video/mp4",
      size: 4096,
    });
    expect(listed.coverUrl).toBeTruthy();

    // The stable URL redirects to a signed link that honours Range (seeking).
    const redirect = await call(path(listed.url));
    expect(redirect.status).toBe(302);
    const ranged = await call(path(redirect.headers.get("location")!), { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 0-99/4096");
  });

  it("answers the seed's message and refuses visitors and others' uploads", async () => {
    const member = await signUp();
    const missing = await call("/api/episodes", {
      cookie: member.cookie,
      json: { title: "", description: "", videoUploadId: "x" },
    });
    expect((await missing.json<any>()).error.message).toBe(TITLE_AND_DESCRIPTION_FIRST);
    const long = await call("/api/episodes", {
      cookie: member.cookie,
      json: { title: "t", description: "x".repeat(361), videoUploadId: "x" },
    });
    expect((await long.json<any>()).error.message).toBe("Description must be at most 360 characters.");
    expect((await call("/api/episodes", { json: { title: "t", description: "d", videoUploadId: "x" } })).status).toBe(
      401,
    );
    const other = await signUp();
    const video = await uploadAs(other.cookie, "episode-video", {
      fileName: "v.mp4",
      contentType: "video/mp4",
      bytes: mp4Bytes(),
    });
    const stolen = await call("/api/episodes", {
      cookie: member.cookie,
      json: { title: "t", description: "d", videoUploadId: video.uploadId },
    });
    expect(stolen.status).toBe(400);
    const gif = await call("/api/uploads", {
      cookie: member.cookie,
      json: { purpose: "episode-cover", fileName: "c.gif", contentType: "image/gif", size: 10 },
    });
    expect(gif.status).toBe(400);
  });

  it("lets owners edit and delete, the admin hide, and nobody else", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const episode = await publish(owner.cookie, "Owned");
    const edit = (cookie: string) =>
      call(`/api/episodes/${episode.id}`, { cookie, method: "PATCH", json: { title: "Renamed" } });
    expect((await edit(stranger.cookie)).status).toBe(404);
    expect((await edit(owner.cookie)).status).toBe(200);
    const hide = (cookie?: string) =>
      call(`/api/admin/episodes/${episode.id}/hidden`, { cookie, method: "PUT", json: { hidden: true } });
    expect((await hide()).status).toBe(401);
    expect((await hide(owner.cookie)).status).toBe(403);
    const admin = await signUp();
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    expect((await hide(admin.cookie)).status).toBe(200);
    const { farmVid } = await (await call("/api/episodes")).json<any>();
    expect(farmVid.map((e: { id: string }) => e.id)).not.toContain(episode.id);
    expect((await call(`/api/episodes/${episode.id}/video`)).status).toBe(404);
    expect((await call(`/api/episodes/${episode.id}`, { cookie: stranger.cookie, method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/episodes/${episode.id}`, { cookie: owner.cookie, method: "DELETE" })).status).toBe(204);
    expect(await db.select().from(episodes).where(eq(episodes.id, episode.id))).toEqual([]);
  });

  it("publishes a feed a real XML parser reads, with every public episode and true enclosures", async () => {
    const member = await signUp();
    const published = [await publish(member.cookie, "Feed one"), await publish(member.cookie, "Feed two", false)];
    const response = await call("/api/episodes/feed.xml");
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(parsed.rss["@_version"]).toBe("2.0");
    expect(parsed.rss["@_xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
    expect(parsed.rss["@_xmlns:podcast"]).toBeTruthy();
    const items = [parsed.rss.channel.item].flat();
    const publicCount = (
      await db
        .select()
        .from(episodes)
        .where(and(eq(episodes.showId, "farmertv"), eq(episodes.published, true)))
    ).length;
    expect(items).toHaveLength(publicCount);
    for (const episode of published) {
      const item = items.find((i: { title: string }) => i.title === episode.fileTitle);
      expect(item.enclosure["@_length"]).toBe("4096");
      expect(item.enclosure["@_type"]).toBe("video/mp4");
      // The shows engine's enclosure: the uploaded file itself, behind a fresh signed link.
      const enclosure = new URL(item.enclosure["@_url"]);
      expect(enclosure.pathname).toBe(`/api/shows/farmertv/episodes/${episode.id}/video.mp4`);
      expect(item.guid["#text"]).toBe(episode.id);
      const file = await call(enclosure.pathname);
      expect(file.status).toBe(302);
      expect(file.headers.get("location")).toMatch(/\/api\/storage\/get\//);
    }
    // FarmerTV is the platform's show: the same feed is the show's, and its pages play the episodes.
    expect(await (await call("/api/shows/farmertv/feed.xml")).text()).toBe(xml);
    const showPage = await call("/shows/farmertv");
    expect(showPage.status).toBe(200);
    expect(await showPage.text()).toContain("Feed one");
    const episodePage = await (await call(`/shows/farmertv/episodes/${published[0].id}`)).text();
    expect(episodePage).toContain(`/api/shows/farmertv/episodes/${published[0].id}/video.mp4`);
    // An episode's artwork (issue 44 item 2): a stable address ending in its extension that
    // answers the picture itself with its image type, cacheable; the first address leads there.
    const withCover = items.find((i: { title: string }) => i.title === "Feed one");
    const art = new URL(withCover["itunes:image"]["@_href"]);
    expect(art.pathname).toBe(`/api/shows/farmertv/episodes/${published[0].id}/cover.png`);
    const image = await call(art.pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(image.headers.get("etag")).toBeTruthy();
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    // FarmerTV's own addresses (the pages' posters, share previews) answer the same picture.
    const farmerTvArt = `/api/episodes/${published[0].id}/cover.png`;
    expect(new Uint8Array(await (await call(farmerTvArt)).arrayBuffer())).toEqual(PNG);
    const old = await call(`/api/episodes/${published[0].id}/cover`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(farmerTvArt);
    // Without a cover or a poster yet the episode names no picture.
    expect(items.find((i: { title: string }) => i.title === "Feed two")["itunes:image"]).toBeUndefined();
  });
  it("keeps C0 control characters out of stored titles and out of the feed (issue 27 item 2)", async () => {
    const member = await signUp();
    const episode = await publish(member.cookie, "Ctl \u0001\u000b\u001b\tend");
    expect(episode.fileTitle).toBe("Ctl \tend");
    // A row written before the rule (or by any other path) still cannot break the feed.
    await db
      .update(episodes)
      .set({ description: "Old \u0002\u0008\u000c\u001f row \ufffe" })
      .where(eq(episodes.id, episode.id));
    const xml = await (await call("/api/episodes/feed.xml")).text();
    // XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the feed must not hold.
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(xml).toContain("Old  row");
  });
});
