// A store audio file's player: the one media player (components/media/MediaPlayer.tsx). On store
// pages the source is the preview (MP3 with the seller's voice tag); in the seller's manager it is
// the original.
import { MediaPlayer, type MediaPlayerProps } from "../../../components/media/MediaPlayer";

export function AudioPlayer(props: Omit<MediaPlayerProps, "kind">) {
  return <MediaPlayer kind="audio" {...props} />;
}
