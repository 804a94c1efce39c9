// Sponsors and campaigns (issue 47, "Done when"), against the running app with the real renderer:
// a creator makes a program a campaign on a show of three episodes (goal 150 impressions, CPM $25)
// through the pages and sends the insertion order; the sponsor signs it from the e-mailed link.
// Simulated listeners (podcast apps, countries, some stopping before the spot, bots, HEAD probes,
// parallel ranges, repeats) download the episodes; the report counts exactly the impressions the
// rules give; at the 150th the spot leaves all three episodes within 60 s; the sponsor opens the
// share link without an account and sees the same figures; the delivery report PDF verifies as
// valid at /verify and an edited copy does not.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { login, MEMBER, origin, shootThemes, unique, uploadByApi } from "./fixtures";
import { makeTone } from "./media";

test.setTimeout(600_000);

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "campaigns-e2e-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function api(request: APIRequestContext, method: "post" | "put" | "get", path: string, data?: unknown) {
  const response = await request.fetch(path, { method, data, headers: { origin: origin() } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

async function mailed(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get("/api/dev/mail")).json()) as {
        messages: { to: string; body: string }[];
      };
      found = messages
        .filter((m) => m.to === to)
        .find((m) => pattern.test(m.body))
        ?.body.match(pattern)?.[1];
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** A project of intro, ad (slot b) and outro, its playlist, probed. */
async function episodeProject(request: APIRequestContext, title: string, files: string[]) {
  let projectId: string | undefined;
  const ids: string[] = [];
  for (const file of files) {
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
        const { files: listed } = await api(request, "get", `/api/projects/${projectId}/files`);
        return listed.filter((f: { probeStatus: string }) => f.probeStatus === "done").length;
      },
      { timeout: 90_000 },
    )
    .toBe(3);
  await api(request, "post", `/api/projects/${projectId}/playlist/items`, { fileIds: ids });
  return (await api(request, "get", `/api/projects/${projectId}/playlist`)).id as string;
}

interface Listener {
  userAgent: string;
  ip: string;
  country: string;
}

const APPS = [
  ["AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4 like Mac OS X; en_us)", "Apple Podcasts"],
  ["Spotify/8.9.38 iOS/17.4 (iPhone15,2)", "Spotify"],
  ["Overcast/3.0 (+http://overcast.fm/; iOS podcast app)", "Overcast"],
] as const;
const COUNTRIES = ["US", "GB", "DE"] as const;

/** Listener n: an app and a country in turn, its own address. */
function listener(n: number): Listener {
  const [userAgent] = APPS[n % APPS.length]!;
  return { userAgent: `${userAgent} listener/${n}`, ip: `198.51.100.${n % 250}`, country: COUNTRIES[n % 3]! };
}

const headersOf = (who: Listener, extra: Record<string, string> = {}) => ({
  "user-agent": who.userAgent,
  "cf-connecting-ip": who.ip,
  "x-dev-country": who.country,
  ...extra,
});

/** Every byte of the episode, in 1–4 ranges fetched at once, as an app does. */
async function listen(request: APIRequestContext, path: string, who: Listener, parts: number) {
  const head = await request.head(path, { headers: headersOf(who) });
  expect(head.status()).toBe(200);
  const size = Number(head.headers()["content-length"]);
  const cut = Array.from({ length: parts + 1 }, (_, i) => Math.round((size * i) / parts));
  const answers = await Promise.all(
    cut
      .slice(0, -1)
      .map((from, i) => request.get(path, { headers: headersOf(who, { range: `bytes=${from}-${cut[i + 1]! - 1}` }) })),
  );
  for (const answer of answers) expect(answer.status()).toBe(206);
}

/** The first few KiB only: the listener stops in the intro, before the spot. */
async function stopEarly(request: APIRequestContext, path: string, who: Listener) {
  const answer = await request.get(path, { headers: headersOf(who, { range: "bytes=0-8191" }) });
  expect(answer.status()).toBe(206);
}

/** The campaign page's impression count, read afresh (counting runs after each response). */
async function reloadedImpressions(page: Page) {
  await page.reload();
  return Number((await page.getByTestId("impressions").innerText()).split(" of ")[0]!.replace(/[^\d]/g, ""));
}

