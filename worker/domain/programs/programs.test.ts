import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { mp3Bytes, programWith } from "../../../tests/workers/playlists";

let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  member = await signUp();
});

describe("programs", () => {
  it("needs a title and takes one media kind, with unique slot letters", async () => {
    const bad = await call("/api/programs", { cookie: member.cookie, json: { title: " " } });
    expect((await bad.json<any>()).error.message).toBe("Program title is required");
    const programId = await programWith(member.cookie, ["a", "b"]);
    const taken = await call("/api/uploads", {
      cookie: member.cookie,
      json: {
        purpose: "program-file",
        fileName: "x.mp4",
        contentType: "video/mp4",
        size: 100,
        programId,
        slotPosition: "a",
      },
    });
    expect((await taken.json<any>()).error.message).toBe("Slot position already exists or is invalid.");
    const audio = await (
      await call("/api/uploads", {
        cookie: member.cookie,
        json: {
          purpose: "program-file",
          fileName: "x.mp3",
          contentType: "audio/mpeg",
          size: 1024,
          programId,
          slotPosition: "c",
        },
      })
    ).json<any>();
    await call(new URL(audio.put.url).pathname, { method: "PUT", body: mp3Bytes(), headers: audio.put.headers });
    const refused = await call(`/api/uploads/${audio.uploadId}/complete`, { cookie: member.cookie, method: "POST" });
    expect((await refused.json<any>()).error.message).toBe("This program only accepts video files.");

    const list = (await (await call("/api/programs", { cookie: member.cookie })).json<any>()).programs;
    const program = list.find((p: any) => p.id === programId);
    expect(program.mediaType).toBe("video");
    expect(program.files.map((f: any) => f.slotPosition)).toEqual(["a", "b"]);
    const [fa, fb] = program.files;
    const badSlot = await call(`/api/program-files/${fa.id}/slot`, {
      method: "PUT",
      cookie: member.cookie,
      json: { slotPosition: "AB" },
    });
    expect((await badSlot.json<any>()).error.message).toBe("Slot position must be a lowercase letter from a to z.");
    const clash = await call(`/api/program-files/${fa.id}/slot`, {
      method: "PUT",
      cookie: member.cookie,
      json: { slotPosition: fb.slotPosition },
    });
    expect(clash.status).toBe(409);
  });

  it("saves the program order as a whole", async () => {
    const owner = await signUp();
    const one = await programWith(owner.cookie, []);
    const two = await programWith(owner.cookie, []);
    expect(
      (await call("/api/programs/order", { method: "PUT", cookie: owner.cookie, json: { programIds: [two, one] } }))
        .status,
    ).toBe(200);
    const list = (await (await call("/api/programs", { cookie: owner.cookie })).json<any>()).programs;
    expect(list.map((p: any) => p.id)).toEqual([two, one]);
  });
});
