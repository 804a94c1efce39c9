// One drop-zone rule (issue 46): Home's and the Drop Zone page's drop zone, like the project page's
// uploader, keeps dropped files in a list until 'Upload'; a refused send (no title) keeps them.
import { describe, expect, it } from "vitest";
import { button, byRole, chooseFiles, click, mount, texts } from "../../../../tests/dom/support";
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
});
