// The beat battle through the whole Worker: the seed's rules and messages,
// entries written whole from verified uploads, one entry per member even under
// 20 concurrent submissions, fresh links, blind judging, the deadline.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ALREADY_ENTERED,
  AUDIO_REQUIRED,
  BATTLE_CLOSED,
  BATTLE_PRIZE_TOO_LONG,
  COVER_REQUIRED,
  PRODUCER_NAME_REQUIRED,
  PROJECT_TITLE_REQUIRED,
  UPLOAD_MISSING,
} from "../../app/kernel/schemas/beatbattle";
import { call, signUp } from "../../tests/workers/http";
import { mp3Bytes, PNG, uploadAs } from "../../tests/workers/uploads";
import { database } from "../db/client";
import { beatBattleEntries, beatBattleFiles, uploads, users } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { sweepUnclaimedUploads, UNCLAIMED_LIFETIME_MS } from "../domain/uploads/claims";

const db = database(env.DB);
const FIELDS = { projectTitle: "Night Drive", producerName: "DJ Ada", location: "Lagos", socialContact: "@ada" };

async function filesFor(cookie: string, audioCount = 2) {
  const audio = [];
  for (let i = 0; i < audioCount; i++) {
    audio.push(
      await uploadAs(cookie, "beat-audio", { fileName: `beat ${i}.mp3`, contentType: "audio/mpeg", bytes: mp3Bytes() }),
    );
  }
  const cover = await uploadAs(cookie, "beat-cover", { fileName: "cover.png", contentType: "image/png", bytes: PNG });
  return { audioUploadIds: audio.map((a) => a.uploadId), coverUploadId: cover.uploadId };
}

const submit = (cookie: string | undefined, json: unknown) => call("/api/beat-battle/entries", { cookie, json });

async function admin() {
  const member = await signUp();
  await db.update(users).set({ role: "admin" }).where(eq(users.id, member.user.id));
  return member;
}

