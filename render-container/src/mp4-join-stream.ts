// The bytes of a box-level join (mp4-join.ts) as one upload body: the head
// (ftyp, moov, mdat header) from memory, then each item's mdat payload read
// with a range GET of its signed URL, in order, straight into the PUT. The
// next item's GET starts when the current one starts, so its answer is there
// when the current one ends; each answer is piped into the body (pipe()
// pauses it while the upload is behind: backpressure), so memory stays at a
// few socket buffers whatever the size.
//
// An item that answers other than 206 for exactly its range, that changed
// since its moov was read (size or ETag), or whose transfer breaks off fails
// the body: the upload then aborts its PUT, so no object is completed, and
// `failure()` tells the render why, in the user's words.
import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import type { Body } from "./faststart.ts";
import { networkReason, requestFor, STREAM_BUFFER_BYTES } from "./transfer.ts";

/** One item's payload: where it is in its file, and what the storage said of the file when its moov was read. */
export type JoinSource = { n: number; url: string; start: number; end: number; total: number; etag: string | null };

/** An item could not be read while its bytes were being sent; the message is the user's. */
export class ItemUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ItemUnreadable";
  }
}

type Opened = { response: IncomingMessage; source: JoinSource };

const unreadable = (n: number, reason: string) => new ItemUnreadable(`Item ${n} could not be read: ${reason}`);

/** A GET of `url` with these headers; resolves with the answer (its body not read yet). */
function get(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const target = new URL(url);
  const send = requestFor(target);
  return new Promise((resolve, reject) => {
    // node:http rather than fetch: its body is a Node stream of Buffers, without web streams' cost per chunk.
    const req = send(target, { headers, signal }, resolve);
    req.once("error", reject);
    req.end();
  });
}

/** Starts the GET of `source`'s payload; resolves once its answer's headers are checked. */
async function open(source: JoinSource, signal: AbortSignal): Promise<Opened> {
  const { n, start, end } = source;
  let response: IncomingMessage;
  try {
    response = await get(source.url, { range: `bytes=${start}-${end - 1}` }, signal);
  } catch (error) {
    signal.throwIfAborted();
    throw unreadable(n, networkReason(error));
  }
  const status = response.statusCode ?? 0;
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers["content-range"] ?? "");
  const etag = response.headers.etag ?? null;
  let problem: ItemUnreadable | null = null;
  if (status < 200 || status >= 300)
    problem = unreadable(
      n,
      `the storage answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}`,
    );
  else if (
    status !== 206 ||
    !range ||
    Number(range[1]) !== start ||
    Number(range[2]) !== end - 1 ||
    Number(range[3]) !== source.total ||
    (source.etag !== null && etag !== source.etag)
  )
    problem = new ItemUnreadable(`Item ${n} changed while the render was reading it`);
  if (problem) {
    response.destroy();
    throw problem;
  }
  return { response, source };
}

/** Stops the body when its consumer went away (the upload failed or was aborted); not a failure of its own. */
class Abandoned extends Error {}

/**
 * Pipes `opened`'s payload into `out` (not ending it); resolves when all of
 * it went through. While `out` is full the response is paused: `doing`
 * then names the upload as what is waited on, otherwise the download.
 */
function pump(opened: Opened, out: PassThrough, doing: (what: string) => void, signal: AbortSignal): Promise<void> {
  const { response, source } = opened;
  const { n, start, end } = source;
  return new Promise<void>((resolve, reject) => {
    let received = 0;
    let settled = false;
    // Not when the pause comes from the pipe's teardown (a timeout, a failed upload).
    const waitingOnUpload = () => {
      if (!settled && !signal.aborted && !out.destroyed) doing("the upload of the output");
    };
    const waitingOnDownload = () => doing("the download of the inputs");
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      // Before unpipe, which pauses the response: that is no longer a wait on the upload.
      response.off("pause", waitingOnUpload);
      out.off("drain", waitingOnDownload);
      response.unpipe(out);
      out.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onClose = () => settle(new Abandoned());
    out.once("close", onClose);
    // pipe() pauses the response while `out` is full and lets it flow again on out's drain.
    response.on("pause", waitingOnUpload);
    out.on("drain", waitingOnDownload);
    response.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > end - start) settle(new ItemUnreadable(`Item ${n} changed while the render was reading it`));
    });
    response.once("end", () => settle(received === end - start ? undefined : unreadable(n, "the transfer broke off")));
    response.once("error", (error) =>
      settle(signal.aborted ? signal.reason : unreadable(n, `the transfer broke off (${networkReason(error)})`)),
    );
    response.once("close", () => settle(unreadable(n, "the transfer broke off")));
    doing("the download of the inputs");
    response.pipe(out, { end: false });
  });
}

/**
 * The joined file as a Body: `head`, then every source's payload, each
 * answer piped into the body as it is (no copy, no per-chunk promise).
 * `doing` names what the stream waits on (the storage or the upload), for a
 * timeout's message.
 */
export function joinedBody(
  head: Buffer,
  sources: readonly JoinSource[],
  options: { signal: AbortSignal; doing: (what: string) => void },
): Body & { failure(): Error | null } {
  const { signal, doing } = options;
  const size = head.length + sources.reduce((sum, s) => sum + (s.end - s.start), 0);
  let failure: Error | null = null;

  function stream(): PassThrough {
    const out = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
    const pending: Promise<Opened>[] = [];
    const start = (index: number) => {
      if (index >= sources.length || out.destroyed) return;
      const opening = open(sources[index]!, signal);
      // Read (and its failure reported) in turn; until then a rejection is not unhandled.
      opening.catch(() => {});
      pending[index] = opening;
    };
    const send = async () => {
      out.write(head);
      start(0);
      for (let index = 0; index < sources.length; index++) {
        doing("the download of the inputs");
        const current = await pending[index]!;
        if (out.destroyed) throw new Abandoned();
        // The next item's answer is on its way while this one is read.
        start(index + 1);
        await pump(current, out, doing, signal);
      }
      out.end();
    };
    send().then(
      () => {},
      (error: Error) => {
        if (!(error instanceof Abandoned)) failure = error;
        // Stopped early (a failure here or in the upload): no GET is left open, and the PUT is aborted.
        for (const opening of pending)
          void opening?.then(
            (o) => o.response.destroy(),
            () => {},
          );
        out.destroy(error instanceof Abandoned ? undefined : error);
      },
    );
    return out;
  }

  return { size, stream, failure: () => failure };
}
