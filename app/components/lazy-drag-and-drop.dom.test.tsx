// The drop zone and the sortable lists before and after their libraries load (ADR 051): the
// placeholder is the same markup and takes files chosen or dropped before react-dropzone comes,
// sorted as react-dropzone sorts them; a list's handle picked up by the keyboard before @dnd-kit comes is picked up
// once it has come, and no row remounts on the way (its state stays).
import { act, useState } from "react";
import { describe, expect, it } from "vitest";
import { ProjectZone } from "../../tests/dom/project-zone";
import { byRole, chooseFiles, type Mounted, mount, texts, until } from "../../tests/dom/support";
import { PROJECT_FILE_LIMITS } from "../lib/upload-client";
import { DragHandle, SortableList, useSortableRow } from "./SortableList";

// tests/dom/support unmounts what each test mounted.
let view: Mounted;

function Zone({ accepted }: { accepted: string[][] }) {
  return <ProjectZone onDrop={(files) => accepted.push(files.map((file) => file.name))} />;
}

/** The zone's markup with react-dropzone's (or the placeholder's) root found by its class. */
const zoneHtml = (host: Element) => host.querySelector(".dropzone")!.outerHTML;

describe("the drop zone before react-dropzone", () => {
  it("is the same markup as the loaded zone, and turns into it when a pointer comes", async () => {
    view = await mount(<Zone accepted={[]} />);
    const before = zoneHtml(view.host);
    const root = view.host.querySelector<HTMLElement>(".dropzone")!;
    await act(async () => {
      root.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      root.dispatchEvent(new PointerEvent("pointerenter", { bubbles: false }));
    });
    // react-dropzone's root has its own handlers: a new element with the same markup.
    await until(() => view!.host.querySelector(".dropzone") !== root, "react-dropzone to replace the placeholder");
    expect(zoneHtml(view.host)).toBe(before);
  });

  const mixed = () => {
    const huge = new File(["x"], "huge.mp4", { type: "video/mp4" });
    Object.defineProperty(huge, "size", { value: PROJECT_FILE_LIMITS.maxSize! + 1 });
    return [
      new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }),
      new File(["ID3 audio"], "take.mp3", { type: "audio/mpeg" }),
      new File([], "empty.mp3", { type: "audio/mpeg" }),
      new File(["notes"], "NOTES.MD", { type: "" }),
      huge,
    ];
  };

  it("takes files chosen before it loaded at once, sorted as react-dropzone sorts them once loaded", async () => {
    const early: string[][] = [];
    view = await mount(<Zone accepted={early} />);
    await chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"]')!, mixed());
    // At once: a form sent right after choosing has its files.
    expect(early).toEqual([["take.mp3", "NOTES.MD"]]);
    const earlyAlerts = texts(byRole(view.host, "alert"));
    expect(earlyAlerts[0]).toMatch(/^setup\.exe: File type must be one of \./);
    await view.unmount();

    const late: string[][] = [];
    view = await mount(<Zone accepted={late} />);
    const placeholder = view.host.querySelector<HTMLElement>(".dropzone")!;
    await act(async () => placeholder.dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    await until(() => view!.host.querySelector(".dropzone") !== placeholder, "react-dropzone to load");
    await chooseFiles(view.host.querySelector<HTMLInputElement>('input[type="file"]')!, mixed());
    await until(() => late.length, "react-dropzone to take the files");
    expect(late).toEqual(early);
    expect(texts(byRole(view.host, "alert"))).toEqual(earlyAlerts);
  });

  it("takes a choice from a picker the placeholder opened, after react-dropzone replaced it", async () => {
    // A pointer wakes the zone while the picker is open (or, in a test browser, while files are being set).
    const accepted: string[][] = [];
    view = await mount(<Zone accepted={accepted} />);
    const placeholder = view.host.querySelector<HTMLElement>(".dropzone")!;
    const opened = placeholder.querySelector<HTMLInputElement>('input[type="file"]')!;
    // React draws onPointerEnter from pointerover.
    await act(async () => placeholder.dispatchEvent(new PointerEvent("pointerover", { bubbles: true })));
    await until(
      () => view!.host.querySelector(".dropzone") !== placeholder,
      "react-dropzone to replace the placeholder",
    );
    expect(opened.isConnected).toBe(false);
    await chooseFiles(opened, [new File(["ID3 audio"], "late.mp3", { type: "audio/mpeg" })]);
    expect(accepted).toEqual([["late.mp3"]]);
  });

  it("takes a drop onto the placeholder", async () => {
    const accepted: string[][] = [];
    view = await mount(<Zone accepted={accepted} />);
    const root = view.host.querySelector<HTMLElement>(".dropzone")!;
    const file = new File(["ID3 audio"], "drop.mp3", { type: "audio/mpeg" });
    await act(async () => {
      const drop = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(drop, "dataTransfer", { value: { files: [file], types: ["Files"] } });
      root.dispatchEvent(drop);
    });
    await until(() => accepted.length, "the dropped file to be handled");
    expect(accepted).toEqual([["drop.mp3"]]);
  });
});

function Row({ id }: { id: string }) {
  const row = useSortableRow(id);
  // State a remount would lose.
  const [clicks, setClicks] = useState(0);
  return (
    <li ref={row.ref} style={row.style} data-id={id}>
      <DragHandle handle={row.handle} label={`Move ${id}`} />
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {`clicked ${clicks}`}
      </button>
    </li>
  );
}

describe("a sortable list before @dnd-kit", () => {
  it("picks a row up by the keyboard before the library came, keeping the markup and the rows' state", async () => {
    view = await mount(
      <SortableList ids={["a", "b"]} hint="Drag by the handle." list="ol" className="rows" onReorder={() => {}}>
        <Row id="a" />
        <Row id="b" />
      </SortableList>,
    );
    const list = view.host.querySelector("ol")!;
    await act(async () => list.querySelector<HTMLButtonElement>("li[data-id=b] button:not(.drag-handle)")!.click());
    // Compared without what the drag itself changes: the rows' transform (happy-dom measures every box as
    // 0 × 0) and the picked-up handle's aria-pressed. Moving and dropping is the playlist journey's
    // (tests/e2e/playlist.spec.ts, in a browser that lays rows out).
    const markup = () => list.outerHTML.replace(/ (style|aria-pressed)="[^"]*"/g, "");
    const before = markup();
    const handle = list.querySelector<HTMLButtonElement>("li[data-id=a] .drag-handle")!;
    expect(handle.getAttribute("aria-roledescription")).toBe("sortable");
    await act(async () => {
      handle.focus();
      handle.dispatchEvent(new KeyboardEvent("keydown", { code: "Space", key: " ", bubbles: true, cancelable: true }));
    });
    // @dnd-kit marks the handle pressed once the replayed Space reaches its keyboard sensor.
    await until(() => handle.getAttribute("aria-pressed") === "true", "the replayed Space to pick the row up");
    expect(list.querySelector("li[data-id=a] .drag-handle")).toBe(handle);
    expect(document.activeElement).toBe(handle);
    expect(list.querySelector("li[data-id=b]")!.textContent).toContain("clicked 1");
    expect(markup()).toBe(before);
  });
});
