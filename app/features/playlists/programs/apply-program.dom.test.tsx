// The program preview names files as people read them (the chapters' title rule, case kept) with the
// extension as a muted chip; a playlist's kind and size read "Audio · 2 files" here as on Sequence.
import { describe, expect, it } from "vitest";
import { mount } from "../../../../tests/dom/support";
import { fileTitle, playlistSummary } from "../../../kernel/format";
import { FileTitle } from "./ApplyProgram";

describe("FileTitle", () => {
  it("shows the title with its case and the extension apart, the full name on hover", async () => {
    const name = "Harvest_Supply_Coop_Sponsor_Spot_Q4_2026_30s_FINAL_approved.wav";
    const view = await mount(<FileTitle name={name} />);
    const file = view.host.firstElementChild!;
    expect(file.getAttribute("title")).toBe(name);
    expect(file.firstChild?.textContent).toBe("Harvest Supply Coop Sponsor Spot Q4 2026 30s FINAL approved");
    expect(file.lastElementChild?.textContent).toBe(" (wav)");
  });

  it("uses the chapters' rule: no upload prefix, dashes and underscores as spaces", () => {
    expect(fileTitle("1764900000000-AbCd12-Spring_Spot-v2.mp4")).toBe("Spring Spot v2");
    expect(fileTitle("README")).toBe("README");
  });
});

describe("playlistSummary", () => {
  it("says the kind and the files in one wording", () => {
    expect(playlistSummary("audio", 2)).toBe("Audio · 2 files");
    expect(playlistSummary("video", 1)).toBe("Video · 1 file");
  });
});
