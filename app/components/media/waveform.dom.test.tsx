// The waveform in the players: its played part follows the time, a click seeks, and the slider (not
// the picture) stays the accessible control; the sticky bar draws the track's waveform and seeks too.
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { mount } from "../../../tests/dom/support";
import { Waveform } from "../../features/store/components/Waveform";
import { MediaPlayer } from "./MediaPlayer";
import { NowPlayingBar } from "./NowPlayingBar";
import { type NowPlaying, playTrack, stopPlaying, useNowPlaying } from "./now-playing";

afterEach(() => act(async () => stopPlaying()));

/** A beat's levels: loud hits and quiet gaps, 40 of them. */
const PEAKS = Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? 0.9 : i % 2 === 0 ? 0.4 : 0.05));

function box(element: Element, width: number) {
  element.getBoundingClientRect = () =>
    ({ left: 100, top: 0, width, height: 40, right: 100 + width, bottom: 40, x: 100, y: 0, toJSON() {} }) as DOMRect;
}

function click(element: Element, clientX: number) {
  element.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX }));
}

const heights = (host: Element) =>
  [...host.querySelectorAll("svg.waveform rect")].map((r) => Number(r.getAttribute("height")));

describe("Waveform", () => {
  it("draws the real shape, normalised, with a minimum height, hidden from assistive tech", async () => {
    const view = await mount(<Waveform peaks={PEAKS.map((p) => p / 2)} progress={0} />);
    const svg = view.host.querySelector("svg.waveform")!;
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    const bars = heights(view.host);
    expect(bars).toHaveLength(40);
    expect(Math.max(...bars)).toBe(96);
    expect(Math.min(...bars)).toBeGreaterThanOrEqual(4);
    expect(new Set(bars).size).toBe(3);
  });

  it("colours the played part and reports where a click lands", async () => {
    const seeks: number[] = [];
    const view = await mount(<Waveform peaks={PEAKS} progress={0.25} onSeek={(f) => seeks.push(f)} />);
    expect(view.host.querySelectorAll("rect.played")).toHaveLength(10);
    const svg = view.host.querySelector("svg.waveform")!;
    box(svg, 400);
    await act(async () => click(svg, 400));
    expect(seeks).toEqual([0.75]);
  });
});

describe("MediaPlayer's waveform", () => {
  it("follows the time as it plays; a click on it and the slider's keys both seek", async () => {
    const view = await mount(
      <MediaPlayer src="https://media.test/beat.mp3" label="Late Night Drive" peaks={PEAKS} durationSeconds={40} />,
    );
    const audio = view.host.querySelector("audio")!;
    const slider = view.host.querySelector('[role="slider"]') as HTMLElement;
    expect(slider.getAttribute("aria-label")).toBe("Seek Late Night Drive");
    expect(view.host.querySelectorAll("rect.played")).toHaveLength(0);
    await act(async () => {
      audio.currentTime = 10;
      audio.dispatchEvent(new Event("timeupdate"));
    });
    expect(view.host.querySelectorAll("rect.played")).toHaveLength(10);
    box(slider, 200);
    await act(async () => click(slider.querySelector("svg.waveform")!, 200));
    expect(audio.currentTime).toBe(20);
    expect(view.host.querySelectorAll("rect.played")).toHaveLength(20);
    await act(async () => slider.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    expect(audio.currentTime).toBe(25);
    expect(slider.getAttribute("aria-valuenow")).toBe("25");
  });
});

let seen: NowPlaying | null = null;
function Probe() {
  seen = useNowPlaying();
  return null;
}

describe("NowPlayingBar's waveform", () => {
  it("draws the playing track's peaks, follows its time and seeks where it is clicked", async () => {
    const view = await mount(
      <>
        <NowPlayingBar />
        <Probe />
      </>,
    );
    await act(async () => {
      playTrack("https://media.test/beat.mp3", { id: "p1", title: "Late Night Drive", peaks: PEAKS });
    });
    const element = seen!.element;
    Object.defineProperty(element, "duration", { value: 40, configurable: true });
    await act(async () => {
      element.currentTime = 30;
      element.dispatchEvent(new Event("timeupdate"));
    });
    const svg = view.host.querySelector('section[aria-label="Now playing"] svg.waveform')!;
    expect(svg.querySelectorAll("rect")).toHaveLength(40);
    expect(svg.querySelectorAll("rect.played")).toHaveLength(30);
    box(svg, 400);
    await act(async () => click(svg, 200));
    expect(element.currentTime).toBe(10);
  });

  it("keeps the thin line alone for a track without peaks", async () => {
    const view = await mount(<NowPlayingBar />);
    await act(async () => {
      playTrack("https://media.test/other.mp3", { id: "p2", title: "Other" });
    });
    expect(view.host.querySelector('section[aria-label="Now playing"]')).not.toBeNull();
    expect(view.host.querySelector("svg.waveform")).toBeNull();
  });
});
