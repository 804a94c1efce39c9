// Home's project tile: a generated cover, the title as people read it, what is in it and when it changed.
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { mount } from "../../../../tests/dom/support";
import { ProjectTile } from "./home";

describe("ProjectTile", () => {
  it("shows the cover, title, file count, total duration and the last change in words", async () => {
    const view = await mount(
      <MemoryRouter>
        <ul>
          <ProjectTile
            project={{
              id: "p1",
              title: "Episode_11",
              fileCount: 3,
              durationSeconds: 1925,
              changedAt: new Date(Date.now() - 2 * 3600 * 1000),
            }}
          />
        </ul>
      </MemoryRouter>,
    );
    const link = view.host.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("/projects/p1");
    expect(link.querySelector("[aria-hidden]")?.textContent).toBe("E11");
    expect(link.textContent).toContain("Episode 11");
    expect(link.textContent).toContain("3 files · 32:05");
    expect(link.textContent).toContain("Changed 2 hours ago");
  });

  it("leaves the duration out until one is known and says who shared it", async () => {
    const view = await mount(
      <MemoryRouter>
        <ul>
          <ProjectTile
            project={{
              id: "p2",
              title: "Mix",
              fileCount: 1,
              durationSeconds: null,
              changedAt: new Date(),
              role: "editor",
              sharedBy: "Ada",
            }}
          />
        </ul>
      </MemoryRouter>,
    );
    const text = view.host.querySelector("a")!.textContent;
    expect(text).toContain("editor · shared by Ada");
    expect(text).toContain("1 file");
    expect(text).not.toContain("·  ");
    expect(text).not.toMatch(/1 file ·/);
  });
});
