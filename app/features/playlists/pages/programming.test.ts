// /programming through the whole Worker: the guard, the page with the
// member's programs and playlists, and every action intent (create, reorder,
// slot letters, deletes, preview and apply) with the seed's messages; other
// members' ids are Not Found.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { playlistWith, uploadProgramFile } from "../../../../tests/workers/playlists";
import { PNG, upload } from "../../../../tests/workers/uploads";
import { database } from "../../../../worker/db/client";
import { playlistItems, programFiles, programs } from "../../../../worker/db/schema";

const db = database(env.DB);

/** Creates a program through the page's action and returns its id. */
async function createViaPage(cookie: string, title: string, extra: [string, string][] = []) {
  const result = await act("/programming", [["intent", "create-program"], ["title", title], ...extra], cookie);
  if (result.status !== 200) throw new Error(`create: ${result.status} ${result.text}`);
  const [program] = await db.select().from(programs).where(eq(programs.title, title));
  return program!.id;
}

let member: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  member = await signUp();
  other = await signUp();
});

describe("/programming page", () => {
  it("sends a visitor to sign in, remembering the page, also for its action", async () => {
    const visitor = await call("/programming");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/signin?from=${encodeURIComponent("/programming")}`);
    const posted = await act("/programming", { intent: "create-program", title: "Nope" });
    expect(posted.text).toContain("/signin?from=");
    expect(await db.select().from(programs).where(eq(programs.title, "Nope"))).toHaveLength(0);
  });

  it("shows a new member the create form, the empty list and the apply picker", async () => {
    const fresh = await signUp();
    const response = await call("/programming", { cookie: fresh.cookie });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toMatch(/<h1[^>]*>Programming<\/h1>/);
    // With no program yet, 'New program' (the header's action) starts open.
    expect(page).toMatch(/aria-expanded="true"[^>]*>New program</);
    expect(page).toContain("Program title");
    expect(page).toContain('<option value="public-read">Public</option>');
    expect(page).toContain("Create Program");
    expect(page).toContain("No programs yet.");
    expect(page).toContain("No playlists with files yet.");
    expect(page).toContain("Preview changes");
    expect(page).toContain("Apply Program");
  });

  it("lists programs with their files sorted by slot letter and only playlists that have files", async () => {
    const owner = await signUp();
    const { playlist } = await playlistWith(owner.cookie, ["video"], "Morning_Show");
    // A project whose playlist stays empty is not offered.
    const empty = await upload(owner.cookie, {
      fileName: "cover.png",
      contentType: "image/png",
      bytes: PNG,
      projectTitle: "Empty_Project",
    });
    await call(`/api/projects/${empty.projectId}/playlist`, { cookie: owner.cookie });
    const programId = await createViaPage(owner.cookie, "Summer Spots");
    await uploadProgramFile(owner.cookie, programId, "c");
    await uploadProgramFile(owner.cookie, programId, "a");

    const page = await html(await call("/programming", { cookie: owner.cookie }));
    expect(page).toContain("Summer Spots");
    expect(page.indexOf("spot-a.mp4")).toBeGreaterThan(-1);
    expect(page.indexOf("spot-a.mp4")).toBeLessThan(page.indexOf("spot-c.mp4"));
    expect(page).toMatch(/kind-badge kind-video[^>]*>video</);
    expect(page).toContain("Morning Show");
    expect(page).toContain(`value="${programId}"`);
    expect(page).not.toContain("Empty Project");
    expect(page).toContain("/api/storage/get/");
    expect(page).not.toContain(playlist.items[0].key);
  });

  it("renders with at most two D1 round trips one after another (ADR 024; counted, not timed)", async () => {
    const owner = await signUp();
    await playlistWith(owner.cookie, ["video"], "Counted_Show");
    const programId = await createViaPage(owner.cookie, "Counted Spots");
    await uploadProgramFile(owner.cookie, programId, "a");
    const page = await call("/programming", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Counted Spots");
    expect(Number(page.headers.get("x-d1-waits"))).toBeLessThanOrEqual(2);
  });
});

describe("/programming actions", () => {
  it("creates a program: title required, access type kept, scheduled ones need playlists and show as pending", async () => {
    const missing = await act("/programming", { intent: "create-program", title: "  " }, member.cookie);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Program title is required");

    const created = await act(
      "/programming",
      { intent: "create-program", title: "Public Promo", accessType: "public-read" },
      member.cookie,
    );
    expect(created.status).toBe(200);
    expect(created.text).toContain("Program created.");
    const [promo] = await db.select().from(programs).where(eq(programs.title, "Public Promo"));
    expect(promo!.userId).toBe(member.user.id);
    expect(promo!.accessType).toBe("public-read");
    expect(promo!.scheduleState).toBe("none");
    expect(created.text).toContain(promo!.id);

    const start = new Date(Date.now() + 86_400_000);
    const end = new Date(start.getTime() + 86_400_000);
    const unscheduled = await act(
      "/programming",
      [
        ["intent", "create-program"],
        ["title", "Holiday"],
        ["startsAt", start.toISOString()],
        ["endsAt", end.toISOString()],
      ],
      member.cookie,
    );
    expect(unscheduled.status).toBe(400);
    expect(unscheduled.text).toContain("A scheduled program needs at least one playlist.");
    const backwards = await act(
      "/programming",
      [
        ["intent", "create-program"],
        ["title", "Holiday"],
        ["startsAt", end.toISOString()],
        ["endsAt", start.toISOString()],
        ["playlistId", "x"],
      ],
      member.cookie,
    );
    expect(backwards.text).toContain("The end must be after the start.");

    const { playlist } = await playlistWith(member.cookie, ["video"], "Holiday_Show");
    const theirs = await playlistWith(other.cookie, ["video"], "Their_Show");
    const foreign = await act(
      "/programming",
      [
        ["intent", "create-program"],
        ["title", "Sneaky"],
        ["startsAt", start.toISOString()],
        ["playlistId", theirs.playlist.id],
      ],
      member.cookie,
    );
    expect(foreign.status).toBe(404);

    const programId = await createViaPage(member.cookie, "Holiday", [
      ["startsAt", start.toISOString()],
      ["endsAt", end.toISOString()],
      ["playlistId", playlist.id],
    ]);
    const [holiday] = await db.select().from(programs).where(eq(programs.id, programId));
    expect(holiday!.scheduleState).toBe("pending");
    expect(holiday!.schedulePlaylistIds).toEqual([playlist.id]);
    const page = await html(await call("/programming", { cookie: member.cookie }));
    expect(page).toMatch(/schedule-state state-pending[^>]*>pending</);
    expect(page).toContain(start.toISOString());
    expect(page).toContain("Holiday Show");
  });

  it("saves the program order as a whole, refusing a partial or foreign list", async () => {
    const owner = await signUp();
    const one = await createViaPage(owner.cookie, "First program");
    const two = await createViaPage(owner.cookie, "Second program");
    const partial = await act(
      "/programming",
      [
        ["intent", "reorder-programs"],
        ["programId", two],
      ],
      owner.cookie,
    );
    expect(partial.status).toBe(400);
    const theirs = await createViaPage(other.cookie, "Their program");
    expect(
      (
        await act(
          "/programming",
          [
            ["intent", "reorder-programs"],
            ["programId", two],
            ["programId", theirs],
          ],
          owner.cookie,
        )
      ).status,
    ).toBe(400);

    const saved = await act(
      "/programming",
      [
        ["intent", "reorder-programs"],
        ["programId", two],
        ["programId", one],
      ],
      owner.cookie,
    );
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Program order saved.");
    const page = await html(await call("/programming", { cookie: owner.cookie }));
    expect(page.indexOf("Second program")).toBeLessThan(page.indexOf("First program"));
  });

  it("edits a program file's slot letter with the seed's messages and deletes files and programs", async () => {
    const programId = await createViaPage(member.cookie, "Letters");
    const a = await uploadProgramFile(member.cookie, programId, "a");
    const b = await uploadProgramFile(member.cookie, programId, "b");

    const invalid = await act("/programming", { intent: "program-slot", fileId: a, slotPosition: "AB" }, member.cookie);
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("Slot position must be a lowercase letter from a to z.");
    const empty = await act("/programming", { intent: "program-slot", fileId: a, slotPosition: "" }, member.cookie);
    expect(empty.text).toContain("Slot position must be a lowercase letter from a to z.");
    const taken = await act("/programming", { intent: "program-slot", fileId: a, slotPosition: "b" }, member.cookie);
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("Slot position already exists or is invalid.");
    const saved = await act("/programming", { intent: "program-slot", fileId: a, slotPosition: "z" }, member.cookie);
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Slot position updated successfully!");
    const [moved] = await db.select().from(programFiles).where(eq(programFiles.id, a));
    expect(moved!.slotPosition).toBe("z");

    // Not theirs: Not Found, nothing changes.
    expect(
      (await act("/programming", { intent: "program-slot", fileId: b, slotPosition: "q" }, other.cookie)).status,
    ).toBe(404);
    expect((await act("/programming", { intent: "delete-program-file", fileId: b }, other.cookie)).status).toBe(404);
    expect((await act("/programming", { intent: "delete-program", programId }, other.cookie)).status).toBe(404);

    const [fileB] = await db.select().from(programFiles).where(eq(programFiles.id, b));
    const deletedFile = await act("/programming", { intent: "delete-program-file", fileId: b }, member.cookie);
    expect(deletedFile.status).toBe(200);
    expect(deletedFile.text).toContain("Program file deleted.");
    expect(await db.select().from(programFiles).where(eq(programFiles.id, b))).toHaveLength(0);
    expect(await env.FILES.head(fileB!.key)).toBeNull();

    const deleted = await act("/programming", { intent: "delete-program", programId }, member.cookie);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("Program deleted.");
    expect(await db.select().from(programs).where(eq(programs.id, programId))).toHaveLength(0);
  });

  it("previews and applies a program: replaced and appended slots, refusals, the seed's messages", async () => {
    const owner = await signUp();
    const video = await playlistWith(owner.cookie, ["video", "video"], "Episode_1");
    const audio = await playlistWith(owner.cookie, ["audio"], "Radio_Hour");
    await call(`/api/playlist-items/${video.playlist.items[1].id}/slot`, {
      method: "PUT",
      cookie: owner.cookie,
      json: { slotPosition: "b" },
    });
    const programId = await createViaPage(owner.cookie, "Ad swap");
    await uploadProgramFile(owner.cookie, programId, "b");
    await uploadProgramFile(owner.cookie, programId, "c");

    const noProgram = await act(
      "/programming",
      [
        ["intent", "preview-apply"],
        ["playlistId", video.playlist.id],
      ],
      owner.cookie,
    );
    expect(noProgram.status).toBe(400);
    expect(noProgram.text).toContain("No program selected. Please select a program first.");
    const noPlaylists = await act("/programming", { intent: "apply-program", programId }, owner.cookie);
    expect(noPlaylists.text).toContain("No playlists selected. Please select at least one playlist.");

    const both: [string, string][] = [
      ["programId", programId],
      ["playlistId", video.playlist.id],
      ["playlistId", audio.playlist.id],
    ];
    const preview = await act("/programming", [["intent", "preview-apply"], ...both], owner.cookie);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain("replace");
    expect(preview.text).toContain("append");
    expect(preview.text).toContain("video-1.mp4");
    expect(preview.text).toContain("spot-b.mp4");
    expect(preview.text).toContain("This program holds video files; this playlist plays audio.");
    // A preview changes nothing.
    const [still] = await db.select().from(playlistItems).where(eq(playlistItems.id, video.playlist.items[1].id));
    expect(still!.fileName).toBe("video-1.mp4");

    const applied = await act("/programming", [["intent", "apply-program"], ...both], owner.cookie);
    expect(applied.status).toBe(200);
    expect(applied.text).toContain("Program successfully applied to selected playlists!");
    expect(applied.text).toContain("Radio_Hour");
    const items = await db.select().from(playlistItems).where(eq(playlistItems.playlistId, video.playlist.id));
    const bySeq = items.sort((x, y) => x.seqPos - y.seqPos).map((i) => [i.seqPos, i.slotPosition, i.fileName]);
    expect(bySeq).toEqual([
      [1, null, "video-0.mp4"],
      [2, "b", "spot-b.mp4"],
      [3, "c", "spot-c.mp4"],
    ]);
    expect(await db.select().from(playlistItems).where(eq(playlistItems.playlistId, audio.playlist.id))).toHaveLength(
      1,
    );

    // The project page now lists the application with an Undo button.
    const project = await html(await call(`/projects/${video.projectId}`, { cookie: owner.cookie }));
    expect(project).toContain("Ad swap");
    expect(project).toContain("Replaced slot b.");
    expect(project).toContain("Appended slot c.");
    expect(project).toContain(">Undo</button>");
  });

  it("refuses another member's program or playlists as Not Found", async () => {
    const owner = await signUp();
    const mine = await playlistWith(owner.cookie, ["video"], "Mine");
    const programId = await createViaPage(owner.cookie, "Owner program");
    await uploadProgramFile(owner.cookie, programId, "a");
    const theirs = await playlistWith(other.cookie, ["video"], "Theirs");

    for (const intent of ["preview-apply", "apply-program"]) {
      const form: [string, string][] = [
        ["intent", intent],
        ["programId", programId],
        ["playlistId", theirs.playlist.id],
      ];
      // The other member names a program not theirs; the owner, a playlist not theirs.
      expect((await act("/programming", form, other.cookie)).status, `${intent}: foreign program`).toBe(404);
      expect((await act("/programming", form, owner.cookie)).status, `${intent}: foreign playlist`).toBe(404);
    }
    const page = await html(await call("/programming", { cookie: other.cookie }));
    expect(page).not.toContain("Owner program");
    expect(page).not.toContain(mine.playlist.id);
    const [item] = await db.select().from(playlistItems).where(eq(playlistItems.playlistId, theirs.playlist.id));
    expect(item!.fileName).toBe("video-0.mp4");
  });

  it("answers an unknown intent with 400", async () => {
    expect((await act("/programming", { intent: "nope" }, member.cookie)).status).toBe(400);
  });
});
