// Seed 000 §8: a packaging job that failed ('Failed to package playlists: {error}', the job's own
// error or the seed's generic one), and the chapter editor when the server's answer carries no
// message of its own ('An unexpected error occurred. Please try again.'). Only the API is stood in.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFetch, byRole, mount, submit, texts, typeInto, until } from "../../tests/dom/support";
import { ItemChapters } from "../features/playlists/components/ChapterEditor";
import { PackageRow } from "../features/playlists/renders/JobRows";

describe("a failed packaging job", () => {
  const failed = { jobId: "j1", status: "failed" as const, progress: 30, downloadUrl: null, fileName: null };

  it("says 'Failed to package playlists: {error}' with the job's error", async () => {
    const view = await mount(
      <PackageRow pack={{ ...failed, error: "Too many files to package (70000; the zip format allows 65534)." }} />,
    );
    expect(texts(byRole(view.host, "alert"))).toEqual([
      "Failed to package playlists: Too many files to package (70000; the zip format allows 65534).",
    ]);
  });

  it("falls back to 'An unexpected error occurred. Please try again.' when the job gave no reason", async () => {
    const view = await mount(<PackageRow pack={{ ...failed, error: null }} />);
    expect(texts(byRole(view.host, "alert"))).toEqual([
      "Failed to package playlists: An unexpected error occurred. Please try again.",
    ]);
  });
});

describe("the chapter editor", () => {
  it("says 'An unexpected error occurred. Please try again.' when saving answers without a message (a 502 page)", async () => {
    const sent = answerFetch(
      () =>
        new Response("<html><h1>502 Bad Gateway</h1></html>", {
          status: 502,
          headers: { "content-type": "text/html" },
        }),
    );
    const chapters = [
      {
        id: null,
        itemId: "it1",
        n: 1,
        offsetSeconds: 0,
        startSeconds: 0,
        title: "intro",
        itemStart: true,
        renamed: false,
        fromFileName: true,
      },
    ];
    // The chapters come from the project page's loader; the editor reloads it after a change.
    const Stub = createRoutesStub([
      {
        path: "/projects/p1",
        Component: () => <ItemChapters chapters={chapters} itemId="it1" />,
        HydrateFallback: () => null,
        loader: () => ({}),
      },
    ]);
    const view = await mount(<Stub initialEntries={["/projects/p1"]} />);
    const form = await until(
      () => view.host.querySelector<HTMLFormElement>('form[aria-label="Add a chapter mark"]'),
      "the form",
    );
    await typeInto(form.querySelector<HTMLInputElement>('[name="at"]')!, "0:30");
    await typeInto(form.querySelector<HTMLInputElement>('[name="title"]')!, "Cold open");
    await submit(form);
    await until(() => view.host.querySelector('p[role="status"].error')?.textContent, "the message");
    expect(view.host.querySelector('p[role="status"].error')!.textContent).toBe(
      "An unexpected error occurred. Please try again.",
    );
    expect(sent.map((s) => `${s.method} ${s.url}`)).toContain("POST /api/chapters");
  });
});
