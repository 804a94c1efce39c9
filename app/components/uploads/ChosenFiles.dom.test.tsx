// The list of chosen files every upload form shares: a file not sent yet shows its name, size and
// Remove (not while the form is sending); nothing to show is no list at all. Sent files are the queue's
// rows, which the upload journeys see in a browser (tests/e2e/upload-screens.spec.ts).
import { describe, expect, it } from "vitest";
import { click, mount, texts } from "../../../tests/dom/support";
import { ChosenFiles } from "./ChosenFiles";

const chosen = (key: string, name: string, bytes: number) => ({ key, file: new File(["x".repeat(bytes)], name) });

describe("ChosenFiles", () => {
  it("lists each waiting file with its size, and Remove names the file", async () => {
    const removed: string[] = [];
    const view = await mount(
      <ChosenFiles
        label="Chosen files"
        files={[chosen("a", "intro.mp3", 2048), chosen("b", "cover.png", 12)]}
        removable
        onRemove={(key) => removed.push(key)}
      />,
    );
    const list = view.host.querySelector('ul[aria-label="Chosen files"]')!;
    expect(texts([...list.querySelectorAll("li")])).toEqual([
      "intro.mp3Ready to upload · 2.0 KBRemove",
      "cover.pngReady to upload · 12 BRemove",
    ]);
    await click(view.host.querySelector('button[aria-label="Remove cover.png"]')!);
    expect(removed).toEqual(["b"]);
  });

  it("says 'Uploaded' for a finished file whose queue row is gone, and waits again for one dismissed before it finished", async () => {
    const view = await mount(
      <ChosenFiles
        label="Chosen files"
        files={[
          { ...chosen("a", "intro.mp3", 3), queueId: "gone-1", status: "done" },
          { ...chosen("b", "outro.mp3", 3), queueId: "gone-2", status: "error" },
        ]}
        removable
        onRemove={() => {}}
      />,
    );
    expect(texts([...view.host.querySelectorAll("li")])).toEqual([
      "intro.mp3Uploaded",
      "outro.mp3Ready to upload · 3 BRemove",
    ]);
  });

  it("offers no Remove while the form sends, and draws nothing for no files", async () => {
    const view = await mount(
      <ChosenFiles label="Chosen files" files={[chosen("a", "intro.mp3", 3)]} removable={false} onRemove={() => {}} />,
    );
    expect(view.host.querySelector("button")).toBeNull();
    const empty = await mount(<ChosenFiles label="Chosen files" files={[]} removable onRemove={() => {}} />);
    expect(empty.host.querySelector("ul")).toBeNull();
  });
});
