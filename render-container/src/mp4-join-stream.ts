// The bytes of a box-level join (mp4-join.ts) as one upload body: the head
// (ftyp, moov, mdat header) from memory, then each item's mdat payload read
// with a range GET of its signed URL, in order, straight into the PUT. The
// next item's GET starts when the current one starts, so its answer is there
// when the current one ends; the stream pulls only as fast as the upload
// sends (backpressure), so memory stays at a few buffers whatever the size.
//
// An item that answers other than 206 for exactly its range, that changed
// since its moov was read (size or ETag), or whose transfer breaks off fails
// the body: the upload then aborts its PUT, so no object is completed, and
// `failure()` tells the render why, in the user's words.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import type { Body } from "./faststart.ts";
import { networkReason } from "./transfer.ts";

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
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
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

/**
 * The joined file as a Body: `head`, then every source's payload. `doing`
 * names what the stream waits on (the storage or the upload), for a timeout's
 * message.
 */
export function joinedBody(
  head: Buffer,
  sources: readonly JoinSource[],
  options: { signal: AbortSignal; doing: (what: string) => void },
): Body & { failure(): Error | null } {
  const { signal, doing } = options;
  const size = head.length + sources.reduce((sum, s) => sum + (s.end - s.start), 0);
  let failure: Error | null = null;

  async function* bytes(): AsyncGenerator<Buffer> {
    const pending: Promise<Opened>[] = [];
    const start = (index: number) => {
      if (index >= sources.length) return;
      const opening = open(sources[index]!, signal);
      // Read (and its failure reported) in turn; until then a rejection is not unhandled.
      opening.catch(() => {});
      pending[index] = opening;
    };
    let current: Opened | undefined;
    try {
      yield head;
      start(0);
      for (let index = 0; index < sources.length; index++) {
        doing("the download of the inputs");
        current = await pending[index]!;
        start(index + 1);
        const { n, start: from, end } = current.source;
        let received = 0;
        doing("the download of the inputs");
        try {
          for await (const chunk of current.response as AsyncIterable<Buffer>) {
            received += chunk.length;
            if (received > end - from) throw new ItemUnreadable(`Item ${n} changed while the render was reading it`);
            doing("the upload of the output");
            yield chunk;
            doing("the download of the inputs");
          }
        } catch (error) {
          if (error instanceof ItemUnreadable) throw error;
          signal.throwIfAborted();
          throw unreadable(n, `the transfer broke off (${networkReason(error)})`);
        }
        if (received !== end - from) throw unreadable(n, "the transfer broke off");
        current = undefined;
      }
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // Stopped early (a failure here or in the upload): no GET is left open.
      current?.response.destroy();
      for (const opening of pending)
        void opening?.then(
          (o) => o.response.destroy(),
          () => {},
        );
    }
  }

  return { size, stream: () => Readable.from(bytes(), { objectMode: false }), failure: () => failure };
}