test("a campaign sold on three episodes: signed insertion order, exact impressions, the spot stops at the goal, a verifiable report", async ({
  page,
  browser,
}) => {
  await login(page, MEMBER.email, MEMBER.password);
  const request = page.request;
  const tag = unique("camp");

  // ── a show of three episodes sharing an ad in slot b, and a program with the sponsor's spot ──
  const ad = makeTone(dir, "old-ad.mp3", 3, 880);
  const spot = makeTone(dir, "sponsor-spot.mp3", 4, 1320);
  const playlistIds: string[] = [];
  for (const [i, frequency] of [220, 330, 440].entries()) {
    const intro = makeTone(dir, `intro-${i + 1}.mp3`, 2, frequency);
    const outro = makeTone(dir, `outro-${i + 1}.mp3`, 2, frequency * 2);
    playlistIds.push(await episodeProject(request, `Campaign ${tag} ${i + 1}`, [intro, ad, outro]));
  }
  const showTitle = `Harvest Hour ${tag}`;
  const { show } = await api(request, "post", "/api/shows", {
    title: showTitle,
    slug: tag.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
    description: "Three short episodes with one sponsor slot.",
    author: "Demo Member",
    category: "Leisure",
    language: "en",
  });
  const episodes: { id: string }[] = [];
  for (const [i, playlistId] of playlistIds.entries())
    episodes.push(
      (
        await api(request, "post", `/api/shows/${show.id}/episodes`, {
          playlistId,
          title: `Episode ${i + 1}`,
          description: `Notes for episode ${i + 1}.`,
          episodeNumber: i + 1,
        })
      ).episode,
    );
  const audio = (id: string) => `/api/shows/${show.slug}/episodes/${id}/audio.mp3`;
  const chapters = async (id: string) =>
    (await api(request, "get", `/api/shows/${show.slug}/episodes/${id}/chapters.json`)).chapters.map(
      (c: { title: string }) => c.title,
    );
  const programTitle = `Coffee spots ${tag}`;
  const { program } = await api(request, "post", "/api/programs", { title: programTitle });
  await uploadByApi(
    request,
    {
      purpose: "program-file",
      fileName: "sponsor-spot.mp3",
      contentType: "audio/mpeg",
      programId: program.id,
      slotPosition: "b",
    },
    readFileSync(spot),
  );
  for (const episode of episodes)
    await expect.poll(async () => (await request.head(audio(episode.id))).status(), { timeout: 180_000 }).toBe(200);

  // ── the creator makes the program a campaign from the programming page ──
  await page.goto("/programming");
  const card = page.locator("li.program-card", { hasText: programTitle });
  await card.getByRole("button", { name: programTitle, exact: true }).click();
  await card.getByRole("link", { name: "Make it a campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/new\?program=/);
  await expect(page.getByTestId("program-spots")).toContainText("sponsor-spot.mp3");
  const sponsorEmail = `${tag.toLowerCase()}@sponsor.example.com`;
  await page.getByLabel("Sponsor name").fill("Acme Coffee");
  await page.getByLabel("Sponsor e-mail").fill(sponsorEmail);
  await page.getByLabel("Impression goal").fill("150");
  await page.getByLabel(/^CPM/).fill("25");
  await page.getByRole("checkbox", { name: `${showTitle}: every episode` }).check();
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[\w-]+$/);
  const campaignPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Acme Coffee", level: 1 })).toBeVisible();
  // The spot goes into all three episodes at once.
  for (const episode of episodes)
    await expect.poll(() => chapters(episode.id), { timeout: 60_000 }).toContain("Sponsor");

  // ── the insertion order goes to the sponsor, who signs it from the e-mailed link ──
  await page.getByRole("button", { name: "Send insertion order" }).click();
  await expect(page.getByText("Insertion order sent to the sponsor for signature.")).toBeVisible();
  await expect(page.getByText("Sent, not opened yet")).toBeVisible();
  const sponsorContext = await browser.newContext();
  const sponsor = await sponsorContext.newPage();
  const token = await mailed(request, sponsorEmail, /\/sign\/([A-Za-z0-9_-]+)/);
  await sponsor.goto(`/sign/${token}`);
  await expect(sponsor.getByRole("heading", { name: /Insertion order Acme Coffee on/ })).toBeVisible();
  await sponsor.getByLabel("Full name").fill("Sam Sponsor");
  await sponsor.getByLabel(/I agree to sign this document electronically/).check();
  await sponsor.getByRole("button", { name: "Sign the document" }).click();
  await expect(sponsor.getByText("Thank you: your signature is recorded.")).toBeVisible();
  await page.reload();
  const io = page.getByRole("region", { name: "Insertion order" });
  await expect(io.getByText("Signed", { exact: true })).toBeVisible();
  const signedHref = await io.getByRole("link", { name: "Signed copy" }).getAttribute("href");
  // The signed copy is a file of the episode's project, opened in its viewer.
  expect(signedHref).toMatch(/^\/bigfile\//);
  const signed = await request.get(signedHref!);
  expect(signed.status()).toBe(200);
  expect(await signed.text()).toContain("-signed.pdf");

  // ── listeners: 40 who hear every episode (in 1–4 parallel ranges), and those who give no impression ──
  const paths = episodes.map((e) => audio(e.id));
  const heard = async (from: number, to: number) => {
    for (let n = from; n < to; n += 10)
      await Promise.all(
        Array.from({ length: Math.min(10, to - n) }, (_, k) => n + k).flatMap((i) =>
          paths.map((path) => listen(request, path, listener(i), 1 + (i % 4))),
        ),
      );
  };
  await heard(0, 40);
  for (const [i, path] of paths.entries()) {
    // Five stop in the intro, before the spot.
    for (let n = 0; n < 5; n++) await stopEarly(request, path, listener(1000 + n));
    // Bots and crawlers fetch the whole file.
    await listen(
      request,
      path,
      { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)", ip: "66.249.66.1", country: "US" },
      2,
    );
    await listen(request, path, { userAgent: "curl/8.5.0 bot", ip: "203.0.113.9", country: "US" }, 1);
    // HEAD probes.
    for (let n = 0; n < 3; n++)
      expect((await request.head(path, { headers: headersOf(listener(2000 + n)) })).status()).toBe(200);
    // Three of the 40 listen again the same day: still one impression each.
    await listen(request, path, listener(i), 2);
  }
  // 40 listeners × 3 episodes.
  await expect.poll(() => reloadedImpressions(page), { timeout: 30_000 }).toBe(120);
  const byApp = page.getByRole("table", { name: "By app" });
  await expect(byApp.getByRole("row", { name: /Apple Podcasts/ })).toContainText("42");
  await expect(byApp.getByRole("row", { name: /Spotify/ })).toContainText("39");
  await expect(byApp.getByRole("row", { name: /Overcast/ })).toContainText("39");
  const byEpisode = page.getByRole("table", { name: "By episode" });
  for (const n of [1, 2, 3])
    await expect(byEpisode.getByRole("row", { name: new RegExp(`Episode ${n}`) })).toContainText("40");
  await expect(page.getByTestId("amount-due")).toHaveText("$3.00");

  // ── the 150th impression: the spot leaves all three episodes within 60 s, the slot gets its ad back ──
  await heard(40, 50);
  const reached = Date.now();
  for (const episode of episodes)
    await expect
      .poll(async () => (await chapters(episode.id))[1], { timeout: 60_000, intervals: [1_000] })
      .toBe("Old ad");
  const left = Date.now() - reached;
  expect(left).toBeLessThan(60_000);
  console.log(`the spot left all three episodes ${(left / 1000).toFixed(1)} s after the 150th impression`);
  // Listeners after the goal hear the old ad: no more impressions.
  await heard(50, 55);
  await expect.poll(() => reloadedImpressions(page), { timeout: 20_000 }).toBe(150);
  await expect(page.getByText(/^Delivered /).first()).toBeVisible();
  await expect(page.getByTestId("amount-due")).toHaveText("$3.75");
  await expect(page.getByRole("progressbar", { name: "Goal progress" })).toHaveAttribute("aria-valuenow", "150");
  await shootThemes(page, "shots/campaign");

  // ── the sponsor's share link: no account, the same figures ──
  await page.getByRole("button", { name: "Create share link" }).click();
  await expect(page.getByTestId("share-link")).toHaveCount(1);
  const shareUrl = (await page.getByTestId("share-link").getAttribute("href"))!;
  await sponsor.goto(new URL(shareUrl).pathname);
  await expect(sponsor.getByRole("heading", { name: "Acme Coffee", level: 1 })).toBeVisible();
  await expect(sponsor.getByTestId("impressions")).toContainText("150");
  await expect(sponsor.getByTestId("amount-due")).toHaveText("$3.75");
  await expect(sponsor.getByText(/^Delivered /).first()).toBeVisible();
  for (const n of [1, 2, 3])
    await expect(
      sponsor.getByRole("table", { name: "By episode" }).getByRole("row", { name: new RegExp(`Episode ${n}`) }),
    ).toContainText("50");
  await expect(sponsor.getByText(/Insertion order signed/)).toBeVisible();
  await shootThemes(sponsor, "shots/campaign-report");

  // ── the delivery report PDF: valid at /verify, an edited copy is not ──
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Delivery report (PDF)" }).click(),
  ]);
  const report = readFileSync((await download.path())!);
  expect(report.subarray(0, 5).toString()).toBe("%PDF-");
  await sponsor.goto("/verify");
  const picker = sponsor.getByLabel(/Choose the PDF you were given/);
  await picker.setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: report });
  await expect(sponsor.getByText("Valid: this copy is the delivery report as issued, unchanged.")).toBeVisible();
  await expect(sponsor.getByText("150", { exact: true })).toBeVisible();
  const code = (await sponsor.locator("dt:text-is('Code') + dd").innerText()).trim();
  await sponsor.goto(`/verify/${code}`);
  await expect(sponsor.getByText("Valid: this delivery report was issued by Creator Platform.")).toBeVisible();
  const edited = Buffer.from(report);
  edited[edited.length - 30] ^= 1;
  await sponsor
    .getByLabel(/Choose the PDF you were given/)
    .setInputFiles({ name: "edited.pdf", mimeType: "application/pdf", buffer: edited });
  await expect(sponsor.getByText(/^Altered: this copy does NOT match/)).toBeVisible();

  // ── revoking the link closes the sponsor's page ──
  await page.goto(campaignPath);
  await page.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Share link revoked.")).toBeVisible();
  await expect(page.getByTestId("share-link")).toHaveCount(0);
  const gone = await sponsor.goto(new URL(shareUrl).pathname);
  expect(gone?.status()).toBe(404);
  await sponsorContext.close();
});
