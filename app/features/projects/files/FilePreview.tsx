// The file view's preview of one file, by kind: an image, a video or audio
// player (the shared MediaPlayer), a PDF frame, the first 200 KB of a text file, or a link to open it.
import { useEffect, useState } from "react";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { displayName } from "../../../kernel/format";
import type { FileData } from "./types";

/** Text previews show the first 200 KB. */
const TEXT_PREVIEW_BYTES = 200 * 1024;

export function FilePreview({ file, url }: { file: FileData; url: string }) {
  const name = displayName(file.fileName);
  switch (file.kind) {
    case "image":
      return (
        <div className="preview">
          <img src={url} alt={name} />
        </div>
      );
    case "video":
    case "audio":
      // The shared player; the owner's view carries the waveform the probe computed.
      return (
        <div className={file.kind === "audio" ? "preview audio" : "preview"}>
          <MediaPlayer
            kind={file.kind}
            src={url}
            label={name}
            durationSeconds={file.durationSeconds}
            peaks={"peaks" in file && Array.isArray(file.peaks) ? (file.peaks as number[]) : null}
          />
        </div>
      );
    case "pdf":
      return (
        <div className="preview pdf">
          <iframe src={url} title={name} />
        </div>
      );
    case "text":
      return <TextPreview url={url} name={name} />;
    default:
      return (
        <p className="preview other">
          <OpenLink url={url} name={name} />
        </p>
      );
  }
}

function OpenLink({ url, name }: { url: string; name: string }) {
  return (
    <a href={url} target="_blank" rel="noreferrer">
      Open {name}
    </a>
  );
}

/** The first `limit` bytes of the text at `url`, read as a stream and cut off there. */
async function readTextStart(url: string, limit: number, signal: AbortSignal) {
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  while (received < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
  }
  const truncated = received >= limit;
  if (truncated) await reader.cancel().catch(() => {});
  const bytes = new Uint8Array(Math.min(received, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  return { text: new TextDecoder().decode(bytes), truncated };
}

/** The first 200 KB of a text file, read in the browser. */
function TextPreview({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<{ text: string; truncated: boolean } | { error: true } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    readTextStart(url, TEXT_PREVIEW_BYTES, abort.signal).then(setState, (error: unknown) => {
      if (!abort.signal.aborted) {
        console.error(error);
        setState({ error: true });
      }
    });
    return () => abort.abort();
  }, [url]);

  if (!state) return <p className="muted preview">Loading...</p>;
  if ("error" in state) {
    return (
      <p className="preview">
        The preview could not be loaded. <OpenLink url={url} name={name} />
      </p>
    );
  }
  return (
    <div className="preview text">
      <pre>{state.text}</pre>
      {state.truncated && <p className="muted small">Showing the first 200 KB.</p>}
    </div>
  );
}
