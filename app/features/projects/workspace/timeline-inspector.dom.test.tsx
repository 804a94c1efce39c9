// The workspace's inspector follows whatever was picked last (issue 46 §2): the item picked on the
// timeline — its name, its slot letter in the slot form (the error beside it), the title of the
// chapter it starts (renamed in place), its chapter marks and its library file's notes — or the file
// clicked last in the media library. Picking an item leaves the library's selection as it was.
import { act, type ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFetch, click, json, mount, submit, typeInto, until } from "../../../../tests/dom/support";
import { announcements, SCREEN_READER_INSTRUCTIONS } from "../../../components/SortableDnd";
import Project from "../pages/project";

const at = new Date("2026-01-02T10:00:00.000Z");
const file = (id: string, fileName: string) => ({
  id,
  fileName,
  kind: "audio" as const,
  size: 1000,
  accessType: "private",
  createdAt: at,
  probeStatus: "done",
  probeError: null,
  durationSeconds: 30,
  peaks: null,
  previewUrl: null,
});
const item = (id: string, fileName: string, slotPosition: string | null, fileId: string | null) => ({
  id,
  fileName,
  slotPosition,
  seqPos: 0,
  durationSeconds: 30,
  contentType: "audio/mpeg",
  probeStatus: "done",
  previewUrl: "",
  fromProgram: false,
  fileId,
  peaks: null,
});
const chapter = (itemId: string, n: number, title: string, renamed = false) => ({
  id: renamed ? `c${n}` : null,
  itemId,
  n,
  offsetSeconds: 0,
  startSeconds: (n - 1) * 30,
  title,
  itemStart: true,
  renamed,
});

const data = {
  project: { id: "p1", title: "Morning show" },
  role: "owner",
  userId: "u1",
  sharing: { creator: { userId: "u1", name: "Ada", email: "ada@example.com" }, members: [], invitations: [] },
  activity: [],
  signatureRequests: [],
  files: [file("f1", "intro.mp3"), file("f2", "outro.mp3"), file("f3", "bed.mp3")],
  notes: [
    { id: "n1", fileId: "f1", text: "Intro breathes too loud", createdAt: at, author: "Ada" },
    { id: "n2", fileId: "f2", text: "Outro fades at 0:25", createdAt: at, author: "Ada" },
  ],
  playlist: {
    id: "pl1",
    mediaType: "audio",
    items: [
      item("i1", "intro.mp3", "a", "f1"),
      item("i2", "outro.mp3", "b", "f2"),
      item("i3", "jingle.mp3", null, null),
    ],
  },
  chapters: [chapter("i1", 1, "intro.mp3"), chapter("i2", 2, "The goodbye", true), chapter("i3", 3, "jingle.mp3")],
  applications: [],
};

async function page(posts: FormData[] = []) {
  const Stub = createRoutesStub([
    {
      path: "/projects/:projectId",
      // The stub hands the page its loader's data as the framework would.
      Component: Project as unknown as ComponentType,
      loader: () => data,
      action: async ({ request }) => {
        const form = await request.formData();
        posts.push(form);
        if (form.get("slotPosition") === "a")
          return { intent: "item-slot", error: { code: "conflict", message: "Slot a is already taken." } };
        return { intent: "item-slot", slotPosition: form.get("slotPosition"), message: "Saved" };
      },
    },
  ]);
  const view = await mount(<Stub initialEntries={["/projects/p1"]} />);
  await until(() => view.host.querySelector("#inspector-heading"), "the workspace");
  return view.host;
}

const inspector = (host: HTMLElement) => host.querySelector<HTMLElement>("section[aria-labelledby=inspector-heading]")!;
const notes = (host: HTMLElement) => host.querySelector<HTMLElement>("section[aria-labelledby=file-notes-heading]")!;
const fileButton = (host: HTMLElement, name: string) =>
  [...host.querySelectorAll<HTMLButtonElement>("[data-file-item] .file-select")].find((b) =>
    b.textContent?.includes(name),
  )!;
/** An item's name on the timeline (its title, with its extension as a chip), by the item's id. */
const pick = (host: HTMLElement, itemId: string) =>
  host.querySelector<HTMLButtonElement>(`li[data-item-id="${itemId}"] button.slot-inspect`)!;
