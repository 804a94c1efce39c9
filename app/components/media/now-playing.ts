// What is playing, for the sticky 'now playing' bar (issue 28 §3). A player registers its element
// when it starts; when it unmounts while playing (the listener browsed to another page), the bar's
// own audio element takes over at the same moment, so browsing does not stop the music.
import { useSyncExternalStore } from "react";

/** What the bar shows beside the controls: a listener sees the title and who made it, never a file name. */
export interface TrackInfo {
  /** Which item this is (a store's product id), so a list's row knows it is the one sounding. */
  id: string;
  title: string;
  artist?: string;
  coverUrl?: string | null;
  /** The item's own page. */
  href?: string;
  /** Its waveform's levels (the renderer's peaks), drawn in the bar when known. */
  peaks?: number[] | null;
}

export interface NowPlaying {
  label: string;
  element: HTMLMediaElement;
  track?: TrackInfo;
}

let current: NowPlaying | null = null;
/** The bar's element, created on first hand-off and kept for the document's life. */
let carried: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Elements whose play and pause already tell the listeners (usePaused). */
const watched = new WeakSet<HTMLMediaElement>();
function watch(element: HTMLMediaElement) {
  if (watched.has(element)) return;
  watched.add(element);
  for (const name of ["play", "pause", "ended"]) element.addEventListener(name, changed);
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

/** Whether what the bar holds is paused (true when nothing is): re-renders on play and pause. */
export function usePaused() {
  return useSyncExternalStore(
    subscribe,
    () => current?.element.paused ?? true,
    () => true,
  );
}

/** One thing sounds at a time: starting `element` pauses whatever played before. */
export function startPlaying(element: HTMLMediaElement, label: string, track?: TrackInfo) {
  if (current && current.element !== element) current.element.pause();
  if (current?.element === element && current.label === label && current.track?.id === track?.id) return;
  watch(element);
  current = { label, element, track };
  changed();
}

/**
 * A list's play button (the store's rows): the bar's own element plays `src`, so the track keeps
 * going while the listener browses. The same track again toggles play and pause. Answers whether a
 * new listen started (not a resume), for play counts.
 */
export function playTrack(src: string, track: TrackInfo): boolean {
  if (current?.element === carried && carried && current.track?.id === track.id) {
    if (carried.paused) void carried.play().catch(() => undefined);
    else carried.pause();
    return false;
  }
  current?.element.pause();
  carried ??= new Audio();
  watch(carried);
  carried.src = src;
  current = { label: track.title, element: carried, track };
  void carried.play().catch(() => undefined);
  changed();
  return true;
}

/**
 * A playlist in the bar: each track after the one before, in order (Sequence's Play). The first starts
 * now; each next one starts when the one before ends, unless something else was played meanwhile.
 */
export function playQueue(queue: { src: string; track: TrackInfo }[]) {
  const [first, ...rest] = queue;
  if (!first) return;
  playTrack(first.src, first.track);
  const element = carried;
  if (!element || rest.length === 0) return;
  const next = () => {
    element.removeEventListener("ended", next);
    if (current?.element === element && current.track?.id === first.track.id) playQueue(rest);
  };
  element.addEventListener("ended", next);
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
  watch(carried);
  carried.src = element.currentSrc || element.src;
  carried.currentTime = element.currentTime;
  element.pause();
  current = { label: current.label, element: carried, track: current.track };
  void carried.play().catch(() => undefined);
  changed();
}

/** The bar's close: stop and forget. */
export function stopPlaying() {
  current?.element.pause();
  current = null;
  changed();
}
