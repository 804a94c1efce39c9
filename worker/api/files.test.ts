// Every project, file and note call against visitor, other member and owner.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../../tests/workers/http";
import { PNG, uploadPng } from "../../tests/workers/uploads";
import { database } from "../db/client";
import { files, notes, projects as projectRows } from "../db/schema";

const db = database(env.DB);

let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let fileId: string;
let projectId: string;
let noteId: string;

beforeAll(async () => {
  owner = await signUp();
  other = await signUp();
  const record = await uploadPng(owner.cookie, "cover.png", { projectTitle: "Matrix" });
  fileId = record.fileId;
  projectId = record.projectId;
  const added = await call(`/api/files/${fileId}/notes`, { cookie: owner.cookie, json: { note: "keep" } });
  noteId = (await added.json<any>()).note.id;
});

const calls = () =>
  [
    ["GET", `/api/projects`, undefined],
    ["GET", `/api/projects/${projectId}/files`, undefined],
    ["GET", `/api/files/${fileId}`, undefined],
    ["POST", `/api/files/${fileId}/download`, undefined],
    ["PUT", `/api/files/${fileId}/slot`, { slotPosition: "b" }],
    ["POST", `/api/files/${fileId}/notes`, { note: "hello" }],
    ["DELETE", `/api/files/${fileId}/notes/${noteId}`, undefined],
  ] as const;