const labelled = (root: HTMLElement, text: string) => {
  const label = [...root.querySelectorAll("label")].find((l) => l.textContent === text)!;
  return root.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`)!;
};

describe("the inspector of the item picked on the timeline", () => {
  it("shows the picked item's slot, chapter title and file notes and keeps the library's selection", async () => {
    const host = await page();
    // Seed 000 §4: a first click shows the file in the inspector and nothing on the row; a second
    // selects it; Ctrl-click adds another to the selection at once.
    await click(fileButton(host, "bed.mp3"));
    expect(fileButton(host, "bed.mp3").getAttribute("aria-pressed")).toBe("false");
    expect(inspector(host).querySelector(".inspector-name")!.textContent).toBe("bed.mp3");
    await click(fileButton(host, "bed.mp3"));
    expect(fileButton(host, "bed.mp3").getAttribute("aria-pressed")).toBe("true");
    expect(inspector(host).textContent).toContain("From the media library");
    expect(notes(host).querySelector(".inspector-name")!.textContent).toBe("bed.mp3");
    await act(async () => {
      fileButton(host, "intro.mp3").dispatchEvent(new MouseEvent("click", { bubbles: true, ctrlKey: true }));
    });
    expect(fileButton(host, "intro.mp3").getAttribute("aria-pressed")).toBe("true");
    expect(fileButton(host, "bed.mp3").getAttribute("aria-pressed")).toBe("true");
    expect(host.textContent).toContain("2 of 3 selected");
    // Ctrl-click again takes it out.
    await act(async () => {
      fileButton(host, "intro.mp3").dispatchEvent(new MouseEvent("click", { bubbles: true, ctrlKey: true }));
    });
    expect(fileButton(host, "intro.mp3").getAttribute("aria-pressed")).toBe("false");
    expect(host.textContent).toContain("1 of 3 selected");

    await click(pick(host, "i2"));
    expect(pick(host, "i2").getAttribute("aria-pressed")).toBe("true");
    expect(pick(host, "i1").getAttribute("aria-pressed")).toBe("false");
    // Titled as the creator named its chapter, the file's extension beside it.
    expect(pick(host, "i2").textContent).toBe("The goodbye.mp3");
    expect(inspector(host).querySelector(".inspector-name")!.textContent).toBe("The goodbye.mp3");
    expect(labelled(inspector(host), "Slot letter").value).toBe("b");
    expect(labelled(inspector(host), "Chapter title").value).toBe("The goodbye");
    // One item at a time: its slot, its chapter title, a new mark's time and title, a note.
    const fields = [...inspector(host).querySelectorAll<HTMLInputElement>("input:not([type=hidden])")];
    expect(fields.map((input) => input.name)).toEqual(["", "title", "at", "title"]);
    expect(notes(host).querySelector(".inspector-name")!.textContent).toBe("outro.mp3");
    expect(notes(host).textContent).toContain("Item 2 on the timeline");
    expect(notes(host).textContent).toContain("Outro fades at 0:25");
    expect(notes(host).textContent).not.toContain("Intro breathes");

    // The library's selection is as it was.
    expect(fileButton(host, "bed.mp3").getAttribute("aria-pressed")).toBe("true");
    expect(host.textContent).toContain("1 of 3 selected");
    // A file clicked after the pick takes the inspector back to the library (marked, not selected).
    await click(fileButton(host, "outro.mp3"));
    expect(fileButton(host, "outro.mp3").getAttribute("aria-pressed")).toBe("false");
    expect(inspector(host).querySelector(".inspector-name")!.textContent).toBe("outro.mp3");
    expect(notes(host).querySelector(".inspector-name")!.textContent).toBe("outro.mp3");
  });

  it("a third click asks to delete (seed 000 §4), and the row's menu offers Delete too", async () => {
    const host = await page();
    for (let i = 0; i < 2; i++) await click(fileButton(host, "intro.mp3"));
    expect(document.querySelector("[role=alertdialog]")).toBeNull();
    expect(fileButton(host, "intro.mp3").getAttribute("aria-pressed")).toBe("true");
    await click(fileButton(host, "intro.mp3"));
    await until(() => document.querySelector("[role=alertdialog]"), "the delete question");
    expect(document.querySelector("[role=alertdialog]")!.textContent).toContain(
      "Are you sure you want to delete this file?",
    );
    const row = fileButton(host, "intro.mp3").closest("li")!;
    expect(row.querySelector("summary")!.getAttribute("aria-label")).toBe("More for intro.mp3");
    expect(row.querySelector('button[aria-label="Delete intro.mp3"]')).not.toBeNull();
    expect(row.querySelector('a[aria-label="Open intro.mp3"]')!.getAttribute("href")).toBe("/bigfile/f1");
  });

  it("a chapter in the outline picks its item for the inspector", async () => {
    const host = await page();
    const outline = host.querySelector<HTMLElement>("section.chapter-outline")!;
    const goodbye = [...outline.querySelectorAll<HTMLButtonElement>("button")].find(
      (b) => b.textContent === "The goodbye",
    )!;
    await click(goodbye);
    expect(inspector(host).querySelector(".inspector-name")!.textContent).toBe("The goodbye.mp3");
    // The outline edits nothing: its titles are buttons, not fields.
    expect(outline.querySelectorAll("input")).toHaveLength(0);
  });

  it("changes the slot letter with the slot form, its error beside the field", async () => {
    const posts: FormData[] = [];
    const host = await page(posts);
    await click(pick(host, "i2"));
    const slot = labelled(inspector(host), "Slot letter");
    await typeInto(slot, "a");
    await until(() => inspector(host).querySelector(".slot-error"), "the refusal");
    const error = inspector(host).querySelector(".slot-error")!;
    expect(error.textContent).toBe("Slot a is already taken.");
    expect(slot.getAttribute("aria-describedby")).toBe(error.id);
    expect(posts.map((form) => [form.get("intent"), form.get("itemId"), form.get("slotPosition")])).toEqual([
      ["item-slot", "i2", "a"],
    ]);
  });

  it("renames the chapter the item starts", async () => {
    const sent = answerFetch(() => json({ message: "Chapter renamed." }));
    const host = await page();
    await click(pick(host, "i3"));
    expect(notes(host).textContent).toContain("has no file in the media library");
    const title = labelled(inspector(host), "Chapter title");
    expect(title.value).toBe("jingle.mp3");
    await typeInto(title, "   ");
    await submit(title.form!);
    await until(() => title.getAttribute("aria-invalid") === "true", "the refusal beside the field");
    expect(sent).toEqual([]);
    await typeInto(title, "Station jingle");
    expect(title.getAttribute("aria-invalid")).toBeNull();
    await submit(title.form!);
    await until(() => inspector(host).textContent?.includes("Chapter renamed."), "the answer");
    expect(sent.map(({ method, url, body }) => [method, new URL(url, "http://x").pathname, body])).toEqual([
      ["PUT", "/api/playlist-items/i3/chapter", { title: "Station jingle" }],
    ]);
  });
});

describe("the timeline's drag announcements", () => {
  const key = (target: Element, code: string, key: string) =>
    act(async () => {
      target.dispatchEvent(new KeyboardEvent("keydown", { code, key, bubbles: true, cancelable: true }));
    });

  it("speak the picked item's title and position, not the rows' ids", async () => {
    const host = await page();
    const handle = host.querySelector<HTMLButtonElement>('li[data-item-id="i2"] .drag-handle')!;
    await act(async () => handle.focus());
    await key(handle, "Space", " ");
    await until(() => handle.getAttribute("aria-pressed") === "true", "the replayed Space to pick the row up");
    const region = () => document.querySelector('[id^="DndLiveRegion"]');
    // Picked up, then over the nearest row (happy-dom lays every row out at 0 × 0): by title and position.
    await until(() => region()?.textContent, "the pick-up announced");
    expect(region()!.textContent).toMatch(
      /^(Picked up The goodbye, position 2 of 3\.|The goodbye moved to position [123] of 3\.)$/,
    );
    // The handle's instructions say how to move it, in the page's words.
    const described = document.getElementById(handle.getAttribute("aria-describedby")!);
    expect(described?.textContent).toBe(SCREEN_READER_INSTRUCTIONS);
    await key(handle, "Escape", "Escape");
    await until(() => region()?.textContent?.includes("Moving The goodbye was cancelled"), "the cancel");
    expect(region()!.textContent).toContain("it is back at position 2 of 3.");
    expect(region()!.textContent).not.toMatch(/i[123]\b|Draggable item|droppable area/);
    // Loading @dnd-kit on the first press takes a while on a busy machine.
  }, 20_000);

  it("say where an item moved and where it was dropped, by title", () => {
    const titles: Record<string, string> = { i1: "Intro", i2: "Interview", i3: "Outro", i4: "Credits" };
    const say = announcements(["i1", "i2", "i3", "i4"], (id) => titles[id]!);
    const active = { id: "i1" } as never;
    expect(say.onDragStart({ active })).toBe("Picked up Intro, position 1 of 4.");
    expect(say.onDragOver({ active, over: { id: "i3" } } as never)).toBe("Intro moved to position 3 of 4.");
    expect(say.onDragEnd({ active, over: { id: "i3" } } as never)).toBe("Intro dropped at position 3 of 4.");
    expect(say.onDragOver({ active, over: null } as never)).toBe("Intro is no longer over the list.");
    // Without titles (a list that gives none), rows are spoken by their position.
    expect(announcements(["a", "b"]).onDragStart({ active: { id: "b" } } as never)).toBe(
      "Picked up item 2, position 2 of 2.",
    );
  });
});
