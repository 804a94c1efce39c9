// What is playing, for the sticky 'now playing' bar (issue 28 §3). A player registers its element
// when it starts; when it unmounts while playing (the listener browsed to another page), the bar's
// own audio element takes over at the same moment, so browsing does not stop the music.
import { useSyncExternalStore } from "react";

export interface NowPlaying {
  label: string;
  element: HTMLMediaElement;
}

let current: NowPlaying | null = null;
/** The bar's element, created on first hand-off and kept for the document's life. */
let carried: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNowPlaying() {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** One thing sounds at a time: starting `element` pauses whatever played before. */
export function startPlaying(element: HTMLMediaElement, label: string) {
  if (current && current.element !== element) current.element.pause();
  current = { label, element };
  changed();
}

/** A player leaves the page: if it was sounding, the bar carries on from the same second. */
export function handOff(element: HTMLMediaElement) {
  if (current?.element !== element) return;
  if (element.paused || element instanceof HTMLVideoElement) {
    element.pause();
    current = null;
    changed();
    return;
  }
  carried ??= new Audio();
  carried.src = element.currentSrc || element.src;
  carried.currentTime = element.currentTime;
  element.pause();
  current = { label: current.label, element: carried };
  void carried.play().catch(() => undefined);
  changed();
}

/** The bar's close: stop and forget. */
export function stopPlaying() {
  current?.element.pause();
  current = null;
  changed();
}
