// Preview plays (issue 33): the shared player reports the start of a listen, and a store page counts
// it for the seller — once per listen (pausing, resuming and seeking are the same listen; a play after
// the end is a new one), and never on the seller's own page.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { answerFetch, mount } from "../../../../tests/dom/support";
import { ProductFiles } from "./Storefront";

const product = {
  id: "beat-1",
  files: [
    {
      id: "f1",
      fileName: "verse.mp3",
      previewUrl: "/preview/verse.mp3",
      peaks: null,
      durationSeconds: 30,
      previewStatus: "done",
    },
  ],
} as unknown as Parameters<typeof ProductFiles>[0]["product"];

async function fire(audio: HTMLAudioElement, ...events: string[]) {
  for (const type of events) await act(async () => void audio.dispatchEvent(new Event(type)));
}

describe("preview plays", () => {
  it("counts a listen once, not its pauses and seeks, and again after the end", async () => {
    const sent = answerFetch(() => new Response(null, { status: 204 }));
    const view = await mount(<ProductFiles product={product} own={false} />);
    const audio = view.host.querySelector("audio")!;
    await fire(audio, "play", "pause", "seeked", "play", "pause", "play");
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /api/products/beat-1/plays"]);
    await fire(audio, "ended", "play");
    expect(sent).toHaveLength(2);
  });

  it("does not count the seller's own listens", async () => {
    const sent = answerFetch(() => new Response(null, { status: 204 }));
    const view = await mount(<ProductFiles product={product} own />);
    await fire(view.host.querySelector("audio")!, "play", "ended", "play");
    expect(sent).toEqual([]);
  });

  it("names several previews by their number first, so clipped labels still differ", async () => {
    const two = {
      ...product,
      title: "Late Night Drive (140 BPM)",
      files: [product.files[0], { ...product.files[0], id: "f2", previewUrl: "/preview/hook.mp3" }],
    } as typeof product;
    const view = await mount(<ProductFiles product={two} own />);
    const names = [...view.host.querySelectorAll("button")].map((button) => button.getAttribute("aria-label"));
    expect(names).toContain("Play Preview 1 of 2: Late Night Drive (140 BPM)");
    expect(names).toContain("Play Preview 2 of 2: Late Night Drive (140 BPM)");
  });
});
