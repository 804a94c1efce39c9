// The inspector's notes (issue 46 §2): the notes on the file selected in the library, added and
// deleted through the file view's own action (/bigfile/:fileId), not a copy of it.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { button, mount, submit, typeInto, until } from "../../../../tests/dom/support";
import { FileNotesCard } from "./FileNotesCard";

const note = { id: "n1", text: "Mix the intro louder", createdAt: new Date("2026-01-02T10:00:00.000Z"), author: "Ada" };

async function card(file: { id: string; fileName: string } | null, posts: { url: string; form: FormData }[] = []) {
  const Stub = createRoutesStub([
    {
      path: "/projects/p1",
      Component: () => <FileNotesCard file={file} notes={file ? [note] : []} canEdit />,
    },
    {
      path: "/bigfile/:fileId",
      action: async ({ request }) => {
        posts.push({ url: new URL(request.url).pathname, form: await request.formData() });
        return { intent: "add-note", noteId: "n2", message: "Note added successfully!" };
      },
    },
  ]);
  const view = await mount(<Stub initialEntries={["/projects/p1"]} />);
  await until(() => view.host.querySelector("#file-notes-heading"), "the card");
  return view.host;
}

describe("the inspector's file notes", () => {
  it("asks for a file to be selected while none is", async () => {
    const host = await card(null);
    expect(host.textContent).toContain("Select a file in the media library to read and add its notes here.");
    expect(host.querySelector("form")).toBeNull();
  });

  it("lists the selected file's notes and adds one through the file view's action", async () => {
    const posts: { url: string; form: FormData }[] = [];
    const host = await card({ id: "f1", fileName: "intro.wav" }, posts);
    expect(host.querySelector(".inspector-name")!.textContent).toBe("intro.wav");
    expect(host.textContent).toContain("Mix the intro louder");
    // Clicks inside keep the library's selection.
    expect(host.querySelector("[data-keeps-selection]")).not.toBeNull();
    const form = host.querySelector<HTMLFormElement>("form.add-note")!;
    await typeInto(form.querySelector("textarea")!, "Fade out at 2:10");
    await submit(form);
    await until(() => host.textContent?.includes("Note added successfully!"), "the answer");
    expect(posts.map((post) => [post.url, post.form.get("intent"), post.form.get("note")])).toEqual([
      ["/bigfile/f1", "add-note", "Fade out at 2:10"],
    ]);
    expect(button(host, "Delete")).toBeTruthy();
  });
});
