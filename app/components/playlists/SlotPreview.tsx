// The player of a playlist or program slot (playlist builder, programming, Select Playlists).

/** The player of a playlist or program slot; audio loads nothing until played, video only its first frame. */
export function SlotPreview({ url, name, audio }: { url: string; name: string; audio: boolean }) {
  return (
    <div className="slot-preview">
      {audio ? (
        <audio controls preload="none" src={url} aria-label={`Preview ${name}`} />
      ) : (
        <video controls muted playsInline preload="metadata" src={`${url}#t=0.1`} aria-label={`Preview ${name}`} />
      )}
    </div>
  );
}
