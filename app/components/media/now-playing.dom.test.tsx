// Sequence's Play: the bar plays a playlist's items one after another, in order.
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { mount } from "../../../tests/dom/support";
import { type NowPlaying, playQueue, playTrack, stopPlaying, useNowPlaying } from "./now-playing";

let seen: NowPlaying | null = null;
function Probe() {
  seen = useNowPlaying();
  return <p>{seen?.track?.title ?? "nothing"}</p>;
}

afterEach(() => stopPlaying());

const queue = ["Intro Theme", "Interview Part 1", "Outro Theme"].map((title, i) => ({
  src: `https://media.test/${i}.wav`,
  track: { id: `item-${i}`, title, artist: "Episode 11" },
}));

describe("playQueue", () => {
  it("starts the first item and moves to the next as each ends", async () => {
    const view = await mount(<Probe />);
    await act(async () => playQueue(queue));
    expect(view.host.textContent).toBe("Intro Theme");
    await act(async () => seen!.element.dispatchEvent(new Event("ended")));
    expect(view.host.textContent).toBe("Interview Part 1");
    expect(seen!.element.getAttribute("src") ?? (seen!.element as HTMLAudioElement).src).toContain("/1.wav");
    await act(async () => seen!.element.dispatchEvent(new Event("ended")));
    expect(view.host.textContent).toBe("Outro Theme");
  });

  it("stops following the playlist once something else is played", async () => {
    const view = await mount(<Probe />);
    await act(async () => playQueue(queue));
    await act(async () => {
      playTrack("https://media.test/other.mp3", { id: "other", title: "Other" });
    });
    await act(async () => seen!.element.dispatchEvent(new Event("ended")));
    expect(view.host.textContent).toBe("Other");
  });
});
