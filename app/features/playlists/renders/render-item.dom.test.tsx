// A render on /renderfiles is titled in words (its playlist's title and the day), with the file name
// it downloads as small print under the title; the download keeps that file name.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { mount, until } from "../../../../tests/dom/support";
import type { RenderView } from "./RenderFacts";
import { RenderItem, renderTitle } from "./RenderItem";

const render = {
  id: "r1",
  fileName: "Episode 12-2026-12-05.mp4",
  projectTitle: "Episode 12",
  status: "done",
  progress: 100,
  retrying: false,
  outOfDate: false,
  superseded: false,
  error: null,
  resolution: "1280x720",
  durationSeconds: 75,
  frameRate: 25,
  size: 1000,
  audioSize: null,
  createdAt: "2026-12-05T23:30:00.000Z",
  url: "https://files.example/r1.mp4",
  downloadUrl: "https://files.example/r1.mp4?download",
  audioUrl: null,
  chaptersUrl: null,
  chapters: [],
  loudnessReport: null,
} as unknown as RenderView;

describe("a render's title", () => {
  it("is the playlist's title and the file's day in words", () => {
    expect(renderTitle(render)).toBe("Episode 12 — 5 December 2026");
    expect(renderTitle({ projectTitle: "late_night_show", createdAt: new Date("2027-01-31T00:10:00.000Z") })).toBe(
      "late night show — 31 January 2027",
    );
  });

  it("heads the row, with the file name under it and the download named as before", async () => {
    const Stub = createRoutesStub([
      { path: "/renderfiles", Component: () => <RenderItem render={render} initiallyOpen={false} /> },
    ]);
    const { host } = await mount(<Stub initialEntries={["/renderfiles"]} />);
    const heading = await until(() => host.querySelector("h2.render-heading"), "the heading");
    expect(heading.querySelector(".render-name")!.textContent).toBe("Episode 12 — 5 December 2026");
    expect(heading.querySelector(".render-summary .render-file")!.textContent).toBe("Episode 12-2026-12-05.mp4");
    // The file name is given once: the details do not repeat it in another spelling.
    expect(host.querySelector(".render-details")!.textContent).not.toContain("Episode 12-2026-12-05");
    const download = [...host.querySelectorAll("a")].find((a) => a.textContent === "Download")!;
    expect(download.getAttribute("download")).toBe("Episode 12-2026-12-05.mp4");
  });
});
