// One drop-zone rule (issue 46): Home's and the Drop Zone page's drop zone, like the project page's
// uploader, keeps dropped files in a list until 'Upload'; a refused send (no title) keeps them.
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { button, byRole, chooseFiles, click, mount, texts } from "../../../../tests/dom/support";
import type { UploadEntry } from "../../../lib/uploads/queue";
import { ProjectFilesDrop } from "./ProjectFilesDrop";

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });

async function render(onUpload: (files: File[]) => Promise<boolean>) {
  const view = await mount(
    <ProjectFilesDrop busy={false} label="Files for the new project" hint="" entries={[]} onUpload={onUpload} />,
  );
  return view.host;
}

const chosen = (host: Element) =>
  [...host.querySelectorAll('[aria-label="Files chosen"] li')].map((li) => li.textContent ?? "");

describe("ProjectFilesDrop", () => {
  it("sends nothing on drop; 'Upload' sends the chosen files, a refusal keeps them, a send clears them", async () => {
    const sent: string[][] = [];
    let accept = false;
    const host = await render(async (files) => {
      sent.push(files.map((file) => file.name));
      return accept;
    });
    await click(button(host, "Upload"));
    expect(texts(byRole(host, "alert"))).toEqual(["No files to upload."]);

    await chooseFiles(host.querySelector<HTMLInputElement>('input[type="file"]')!, [png("a.png"), png("b.png")]);
    expect(sent).toEqual([]);
    expect(chosen(host).map((text) => text.slice(0, 5))).toEqual(["a.png", "b.png"]);

    await click(button(host, "Upload"));
    expect(sent).toEqual([["a.png", "b.png"]]);
    expect(chosen(host)).toHaveLength(2);

    accept = true;
    await click(button(host, "Upload"));
    expect(sent).toHaveLength(2);
    expect(chosen(host)).toEqual([]);
  });

  it("lists a file once while it goes up: its queue row replaces its chosen row, the next one waits", async () => {
    let finish = () => {};
    function Screen() {
      const [entries, setEntries] = useState<UploadEntry[]>([]);
      const [busy, setBusy] = useState(false);
      return (
        <ProjectFilesDrop
          busy={busy}
          label="Files to upload"
          hint=""
          entries={entries}
          onUpload={async (files, started) => {
            setBusy(true);
            // The first file goes to the queue; the second waits for it.
            const file = files[0]!;
            setEntries([
              {
                id: "q1",
                name: file.name,
                size: file.size,
                target: { purpose: "project-file", accessType: "private", projectTitle: "Episode 11" },
                status: "uploading",
                fraction: 0,
                bytesPerSecond: null,
                secondsLeft: null,
                error: null,
                landing: null,
              },
            ]);
            started(0, "q1");
            await new Promise<void>((resolve) => {
              finish = resolve;
            });
            setBusy(false);
            return true;
          }}
        />
      );
    }
    const view = await mount(<Screen />);
    const host = view.host;
    await chooseFiles(host.querySelector<HTMLInputElement>('input[type="file"]')!, [png("a.png"), png("b.png")]);
    await click(button(host, "Upload"));
    const rows = [...host.querySelectorAll("li")].map((li) => li.textContent ?? "");
    expect(rows.filter((text) => text.startsWith("a.png"))).toHaveLength(1);
    expect(rows.find((text) => text.startsWith("a.png"))).toContain("0% of 4 B");
    expect(chosen(host)).toEqual(["b.pngWaiting · 4 B"]);
    finish();
    await click(host);
    expect(chosen(host)).toEqual([]);
  });
});
