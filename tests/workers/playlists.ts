// Playlists and programs in integration tests: a project of uploaded media
// files, its playlist, and a program with files in given slots.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { database } from "../../worker/db/client";
import { files } from "../../worker/db/schema";
import { call } from "./http";
import { mp4Bytes, PNG, upload } from "./uploads";

const db = database(env.DB);

/** A minimal MP3 frame header: enough for type sniffing. */
export function mp3Bytes(size = 1024) {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xfb, 0x90, 0x64]);
  return bytes;
}

export async function projectWith(cookie: string, kinds: ("video" | "audio" | "image")[], title = "Episode") {
  let projectId: string | undefined;
  const ids: string[] = [];
  for (const [i, kind] of kinds.entries()) {
    const bytes = kind === "video" ? mp4Bytes() : kind === "audio" ? mp3Bytes() : PNG;
    const contentType = kind === "video" ? "video/mp4" : kind === "audio" ? "audio/mpeg" : "image/png";
    const name = `${kind}-${i}.${kind === "video" ? "mp4" : kind === "audio" ? "mp3" : "png"}`;
    const record = await upload(cookie, {
      fileName: name,
      contentType,
      bytes,
      ...(projectId ? { projectId } : { projectTitle: title }),
    });
    projectId = record.projectId;
    ids.push(record.fileId);
  }
  await db.update(files).set({ durationSeconds: 10, probeStatus: "done" }).where(eq(files.projectId, projectId!));
  return { projectId: projectId!, fileIds: ids };
}

export async function addToPlaylist(cookie: string, projectId: string, fileIds: string[]) {
  return call(`/api/projects/${projectId}/playlist/items`, { cookie, json: { fileIds } });
}

export async function playlistOf(cookie: string, projectId: string) {
  return (await call(`/api/projects/${projectId}/playlist`, { cookie })).json<any>();
}

/** Gives a playlist item its slot letter, as the playlist's slot field does. */
export function setItemSlot(cookie: string, itemId: string, slotPosition: string) {
  return call(`/api/playlist-items/${itemId}/slot`, { method: "PUT", cookie, json: { slotPosition } });
}

/** A project of `kinds` (see projectWith) with all its files put in its playlist; answers both. */
export async function playlistWith(cookie: string, kinds: ("video" | "audio" | "image")[], title: string) {
  const project = await projectWith(cookie, kinds, title);
  const added = await addToPlaylist(cookie, project.projectId, project.fileIds);
  if (added.status !== 201) throw new Error(`add: ${added.status} ${await added.text()}`);
  return { ...project, playlist: await playlistOf(cookie, project.projectId) };
}

/** A playlist as playlistWith makes it, the item at `index` in slot `slot`: one a program can change. */
export async function playlistWithSlot(
  cookie: string,
  kinds: ("video" | "audio" | "image")[],
  title: string,
  { index, slot }: { index: number; slot: string },
) {
  const { playlist, ...project } = await playlistWith(cookie, kinds, title);
  const set = await setItemSlot(cookie, playlist.items[index].id, slot);
  if (set.status !== 200) throw new Error(`slot: ${set.status} ${await set.text()}`);
  return { ...project, playlist };
}

/** Applies the program to the playlists through the API. */
export function applyProgram(cookie: string, programId: string, playlistIds: string[]) {
  return call("/api/program-applications", { cookie, json: { programId, playlistIds } });
}

export async function programWith(
  cookie: string,
  slots: string[],
  kind: "video" | "audio" = "video",
  extra: Record<string, unknown> = {},
) {
  const created = await call("/api/programs", { cookie, json: { title: "Spring spots", ...extra } });
  if (created.status !== 201) throw new Error(`program: ${created.status} ${await created.text()}`);
  const { program } = await created.json<any>();
  for (const slot of slots) await uploadProgramFile(cookie, program.id, slot, kind);
  return program.id as string;
}

/** Uploads one program file through the real upload protocol; answers its id. */
export async function uploadProgramFile(
  cookie: string,
  programId: string,
  slot: string,
  kind: "video" | "audio" = "video",
) {
  const bytes = kind === "video" ? mp4Bytes() : mp3Bytes();
  const signed = await call("/api/uploads", {
    cookie,
    json: {
      purpose: "program-file",
      fileName: `spot-${slot}.${kind === "video" ? "mp4" : "mp3"}`,
      contentType: kind === "video" ? "video/mp4" : "audio/mpeg",
      size: bytes.byteLength,
      programId,
      slotPosition: slot,
    },
  });
  const ticket = await signed.json<any>();
  if (signed.status !== 201) throw new Error(`program upload: ${signed.status} ${JSON.stringify(ticket)}`);
  await call(new URL(ticket.put.url).pathname, { method: "PUT", body: bytes, headers: ticket.put.headers });
  const done = await call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
  if (done.status !== 201) throw new Error(`program complete: ${done.status} ${await done.text()}`);
  return (await done.json<any>()).programFileId as string;
}
