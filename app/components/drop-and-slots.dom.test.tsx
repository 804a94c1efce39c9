// Seed 000 §5: the drop zone's refusals (react-dropzone with the project's limits, each refused file
// named with the seed's message) and the program's 'Add slot' before a file is chosen.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ProjectZone } from "../../tests/dom/project-zone";
import { button, byRole, chooseFiles, click, mount, texts, until } from "../../tests/dom/support";
import { ProgramFileSlots, useProgramSlots } from "../features/playlists/programs/ProgramFileSlots";
import { MAX_FILE_SIZE } from "../kernel/schemas/files";
import { ADD_FILE_FIRST } from "../kernel/schemas/playlists";
import { Feedback, useFeedback } from "./Feedback";

const alerts = (host: Element) => texts(byRole(host, "alert"));

describe("the drop zone with the project's limits", () => {
  async function drop(files: File[]) {
    const accepted: File[][] = [];
    const view = await mount(<ProjectZone onDrop={(files) => accepted.push(files)} />);
    await chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"]')!, files);
    await until(() => accepted.length, "the drop to be handled");
    return { accepted: accepted[0]!, host: view.host };
  }

  it("names a refused type with 'File type must be ...' and keeps the accepted files", async () => {
    const { accepted, host } = await drop([
      new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }),
      new File(["ID3 audio"], "take.mp3", { type: "audio/mpeg" }),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(["take.mp3"]);
    const [line] = alerts(host);
    expect(line).toMatch(/^setup\.exe: File type must be one of \./);
    expect(line).toContain(".mp3");
  });

  it("says 'File is smaller than N bytes' for an empty file", async () => {
    const { host } = await drop([new File([], "empty.mp3", { type: "audio/mpeg" })]);
    expect(alerts(host)).toEqual(["empty.mp3: File is smaller than 1 bytes"]);
  });

  it("says 'File is larger than N bytes' above the upload limit", async () => {
    const huge = new File(["x"], "huge.mp4", { type: "video/mp4" });
    Object.defineProperty(huge, "size", { value: MAX_FILE_SIZE + 1 });
    const { host } = await drop([huge]);
    expect(alerts(host)).toEqual([`huge.mp4: File is larger than ${MAX_FILE_SIZE} bytes`]);
  });
});

describe("a program's upload slots", () => {
  function Slots() {
    const [feedback, showFeedback] = useFeedback();
    const { uploads, kind } = useProgramSlots("audio", new Set(), "a");
    return (
      <>
        <ProgramFileSlots
          uploads={uploads}
          kind={kind}
          taken={new Set()}
          disabled={false}
          onMessage={showFeedback}
          label="Program files"
        />
        <Feedback feedback={feedback} />
      </>
    );
  }

  it("says 'You must add a file before adding more slots.' while a slot has no file", async () => {
    // The slots reload the programming page's data once their uploads end: they live in a route.
    const Stub = createRoutesStub([
      { path: "/programming", Component: Slots, HydrateFallback: () => null, loader: () => ({}) },
    ]);
    const view = await mount(<Stub initialEntries={["/programming"]} />);
    await until(() => view.host.querySelector("button"), "the slots to render");
    await click(button(view.host, "Add slot"));
    expect(alerts(view.host)).toEqual([ADD_FILE_FIRST]);
    expect(ADD_FILE_FIRST).toBe("You must add a file before adding more slots.");
    expect(view.host.querySelectorAll('input[aria-label^="Slot letter"]')).toHaveLength(1);
  });
});
