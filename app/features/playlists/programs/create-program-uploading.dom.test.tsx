// A program made by 'Create Program' exists before its files (issue 44 item 10): from the moment the
// page reloads its programs until the files are up, the Apply list and the program's card say it is
// uploading them, not '(no files)' / '0 files'. The page's action and loader are stood in, as are the
// upload API and storage's PUT (held until the test lets them finish).
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import {
  answerFetch,
  button,
  byRole,
  chooseFiles,
  click,
  json,
  mount,
  stubStorageUploads,
  typeInto,
  until,
} from "../../../../tests/dom/support";
import { ApplyProgram } from "./ApplyProgram";
import { CreateProgram } from "./CreateProgram";
import { ProgramList } from "./ProgramList";
import type { LoaderData, ProgramView } from "./types";

function programRow(files: { id: string; slotPosition: string }[]): ProgramView {
  return {
    id: "prog1",
    title: "Morning_spots",
    mediaType: files.length ? "audio" : null,
    accessType: "private",
    startsAt: null,
    endsAt: null,
    scheduleState: "none",
    role: "owner",
    schedulePlaylistIds: [],
    files: files.map((file) => ({
      ...file,
      fileName: `${file.slotPosition}.mp3`,
      contentType: "audio/mpeg",
      durationSeconds: 10,
      probeStatus: "done",
      previewUrl: "https://storage.test/preview",
    })),
  } as unknown as ProgramView;
}

describe("a program whose files are still uploading", () => {
  it("shows 'Uploading 2 files…' in the Apply list and on its card, not '(no files)', until they are up", async () => {
    const storage = stubStorageUploads({ hold: true });
    let programs: ProgramView[] = [];
    let completed = 0;
    answerFetch(({ url }) => {
      const ticket = url.match(/^\/api\/uploads$/);
      if (ticket) {
        const id = `up${storage.held.length + completed + 1}`;
        return json(
          { uploadId: id, key: `k/${id}`, put: { url: `https://storage.test/put/${id}`, method: "PUT" } },
          201,
        );
      }
      const done = url.match(/^\/api\/uploads\/(up\d)\/complete$/);
      if (done) {
        completed++;
        return json({ uploadId: done[1], fileId: `f${completed}` }, 201);
      }
      return json({ error: { message: `unexpected ${url}` } }, 500);
    });

    function Page() {
      const loaded = useLoaderData() as LoaderData;
      return (
        <>
          <CreateProgram playlists={[]} />
          <ProgramList programs={loaded.programs} playlists={[]} />
          <ApplyProgram programs={loaded.programs} playlists={[]} />
        </>
      );
    }
    const Stub = createRoutesStub([
      {
        path: "/programming",
        Component: Page,
        loader: () => ({ programs, playlists: [] }),
        action: () => {
          // The program exists at once; its files come later.
          programs = [programRow([])];
          return { intent: "create-program", message: "Program created.", programId: "prog1" };
        },
      },
    ]);
    const view = await mount(<Stub initialEntries={["/programming"]} />);
    const title = await until(() => view.host.querySelector<HTMLInputElement>('input[name="title"]'), "the form");
    await typeInto(title, "Morning_spots");
    await chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"]')!, [
      new File(["ID3 one"], "one.mp3", { type: "audio/mpeg" }),
    ]);
    await click(button(view.host, "Add slot"));
    await chooseFiles(view.host.querySelectorAll<HTMLInputElement>('input[type="file"]')[1]!, [
      new File(["ID3 two"], "two.mp3", { type: "audio/mpeg" }),
    ]);
    await click(button(view.host, "Create Program"));

    // The page has the program (from its loader) while the first file is held in storage.
    const option = () =>
      [...view.host.querySelectorAll("option")].find((element) => element.value === "prog1")?.textContent ?? null;
    await until(() => option() && storage.held.length > 0, "the new program while its first file is sent");
    expect(option()).toBe("Morning spots (Uploading 2 files…)");
    expect(view.host.textContent).not.toContain("no files");
    const card = view.host.querySelector('[data-program-id="prog1"]')!;
    expect(card.querySelector(".program-badges")!.textContent).toContain("Uploading 2 files…");
    expect(card.textContent).not.toContain("0 files");
    expect(card.textContent).not.toContain("No files yet.");

    // The files go up; the page reloads the program with them, and the label goes.
    programs = [
      programRow([
        { id: "f1", slotPosition: "a" },
        { id: "f2", slotPosition: "b" },
      ]),
    ];
    storage.release();
    await until(() => byRole(view.host, "status").length, "the message");
    await until(() => option() === "Morning spots (a, b)", "the program with its files");
    expect(view.host.textContent).not.toContain("Uploading 2 files");
  });
});