describe("beat battle", () => {
  it("names the open battle for anyone", async () => {
    const response = await call("/api/beat-battle");
    expect(response.status).toBe(200);
    const { battle, entered } = await response.json<any>();
    expect(battle).toMatchObject({ title: "Origins Beat Battle", open: true });
    expect(entered).toBe(false);
  });

  it("answers the seed's messages before anything is written", async () => {
    const member = await signUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...FIELDS, projectTitle: " ", audioUploadIds: ["a"], coverUploadId: "c" }, PROJECT_TITLE_REQUIRED],
      [{ ...FIELDS, producerName: "", audioUploadIds: ["a"], coverUploadId: "c" }, PRODUCER_NAME_REQUIRED],
      [
        { ...FIELDS, projectTitle: "x".repeat(21), audioUploadIds: ["a"], coverUploadId: "c" },
        "Beat name must be at most 20 characters.",
      ],
      [
        { ...FIELDS, producerName: "x".repeat(21), audioUploadIds: ["a"], coverUploadId: "c" },
        "Producer name must be at most 20 characters.",
      ],
      [
        { ...FIELDS, location: "x".repeat(31), audioUploadIds: ["a"], coverUploadId: "c" },
        "Location must be at most 30 characters.",
      ],
      [
        { ...FIELDS, socialContact: "x".repeat(181), audioUploadIds: ["a"], coverUploadId: "c" },
        "Short message must be at most 180 characters.",
      ],
      [{ ...FIELDS, audioUploadIds: [], coverUploadId: "c" }, AUDIO_REQUIRED],
      [{ ...FIELDS, coverUploadId: "c" }, AUDIO_REQUIRED],
      [{ ...FIELDS, audioUploadIds: ["a"] }, COVER_REQUIRED],
    ];
    for (const [body, message] of cases) {
      const response = await submit(member.cookie, body);
      expect(response.status, message).toBe(400);
      expect((await response.json<any>()).error.message).toBe(message);
    }
    expect(await db.select().from(beatBattleEntries).where(eq(beatBattleEntries.userId, member.user.id))).toEqual([]);
  });

  it("takes an entry whole and shows it to its member with fresh links", async () => {
    const member = await signUp();
    const files = await filesFor(member.cookie);
    const response = await submit(member.cookie, { ...FIELDS, ...files });
    expect(response.status).toBe(201);
    expect(await response.json<any>()).toMatchObject({ success: true, message: "Submission successful!" });

    const listed = await (await call("/api/beat-battle/entries", { cookie: member.cookie })).json<any>();
    expect(listed.beatBattleSubmissions).toHaveLength(1);
    const [entry] = listed.beatBattleSubmissions;
    expect(entry).toMatchObject({ projectTitle: "Night Drive", producerName: "DJ Ada", email: member.form.email });
    expect(entry.files).toHaveLength(3);
    expect(entry.files.filter((f: { isCoverArt: boolean }) => f.isCoverArt)).toHaveLength(1);
    const cover = entry.files.find((f: { isCoverArt: boolean }) => f.isCoverArt);
    const fetched = await call(new URL(cover.signedUrl).pathname + new URL(cover.signedUrl).search);
    expect(fetched.status).toBe(200);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(PNG);

    // A second entry is refused, before any upload too.
    const again = await submit(member.cookie, { ...FIELDS, ...files });
    expect(again.status).toBe(409);
    expect((await again.json<any>()).error.message).toBe(ALREADY_ENTERED);
    const sign = await call("/api/uploads", {
      cookie: member.cookie,
      json: { purpose: "beat-audio", fileName: "b.mp3", contentType: "audio/mpeg", size: 10 },
    });
    expect(sign.status).toBe(409);
    expect((await sign.json<any>()).error.message).toBe(ALREADY_ENTERED);
    expect((await (await call("/api/beat-battle", { cookie: member.cookie })).json<any>()).entered).toBe(true);
  });

  it("keeps one entry per member under 20 concurrent submissions", async () => {
    const member = await signUp();
    const files = await filesFor(member.cookie, 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => submit(member.cookie, { ...FIELDS, ...files })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const entries = await db.select().from(beatBattleEntries).where(eq(beatBattleEntries.userId, member.user.id));
    expect(entries).toHaveLength(1);
    expect(await db.select().from(beatBattleFiles).where(eq(beatBattleFiles.entryId, entries[0]!.id))).toHaveLength(2);
    // The winner's files are still in storage.
    const listed = await (await call("/api/beat-battle/entries", { cookie: member.cookie })).json<any>();
    for (const file of listed.beatBattleSubmissions[0].files) {
      expect((await call(new URL(file.url).pathname + new URL(file.url).search)).status).toBe(200);
    }
  });

  it("never claims another member's upload, and writes nothing then", async () => {
    const owner = await signUp();
    const thief = await signUp();
    const files = await filesFor(owner.cookie, 1);
    const response = await submit(thief.cookie, { ...FIELDS, ...files });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.message).toBe(UPLOAD_MISSING);
    expect(await db.select().from(beatBattleEntries).where(eq(beatBattleEntries.userId, thief.user.id))).toEqual([]);
  });

  it("sweeps verified files no entry claimed", async () => {
    const member = await signUp();
    const { coverUploadId } = await filesFor(member.cookie, 0);
    const [row] = await db.select().from(uploads).where(eq(uploads.id, coverUploadId));
    await db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - UNCLAIMED_LIFETIME_MS - 1000) })
      .where(eq(uploads.id, coverUploadId));
    expect(await env.FILES.head(row!.key)).not.toBeNull();
    await sweepUnclaimedUploads(makeDeps(env, "http://localhost"));
    expect(await env.FILES.head(row!.key)).toBeNull();
  });

  it("lists entries to the admin blind, numbered, until revealed", async () => {
    const boss = await admin();
    const member = await signUp();
    expect((await call("/api/admin/beat-battle/entries")).status).toBe(401);
    expect((await call("/api/admin/beat-battle/entries", { cookie: member.cookie })).status).toBe(403);
    const blind = await (await call("/api/admin/beat-battle/entries", { cookie: boss.cookie })).json<any>();
    expect(blind.submissions.length).toBeGreaterThanOrEqual(2);
    expect(blind.submissions.map((s: { number: number }) => s.number)).toEqual(
      blind.submissions.map((_: unknown, i: number) => i + 1),
    );
    expect(blind.submissions.every((s: { producer: unknown }) => s.producer === null)).toBe(true);
    expect(JSON.stringify(blind)).not.toContain("DJ Ada");
    // No link names an entrant or the storage layout, whatever is encoded in it.
    const entrants = await db.select({ userId: beatBattleEntries.userId }).from(beatBattleEntries);
    const links = blind.submissions.flatMap((s: any) => s.files.map((f: any) => f.url as string));
    for (const link of links) {
      const text = `${link} ${decodeURIComponent(link)}`;
      expect(text).not.toContain("users/");
      for (const { userId } of entrants) expect(text).not.toContain(userId);
    }
    const audio = blind.submissions[0].files.find((f: any) => f.type === "audio/mpeg");
    const path = new URL(audio.url).pathname;
    expect(path).toMatch(/^\/api\/admin\/beat-battle\/files\//);
    const played = await call(path, { cookie: boss.cookie, headers: { range: "bytes=0-3" } });
    expect(played.status).toBe(206);
    expect(played.headers.get("content-type")).toBe("audio/mpeg");
    const [stored] = await db
      .select({ key: beatBattleFiles.key })
      .from(beatBattleFiles)
      .where(eq(beatBattleFiles.id, audio.fileId));
    const whole = new Uint8Array(await (await env.FILES.get(stored!.key))!.arrayBuffer());
    expect([...new Uint8Array(await played.arrayBuffer())]).toEqual([...whole.slice(0, 4)]);
    expect((await call(path, { cookie: member.cookie })).status).toBe(403);
    expect((await call("/api/admin/beat-battle/files/nope", { cookie: boss.cookie })).status).toBe(404);

    const reveal = await call("/api/admin/beat-battle/reveal", {
      cookie: boss.cookie,
      method: "PUT",
      json: { revealed: true },
    });
    expect(reveal.status).toBe(200);
    const open = await (await call("/api/admin/beat-battle/entries", { cookie: boss.cookie })).json<any>();
    expect(open.submissions[0].producer.producerName).toBe("DJ Ada");
  });

  it("lets the admin name the battle and refuses entries after its deadline", async () => {
    const boss = await admin();
    const member = await signUp();
    const files = await filesFor(member.cookie, 1);
    const forbidden = await call("/api/admin/beat-battle", {
      cookie: member.cookie,
      method: "PUT",
      json: { title: "X", deadline: new Date().toISOString() },
    });
    expect(forbidden.status).toBe(403);
    const past = new Date(Date.now() - 60_000).toISOString();
    const set = await call("/api/admin/beat-battle", {
      cookie: boss.cookie,
      method: "PUT",
      json: { title: "Summer Clash", deadline: past },
    });
    expect(set.status).toBe(200);
    expect((await set.json<any>()).battle).toMatchObject({ title: "Summer Clash", open: false });
    const late = await submit(member.cookie, { ...FIELDS, ...files });
    expect(late.status).toBe(409);
    expect((await late.json<any>()).error.message).toBe(BATTLE_CLOSED);
    const bad = await call("/api/admin/beat-battle", {
      cookie: boss.cookie,
      method: "PUT",
      json: { title: "", deadline: "soon" },
    });
    expect(bad.status).toBe(400);
  });

  it("opens a public gallery once the deadline has passed, naming producers only once revealed", async () => {
    const boss = await admin();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    const setDeadline = (deadline: string) =>
      call("/api/admin/beat-battle", { cookie: boss.cookie, method: "PUT", json: { title: "Gallery", deadline } });
    const reveal = (revealed: boolean) =>
      call("/api/admin/beat-battle/reveal", { cookie: boss.cookie, method: "PUT", json: { revealed } });
    const [entry] = await db.select({ id: beatBattleEntries.id }).from(beatBattleEntries).limit(1);
    const [file] = await db
      .select({ id: beatBattleFiles.id })
      .from(beatBattleFiles)
      .where(eq(beatBattleFiles.entryId, entry!.id))
      .limit(1);

    // While entries are open: no gallery, and a file id serves nothing, for a visitor as for anyone.
    expect((await setDeadline(future)).status).toBe(200);
    expect((await (await call("/api/beat-battle/gallery")).json<any>()).entries).toBeNull();
    expect((await call(`/api/beat-battle/gallery/files/${file!.id}`)).status).toBe(404);

    expect((await setDeadline(past)).status).toBe(200);
    expect((await reveal(false)).status).toBe(200);
    const blind = await (await call("/api/beat-battle/gallery")).json<any>();
    expect(blind.entries.length).toBeGreaterThanOrEqual(2);
    expect(blind.entries.every((e: { producer: unknown }) => e.producer === null)).toBe(true);
    const text = JSON.stringify(blind);
    for (const hidden of ["DJ Ada", "@ada", "users/", "@example"]) expect(text).not.toContain(hidden);
    const listed = blind.entries.find((e: { id: string }) => e.id === entry!.id);
    expect(listed.cover).toMatch(/\/api\/beat-battle\/gallery\/files\//);
    const played = await call(new URL(listed.audio[0].url).pathname, { headers: { range: "bytes=0-3" } });
    expect(played.status).toBe(206);
    expect(played.headers.get("content-type")).toBe("audio/mpeg");
    expect((await call("/api/beat-battle/gallery/files/nope")).status).toBe(404);

    expect((await reveal(true)).status).toBe(200);
    const named = await (await call("/api/beat-battle/gallery")).json<any>();
    expect(named.entries.find((e: { id: string }) => e.id === entry!.id).producer).toEqual({
      producerName: "DJ Ada",
      location: "Lagos",
    });
    expect(JSON.stringify(named)).not.toContain("@ada");
  });

  it("refuses visitors", async () => {
    expect((await submit(undefined, { ...FIELDS, audioUploadIds: ["a"], coverUploadId: "c" })).status).toBe(401);
    expect((await call("/api/beat-battle/entries")).status).toBe(401);
  });

  it("shows the battle's page as an event: prize, deadline in words, entries, then \"You're in\" once entered", async () => {
    const boss = await admin();
    const page = async (cookie?: string) =>
      (await (await call("/beatbattle", { cookie })).text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    const deadline = new Date(Date.now() + 10 * 86_400_000 + 3_600_000).toISOString();
    const settings = (json: unknown) => call("/api/admin/beat-battle", { cookie: boss.cookie, method: "PUT", json });
    const long = await settings({ title: "Winter Clash", deadline, prize: "x".repeat(121) });
    expect(long.status).toBe(400);
    expect((await long.json<any>()).error.message).toBe(BATTLE_PRIZE_TOO_LONG);
    const set = await settings({ title: "Winter Clash", deadline, prize: "$500 & a feature on the show" });
    expect((await set.json<any>()).battle).toMatchObject({ prize: "$500 & a feature on the show", open: true });
    // A save without a prize (an older client) keeps the prize.
    expect((await (await settings({ title: "Winter Clash", deadline })).json<any>()).battle.prize).toBe(
      "$500 & a feature on the show",
    );

    const [{ entries }] = (await db.select({ entries: sql<number>`count(*)` }).from(beatBattleEntries)) as [
      { entries: number },
    ];
    const visitor = await page();
    expect(visitor).toContain("Winter Clash</h1>");
    expect(visitor).toContain("$500 & a feature on the show");
    const on = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(
      new Date(deadline),
    );
    expect(visitor).toMatch(new RegExp(`Entries close on ${on}( \\d{4})? — 10 days left`));
    expect(visitor).toMatch(new RegExp(`<dt>Entries</dt><dd>${entries}</dd>`));
    expect(visitor).toContain("Beat name");
    expect(visitor).not.toContain("You're in");

    const member = await signUp();
    expect(await page(member.cookie)).not.toContain("You're in");
    const files = await filesFor(member.cookie, 1);
    expect((await submit(member.cookie, { ...FIELDS, projectTitle: "Snow Loop", ...files })).status).toBe(201);
    const entered = await page(member.cookie);
    expect(entered).toContain("You're in");
    expect(entered).toContain("You have entered this battle.");
    expect(entered).toContain("Snow Loop");
    expect(entered).toMatch(new RegExp(`<dt>Entries</dt><dd>${entries + 1}</dd>`));
    // The form is gone: nothing to submit twice.
    expect(entered).not.toContain("Beat name");
    // Another member still sees the form, and nobody else's entry.
    const other = await page((await signUp()).cookie);
    expect(other).not.toContain("Snow Loop");
    expect(other).toContain("Beat name");
  });
});
