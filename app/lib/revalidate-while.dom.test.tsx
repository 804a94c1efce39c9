// The one polling hook every page that follows a job uses: a tick every period while working, the
// next waiting for the last, none while the tab is hidden, a failed tick tried again, none once done.
import { act, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mount } from "../../tests/dom/support";
import { usePollWhile } from "./revalidate-while";

const EVERY = 100;
let setWorking: (working: boolean) => void = () => {};

function Poller({ tick }: { tick: () => unknown }) {
  const [working, set] = useState(true);
  setWorking = set;
  usePollWhile(working, tick, EVERY);
  return null;
}

const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
let visibility: DocumentVisibilityState = "visible";

beforeEach(() => {
  vi.useFakeTimers();
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, "visibilityState");
});

describe("usePollWhile", () => {
  it("ticks once a period while working and stops when the work is done", async () => {
    const tick = vi.fn();
    await mount(<Poller tick={tick} />);
    expect(tick).not.toHaveBeenCalled();
    await pass(EVERY * 3);
    expect(tick).toHaveBeenCalledTimes(3);
    await act(async () => setWorking(false));
    await pass(EVERY * 3);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it("starts the next period only when the last tick has finished", async () => {
    let finish = () => {};
    const tick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await mount(<Poller tick={tick} />);
    await pass(EVERY);
    expect(tick).toHaveBeenCalledTimes(1);
    await pass(EVERY * 5);
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await pass(EVERY);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it("does not tick while the tab is hidden, and does again when it is back", async () => {
    const tick = vi.fn();
    await mount(<Poller tick={tick} />);
    visibility = "hidden";
    await pass(EVERY * 3);
    expect(tick).not.toHaveBeenCalled();
    visibility = "visible";
    await pass(EVERY);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it("tries a failed tick again on the next period", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const tick = vi.fn().mockRejectedValueOnce(new Error("network")).mockResolvedValue(undefined);
    await mount(<Poller tick={tick} />);
    await pass(EVERY * 2);
    expect(tick).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
