// Shows stitched at the edge (issue 30, "Done when"), against the running app with the real
// renderer: three episodes share an ad in slot b; the renderer's segment jobs encode every item
// and the program's spot to the delivery profile; a podcast client (Playwright's HTTP client,
// reading in ranges as apps do) downloads each episode and ffmpeg decodes it with no error, with
// ffprobe reading the ID3 chapters; a program applied to the slot changes all three within a
// minute, the chapters after the spot move by the spot's extra length and the durations follow.
// Then a listener plays an episode in the shared player and jumps to a chapter; screenshots of
// the show, episode and stats pages at 390 and 1280 px, light and dark.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { login, MEMBER, origin, shootThemes, unique, uploadByApi } from "./fixtures";
import { makeTone } from "./media";

test.setTimeout(420_000);

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shows-e2e-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const AD_SECONDS = 3;
const SPOT_SECONDS = 6;
/** A podcast app's range requests: 64 KiB at a time. */
const CHUNK = 64 * 1024;

async function api(request: APIRequestContext, method: "post" | "put" | "get", path: string, data?: unknown) {
  const response = await request.fetch(path, { method, data, headers: { origin: origin() } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** A project of intro, ad (slot b) and outro, its playlist, probed. */
async function episodeProject(request: APIRequestContext, title: string, intro: string, ad: string, outro: string) {
  let projectId: string | undefined;
  const ids: string[] = [];
  for (const file of [intro, ad, outro]) {
    const uploaded = await uploadByApi(
      request,
      {
        purpose: "project-file",
        fileName: file.split("/").pop()!,
        contentType: "audio/mpeg",
        ...(projectId ? { projectId } : { projectTitle: title }),
      },
      readFileSync(file),
    );
    projectId = uploaded.projectId!;
    ids.push(uploaded.fileId!);
  }
  await api(request, "put", `/api/files/${ids[1]}/slot`, { slotPosition: "b" });
  await expect
    .poll(
      async () => {
        const { files } = await api(request, "get", `/api/projects/${projectId}/files`);
        return files.filter((f: { probeStatus: string }) => f.probeStatus === "done").length;
      },
      { timeout: 90_000 },
    )
    .toBe(3);
  await api(request, "post", `/api/projects/${projectId}/playlist/items`, { fileIds: ids });
  const playlist = await api(request, "get", `/api/projects/${projectId}/playlist`);
  expect(playlist.items.map((i: { slotPosition: string | null }) => i.slotPosition)).toEqual([null, "b", null]);
  return playlist.id as string;
}

/** The whole file the way a podcast app fetches it: ranged GETs, each checked, joined. */
async function download(request: APIRequestContext, path: string) {
  const head = await request.head(path);
  expect(head.status()).toBe(200);
  const size = Number(head.headers()["content-length"]);
  const etag = head.headers().etag!;
  const parts: Buffer[] = [];
  for (let at = 0; at < size; at += CHUNK) {
    const last = Math.min(size, at + CHUNK) - 1;
    const part = await request.get(path, {
      headers: { range: `bytes=${at}-${last}`, "if-range": etag, "user-agent": "AppleCoreMedia/1.0.0 (iPhone)" },
    });
    expect(part.status(), `bytes=${at}-${last}`).toBe(206);
    expect(part.headers()["content-range"]).toBe(`bytes ${at}-${last}/${size}`);
    expect(part.headers().etag).toBe(etag);
    const body = await part.body();
    expect(body.length).toBe(last - at + 1);
    parts.push(body);
  }
  const bytes = Buffer.concat(parts);
  // The same bytes as one plain GET.
  const whole = await request.get(path);
  expect(whole.status()).toBe(200);
  expect((await whole.body()).equals(bytes)).toBe(true);
  return { bytes, etag };
}

interface Probed {
  duration: number;
  chapters: { start: number; title: string }[];
  codec: string;
  sampleRate: number;
  channels: number;
  bitRate: number;
}

/** ffmpeg decodes every frame (any error fails), ffprobe reads the stream and the ID3 chapters. */
function decode(bytes: Buffer, name: string): Probed {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const errors = execFileSync("ffmpeg", ["-v", "error", "-xerror", "-i", file, "-f", "null", "-"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  expect(errors).toBe("");
  const probe = JSON.parse(
    execFileSync(
      "ffprobe",
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-show_chapters", file],
      { encoding: "utf8" },
    ),
  );
  const stream = probe.streams[0];
  return {
    duration: Number(probe.format.duration),
    chapters: probe.chapters.map((c: { start_time: string; tags?: { title?: string } }) => ({
      start: Number(c.start_time),
      title: c.tags?.title ?? "",
    })),
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    bitRate: Number(stream.bit_rate),
  };
}

test("three episodes share an ad slot: ranged downloads decode, a program changes all three within a minute with chapters moved", async ({
  page,
}) => {
  await login(page, MEMBER.email, MEMBER.password);
  const request = page.request;
  const tag = unique("show");
  const ad = makeTone(dir, "old-ad.mp3", AD_SECONDS, 880);
  const spot = makeTone(dir, "new-spot.mp3", SPOT_SECONDS, 1320);
  const playlistIds: string[] = [];
  for (const [i, frequency] of [220, 330, 440].entries()) {
    const intro = makeTone(dir, `intro-${i + 1}.mp3`, 2, frequency);
    const outro = makeTone(dir, `outro-${i + 1}.mp3`, 2, frequency * 2);
    playlistIds.push(await episodeProject(request, `Stitch ${tag} ${i + 1}`, intro, ad, outro));
  }

  const { show } = await api(request, "post", "/api/shows", {
    title: `Field Notes ${tag}`,
    slug: tag.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
    description: "Three short episodes that share one ad.",
    author: "Demo Member",
    category: "Leisure",
    language: "en",
  });
  const episodes: { id: string; title: string }[] = [];
  for (const [i, playlistId] of playlistIds.entries()) {
    const { episode } = await api(request, "post", `/api/shows/${show.id}/episodes`, {
      playlistId,
      title: `Episode ${i + 1}`,
      description: `Notes for episode ${i + 1}.`,
      episodeNumber: i + 1,
    });
    episodes.push(episode);
  }
  const audio = (id: string) => `/api/shows/${show.slug}/episodes/${id}/audio.mp3`;

  // The renderer encodes the segments; until then an episode answers 503 with Retry-After.
  const first = await request.head(audio(episodes[0]!.id));
  if (first.status() === 503) expect(first.headers()["retry-after"]).toBe("30");
  for (const episode of episodes)
    await expect.poll(async () => (await request.head(audio(episode.id))).status(), { timeout: 180_000 }).toBe(200);

  const before: { etag: string; probed: Probed }[] = [];
  for (const [i, episode] of episodes.entries()) {
    const { bytes, etag } = await download(request, audio(episode.id));
    const probed = decode(bytes, `before-${i}.mp3`);
    expect(probed).toMatchObject({ codec: "mp3", sampleRate: 44_100, channels: 2, bitRate: 128_000 });
    // Intro 2 s + ad 3 s + outro 2 s, each segment a few encoder frames longer than its source.
    expect(probed.duration).toBeGreaterThan(7);
    expect(probed.duration).toBeLessThan(7.3);
    expect(probed.chapters.map((c) => c.title)).toEqual([`Intro ${i + 1}`, "Old ad", `Outro ${i + 1}`]);
    expect(probed.chapters[1]!.start).toBeCloseTo(2, 0);
    expect(probed.chapters[2]!.start).toBeCloseTo(5, 0);
    before.push({ etag, probed });
  }

  // The feed lists the three with exact lengths.
  const feed = await (await request.get(`/api/shows/${show.slug}/feed.xml`)).text();
  for (const episode of episodes) {
    const length = Number(new RegExp(`${episode.id}/audio.mp3" length="(\\d+)"`).exec(feed)?.[1]);
    expect(length).toBe(Number((await request.head(audio(episode.id))).headers()["content-length"]));
  }

  // A program with a 6 s spot in slot b, applied to the three playlists at once.
  const { program } = await api(request, "post", "/api/programs", { title: `Spring spots ${tag}` });
  await uploadByApi(
    request,
    {
      purpose: "program-file",
      fileName: "new-spot.mp3",
      contentType: "audio/mpeg",
      programId: program.id,
      slotPosition: "b",
    },
    readFileSync(spot),
  );
  const appliedAt = Date.now();
  await api(request, "post", "/api/program-applications", { programId: program.id, playlistIds });
  for (const [i, episode] of episodes.entries())
    await expect
      .poll(async () => (await request.head(audio(episode.id))).headers().etag, { timeout: 60_000, intervals: [1_000] })
      .not.toBe(before[i]!.etag);
  const propagation = Date.now() - appliedAt;
  expect(propagation).toBeLessThan(60_000);
  console.log(`a program applied to 3 episodes reached all three in ${(propagation / 1000).toFixed(1)} s`);

  for (const [i, episode] of episodes.entries()) {
    const { bytes } = await download(request, audio(episode.id));
    const probed = decode(bytes, `after-${i}.mp3`);
    const longer = probed.duration - before[i]!.probed.duration;
    expect(longer).toBeGreaterThan(SPOT_SECONDS - AD_SECONDS - 0.1);
    expect(longer).toBeLessThan(SPOT_SECONDS - AD_SECONDS + 0.1);
    expect(probed.chapters.map((c) => c.title)).toEqual([`Intro ${i + 1}`, "Sponsor", `Outro ${i + 1}`]);
    expect(probed.chapters[1]!.start).toBeCloseTo(before[i]!.probed.chapters[1]!.start, 3);
    // The outro's chapter moved by the spot's extra length, as encoded.
    expect(probed.chapters[2]!.start - before[i]!.probed.chapters[2]!.start).toBeCloseTo(longer, 1);
    const { chapters } = await api(request, "get", `/api/shows/${show.slug}/episodes/${episode.id}/chapters.json`);
    expect(chapters.map((c: { startTime: number }) => c.startTime)).toEqual(
      probed.chapters.map((c) => Math.round(c.start * 1000) / 1000),
    );
  }

  // A listener plays episode 1 in the shared player and jumps to the outro's chapter.
  const listener = await (await page.context().browser()!.newContext()).newPage();
  await listener.goto(`/shows/${show.slug}/episodes/${episodes[0]!.id}`);
  await expect(listener.getByRole("heading", { name: "Episode 1" })).toBeVisible();
  const chapters = listener.getByRole("list", { name: "Chapters of Episode 1" });
  await expect(chapters.getByRole("listitem")).toHaveCount(3);
  await expect(chapters).toContainText("Sponsor");
  await chapters.getByRole("button", { name: /Outro 1/ }).click();
  const seek = listener.getByRole("slider", { name: "Seek Episode 1" });
  await expect(seek).toHaveAttribute("aria-valuenow", /^(8|9|10)$/, { timeout: 15_000 });
  await listener.evaluate(() => {
    for (const media of Array.from(document.querySelectorAll("audio"))) media.pause();
  });
  await shootThemes(listener, "shots/show-episode");
  // The episode page shares and lists the show's other episodes.
  await expect(listener.getByRole("heading", { name: "More episodes" })).toBeVisible();
  await expect(listener.getByRole("button", { name: "Copy link to this episode" })).toBeVisible();
  await listener.goto(`/shows/${show.slug}`);
  // The show page: 'Follow' with the feed's subscribe links, and each episode's Play opening the player in its row.
  await expect(listener.getByRole("link", { name: "Apple Podcasts" })).toHaveAttribute("href", /^podcast:\/\//);
  await expect(listener.getByRole("link", { name: "Pocket Casts" })).toHaveAttribute("href", /^pktc:\/\/subscribe\//);
  await listener.getByRole("button", { name: "Play Episode 3" }).click();
  await expect(listener.getByRole("list", { name: "Chapters of Episode 3" })).toContainText("Sponsor");
  // The row's Play gives way to the player, whose own play/pause button takes the focus.
  // (The sticky Now playing bar has its own button of the same name.)
  await expect(
    listener.getByRole("region", { name: "Episodes" }).getByRole("button", { name: /^(Pause|Play) Episode 3$/ }),
  ).toBeFocused();
  await listener.evaluate(() => {
    for (const media of Array.from(document.querySelectorAll("audio"))) media.pause();
  });
  await shootThemes(listener, "shots/show");
  await page.goto(`/shows/${show.slug}/stats`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shootThemes(page, "shots/show-stats");
  await listener.context().close();
});

test("the publish step lists the chosen playlist's chapters and flags titles still made from file names, with a link to review them", async ({
  page,
}) => {
  await login(page, MEMBER.email, MEMBER.password);
  const { request } = page;
  const tag = unique("review");
  let projectId: string | undefined;
  const fileIds: string[] = [];
  for (const [i, name] of [
    "sunrise_over_the_barley_fields_ep12_intro.mp3",
    "seed_swap_interview_take_3_final.mp3",
  ].entries()) {
    const uploaded = await uploadByApi(
      request,
      {
        purpose: "project-file",
        fileName: name,
        contentType: "audio/mpeg",
        ...(projectId ? { projectId } : { projectTitle: `Review ${tag}` }),
      },
      readFileSync(makeTone(dir, name, 1, 300 + i * 100)),
    );
    projectId = uploaded.projectId!;
    fileIds.push(uploaded.fileId!);
  }
  await api(request, "post", `/api/projects/${projectId}/playlist/items`, { fileIds });
  const playlist = await api(request, "get", `/api/projects/${projectId}/playlist`);
  const { show } = await api(request, "post", "/api/shows", {
    title: `Review ${tag}`,
    slug: tag.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
    description: "Chapters reviewed before publishing.",
    author: "Demo Member",
    category: "Leisure",
    language: "en",
  });

  const choose = async () => {
    await page.goto(`/shows/${show.slug}/manage`);
    await page.getByLabel("Playlist", { exact: true }).selectOption({ label: `Review ${tag}` });
    return page.getByRole("region", { name: "Chapters listeners will read" });
  };
  let review = await choose();
  await expect(review.getByRole("listitem")).toHaveText([
    "Sunrise over the barley fields — intro From the file name",
    "Seed swap interview From the file name",
  ]);
  await expect(review).toContainText("2 chapter titles are still made from file names.");
  await expect(review.getByRole("link", { name: "Review chapter titles" })).toHaveAttribute(
    "href",
    `/projects/${projectId}`,
  );

  // A title the creator gives is theirs: no flag on it.
  await api(request, "put", `/api/playlist-items/${playlist.items[0].id}/chapter`, { title: "Cold open" });
  review = await choose();
  await expect(review.getByRole("listitem")).toHaveText(["Cold open", "Seed swap interview From the file name"]);
  await expect(review).toContainText("1 chapter title is still made from its file name.");

  for (const width of [390, 1280])
    for (const dark of [false, true]) {
      const theme = encodeURIComponent(JSON.stringify({ isDarkMode: dark, accentColor: "#FFF", fontPercentage: 100 }));
      await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
      await page.setViewportSize({ width, height: 900 });
      review = await choose();
      await review.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/shots/publish-review-${width}-${dark ? "dark" : "light"}.png` });
    }
});
