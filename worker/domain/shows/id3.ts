// The ID3v2.3 tag written in front of a stitched episode, made per request from
// the episode's current segments: its title, the show, a link to the artwork,
// and its chapters as CHAP frames under one ordered top-level CTOC (the ID3v2
// Chapter Frame Addendum), so players show the chapters that the audio after
// the tag really has.

export interface TagChapter {
  title: string;
  startMs: number;
  endMs: number;
}

export interface TagInput {
  title: string;
  album: string;
  artist: string;
  /** An http(s) address of the cover art, written as an APIC link (MIME "-->"). */
  artworkUrl: string | null;
  durationMs: number;
  chapters: TagChapter[];
}

const encoder = new TextEncoder();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n >>> 0);
  return out;
}

/** UTF-16 with a byte-order mark (encoding 1), the ID3v2.3 way to carry any character. */
function utf16(text: string, terminated: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2 + (terminated ? 2 : 0));
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[2 + i * 2] = code & 0xff;
    out[3 + i * 2] = code >> 8;
  }
  return out;
}

const latin1 = (text: string) => encoder.encode(text.replace(/[^\x20-\x7e]/g, "?"));

function frame(id: string, body: Uint8Array): Uint8Array {
  return concat([latin1(id), u32(body.length), new Uint8Array(2), body]);
}

const textFrame = (id: string, text: string) => frame(id, concat([new Uint8Array([1]), utf16(text, false)]));

/** A tag header's size: 28 bits, seven per byte. */
function syncsafe(n: number): Uint8Array {
  return new Uint8Array([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

export function id3Tag(input: TagInput): Uint8Array {
  const frames: Uint8Array[] = [
    textFrame("TIT2", input.title),
    textFrame("TALB", input.album),
    textFrame("TPE1", input.artist),
    frame("TLEN", concat([new Uint8Array([0]), latin1(String(Math.round(input.durationMs)))])),
  ];
  if (input.artworkUrl) {
    // APIC: encoding, MIME "-->" (the data is a link), picture type 3 (front cover), empty description, URL.
    frames.push(
      frame("APIC", concat([new Uint8Array([0]), latin1("-->"), new Uint8Array([0, 3, 0]), latin1(input.artworkUrl)])),
    );
  }
  const ids = input.chapters.map((_, i) => `chp${i}`);
  if (ids.length > 0) {
    // CTOC: element id, flags (top-level | ordered), entry count, child ids.
    frames.push(
      frame(
        "CTOC",
        concat([
          latin1("toc"),
          new Uint8Array([0, 0x03, ids.length]),
          ...ids.map((id) => concat([latin1(id), new Uint8Array([0])])),
        ]),
      ),
    );
    input.chapters.forEach((chapter, i) => {
      frames.push(
        frame(
          "CHAP",
          concat([
            latin1(ids[i]!),
            new Uint8Array([0]),
            u32(Math.round(chapter.startMs)),
            u32(Math.round(chapter.endMs)),
            // Byte offsets unknown to the reader: times only.
            u32(0xffffffff),
            u32(0xffffffff),
            textFrame("TIT2", chapter.title),
          ]),
        ),
      );
    });
  }
  const body = concat(frames);
  return concat([latin1("ID3"), new Uint8Array([3, 0, 0]), syncsafe(body.length), body]);
}