describe("authorisation matrix", () => {
  it("refuses a visitor: 401 for member calls, 404 for a private file", async () => {
    for (const [method, path, json] of calls()) {
      const response = await call(path, { method, json });
      const expected =
        path === "/api/projects" || path.includes("/slot") || path.includes("/notes") || path.includes("/projects/")
          ? 401
          : 404;
      expect(response.status, `${method} ${path}`).toBe(expected);
    }
    expect((await call(`/api/files/${fileId}`, { method: "DELETE" })).status).toBe(401);
    expect((await call(`/api/projects/${projectId}`, { method: "DELETE" })).status).toBe(401);
  });

  it("answers another member 404 for every call on someone else's project or file", async () => {
    for (const [method, path, json] of calls().slice(1)) {
      const response = await call(path, { method, json, cookie: other.cookie });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(`/api/files/${fileId}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/projects/${projectId}`, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    const theirs = await (await call("/api/projects", { cookie: other.cookie })).json<any>();
    expect(theirs.projects).toEqual([]);
    expect(await db.select().from(files).where(eq(files.id, fileId))).toHaveLength(1);
  });

  it("serves the owner", async () => {
    const list = await (await call("/api/projects", { cookie: owner.cookie })).json<any>();
    expect(list.projects).toEqual([expect.objectContaining({ id: projectId, title: "Matrix", fileCount: 1 })]);
    const view = await (await call(`/api/files/${fileId}`, { cookie: owner.cookie })).json<any>();
    expect(view).toMatchObject({ owner: true, sequencePosition: 1, file: { id: fileId, fileName: "cover.png" } });
    expect(view.notes.map((n: any) => n.text)).toContain("keep");
  });

  it("shows a public-read file to anyone with the link, without its notes", async () => {
    const record = await uploadPng(owner.cookie, "public.png", { projectId, accessType: "public-read" });
    const view = await (await call(`/api/files/${record.fileId}`)).json<any>();
    expect(view).toMatchObject({ owner: false, notes: [] });
    const download = await (await call(`/api/files/${record.fileId}/download`, { method: "POST" })).json<any>();
    const bytes = await call(new URL(download.url).pathname);
    expect(bytes.headers.get("content-disposition")).toContain('attachment; filename="public.png"');
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(PNG);
    expect(
      (
        await call(`/api/files/${record.fileId}/slot`, {
          method: "PUT",
          json: { slotPosition: "a" },
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("what non-owners see (issue 13 item 5)", () => {
  it("a visitor and another member get the public view: no owner, project, storage key or positions", async () => {
    const record = await uploadPng(owner.cookie, "shown.png", { projectId, accessType: "public-read" });
    await call(`/api/files/${record.fileId}/slot`, {
      method: "PUT",
      json: { slotPosition: "c" },
      cookie: owner.cookie,
    });
    for (const cookie of [undefined, other.cookie]) {
      const view = await (await call(`/api/files/${record.fileId}`, { cookie })).json<any>();
      const text = JSON.stringify(view);
      for (const secret of [owner.user.id, projectId, record.ticket.key]) expect(text).not.toContain(secret);
      for (const field of ["userId", "projectId", "key", "slotPosition", "seqPos"])
        expect(view.file).not.toHaveProperty(field);
      expect(view).not.toHaveProperty("sequencePosition");
      expect(view.file).toMatchObject({
        id: record.fileId,
        fileName: "shown.png",
        kind: "image",
        contentType: "image/png",
      });
    }
    const mine = await (await call(`/api/files/${record.fileId}`, { cookie: owner.cookie })).json<any>();
    expect(mine.file).toMatchObject({ projectId, slotPosition: "c" });
    expect(mine.sequencePosition).toBeGreaterThan(0);
  });
});

describe("notes", () => {
  it("adds, lists and deletes notes with the seed's rules", async () => {
    const empty = await call(`/api/files/${fileId}/notes`, { cookie: owner.cookie, json: { note: "   " } });
    expect(empty.status).toBe(400);
    expect((await empty.json<any>()).error.message).toBe("Note cannot be empty");
    const long = await call(`/api/files/${fileId}/notes`, { cookie: owner.cookie, json: { note: "x".repeat(181) } });
    expect((await long.json<any>()).error.message).toBe("Note must be at most 180 characters.");
    const ok = await call(`/api/files/${fileId}/notes`, {
      cookie: owner.cookie,
      json: { note: `  ${"y".repeat(180)}  ` },
    });
    expect(ok.status).toBe(201);
    const { note } = await ok.json<any>();
    expect(note.text).toBe("y".repeat(180));
    expect(
      (await call(`/api/files/${fileId}/notes/${note.id}`, { method: "DELETE", cookie: owner.cookie })).status,
    ).toBe(204);
    expect(
      (await call(`/api/files/${fileId}/notes/${note.id}`, { method: "DELETE", cookie: owner.cookie })).status,
    ).toBe(404);
  });
});

describe("slot position", () => {
  it("accepts one lowercase letter a–z, or empty to clear", async () => {
    for (const bad of ["A", "ab", "1", "é"]) {
      const response = await call(`/api/files/${fileId}/slot`, {
        method: "PUT",
        cookie: owner.cookie,
        json: { slotPosition: bad },
      });
      expect(response.status, bad).toBe(400);
      expect((await response.json<any>()).error.message).toBe("Slot position must be a letter from a to z.");
    }
    const set = await call(`/api/files/${fileId}/slot`, {
      method: "PUT",
      cookie: owner.cookie,
      json: { slotPosition: "q" },
    });
    expect(await set.json()).toEqual({ success: true, slotPosition: "q" });
    await call(`/api/files/${fileId}/slot`, { method: "PUT", cookie: owner.cookie, json: { slotPosition: "" } });
    const [file] = await db.select().from(files).where(eq(files.id, fileId));
    expect(file!.slotPosition).toBeNull();
  });
});

describe("deleting", () => {
  it("deletes a file's record, notes and object", async () => {
    const record = await uploadPng(owner.cookie, "gone.png", { projectId });
    await call(`/api/files/${record.fileId}/notes`, { cookie: owner.cookie, json: { note: "bye" } });
    expect((await call(`/api/files/${record.fileId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    expect(await db.select().from(notes).where(eq(notes.fileId, record.fileId))).toHaveLength(0);
    expect(await env.FILES.head(record.ticket.key)).toBeNull();
  });

  it("deletes a project with everything in it", async () => {
    const record = await uploadPng(owner.cookie, "p.png", { projectTitle: "Doomed" });
    expect((await call(`/api/projects/${record.projectId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(
      204,
    );
    expect(await db.select().from(files).where(eq(files.projectId, record.projectId))).toHaveLength(0);
    expect(await env.FILES.head(record.ticket.key)).toBeNull();
    expect((await call(`/api/projects/${record.projectId}/files`, { cookie: owner.cookie })).status).toBe(404);
  });
});

describe("the project list (Home's tiles)", () => {
  it("puts the most recently changed project first, with its file count and when it changed", async () => {
    const member = await signUp();
    const first = await uploadPng(member.cookie, "a.png", { projectTitle: "First" });
    const second = await uploadPng(member.cookie, "b.png", { projectTitle: "Second" });
    // A file added to the older project, minutes later, makes it the most recently changed.
    const later = await uploadPng(member.cookie, "c.png", { projectId: first.projectId });
    await db
      .update(files)
      .set({ createdAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(files.id, later.fileId));
    const { projects } = await (await call("/api/projects", { cookie: member.cookie })).json<any>();
    expect(projects.map((p: any) => [p.id, p.fileCount])).toEqual([
      [first.projectId, 2],
      [second.projectId, 1],
    ]);
    expect(new Date(projects[0].changedAt).getTime()).toBeGreaterThanOrEqual(new Date(projects[1].changedAt).getTime());
    expect(projects[0].durationSeconds).toBeNull();
  });

  it("lists projects changed within the same minute newest first, whatever order their files came in", async () => {
    const member = await signUp();
    const ten = await uploadPng(member.cookie, "a.png", { projectTitle: "E10" });
    const eleven = await uploadPng(member.cookie, "b.png", { projectTitle: "E11" });
    const twelve = await uploadPng(member.cookie, "c.png", { projectTitle: "E12" });
    // E11 gets another file last, within the same minute: the tiles all read "changed 10 minutes ago".
    const extra = await uploadPng(member.cookie, "d.png", { projectId: eleven.projectId });
    const minute = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    const at = (seconds: number) => new Date(minute + seconds * 1000);
    for (const [record, seconds] of [
      [ten, 1],
      [eleven, 2],
      [twelve, 3],
    ] as const) {
      await db
        .update(projectRows)
        .set({ createdAt: at(seconds) })
        .where(eq(projectRows.id, record.projectId));
      await db
        .update(files)
        .set({ createdAt: at(seconds) })
        .where(eq(files.id, record.fileId));
    }
    await db
      .update(files)
      .set({ createdAt: at(40) })
      .where(eq(files.id, extra.fileId));
    const { projects } = await (await call("/api/projects", { cookie: member.cookie })).json<any>();
    expect(projects.map((p: any) => p.id)).toEqual([twelve.projectId, eleven.projectId, ten.projectId]);
  });
});
