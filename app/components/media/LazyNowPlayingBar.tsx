// The sticky 'now playing' bar, loaded once something plays: until then no page needs its code, so
// it stays out of every page's first load (as the upload tray does, ADR 051).
import { lazy, Suspense } from "react";
import { useNowPlaying } from "./now-playing";

const NowPlayingBar = lazy(() => import("./NowPlayingBar").then((module) => ({ default: module.NowPlayingBar })));

export function LazyNowPlayingBar() {
  const playing = useNowPlaying();
  if (!playing) return null;
  return (
    <Suspense fallback={null}>
      <NowPlayingBar />
    </Suspense>
  );
}
