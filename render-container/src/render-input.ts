// Job kind `render`'s input: items (signed GET URLs with their chapters and
// stored loudness), the output targets (signed PUT URLs with the headers they
// were signed for), the media type and the loudness switch, checked by hand
// (the renderer has no dependencies) into a field map for the 400 answer.
import { isItemChapters } from "./chapters.ts";
import type { MediaType, RenderInput, RenderItem, RenderTarget } from "./contract.ts";
import { type Fields, isHttpUrl, isObject, type Parsed } from "./jobs.ts";
import { isLoudness } from "./loudness.ts";
import { RESERVED_HEADERS } from "./transfer.ts";

export const MAX_ITEMS = 200;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseTarget(value: unknown, name: string, fields: Fields): RenderTarget | undefined {
  if (!isObject(value)) {
    fields[name] = "must be an object { url, headers? }";
    return undefined;
  }
  if (!isHttpUrl(value.url)) fields[`${name}.url`] = "must be an http(s) URL";
  const headers = value.headers;
  if (headers !== undefined && headers !== null) {
    const entries = isObject(headers) ? Object.entries(headers) : null;
    if (!entries || entries.length > 50) {
      fields[`${name}.headers`] = "must be an object of at most 50 header names to string values";
    } else {
      for (const [header, text] of entries) {
        if (!HEADER_NAME.test(header) || typeof text !== "string" || /[\r\n\0]/.test(text) || text.length > 8192) {
          fields[`${name}.headers`] = `has an invalid header: ${JSON.stringify(header.slice(0, 64))}`;
          break;
        }
        if (RESERVED_HEADERS.has(header.toLowerCase())) {
          fields[`${name}.headers`] = `must not set ${header.toLowerCase()} (the renderer does)`;
          break;
        }
      }
    }
  }
  return { url: value.url as string, ...(isObject(headers) ? { headers: headers as Record<string, string> } : {}) };
}

export function parseRenderInput(raw: unknown): Parsed<RenderInput> {
  const input = isObject(raw) ? raw : {};
  const fields: Fields = {};
  const { items, output, audioOutput, mediaType, loudness } = input;
  if (!Array.isArray(items) || items.length === 0) {
    fields["input.items"] = "must be a non-empty array of { url }";
  } else if (items.length > MAX_ITEMS) {
    fields["input.items"] = `must have at most ${MAX_ITEMS} items`;
  } else {
    items.forEach((item: unknown, index) => {
      if (!isObject(item) || !isHttpUrl(item.url)) fields[`input.items[${index}].url`] = "must be an http(s) URL";
      if (isObject(item) && item.chapters !== undefined && !isItemChapters(item.chapters))
        fields[`input.items[${index}].chapters`] = "must be at most 100 of { offsetSeconds >= 0, title (1-200 chars) }";
      if (isObject(item) && item.loudness !== undefined && !isLoudness(item.loudness))
        fields[`input.items[${index}].loudness`] = "must be { integrated, truePeak, channels }";
    });
  }
  if (mediaType !== "audio" && mediaType !== "video") fields["input.mediaType"] = 'must be "audio" or "video"';
  const outputTarget = parseTarget(output, "input.output", fields);
  let audioTarget: RenderTarget | undefined;
  if (audioOutput !== undefined && audioOutput !== null) {
    if (mediaType === "video") fields["input.audioOutput"] = "is only for audio playlists";
    else audioTarget = parseTarget(audioOutput, "input.audioOutput", fields);
  }
  if (loudness !== undefined && loudness !== null && typeof loudness !== "boolean") {
    fields["input.loudness"] = "must be true or false";
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      items: (items as RenderItem[]).map(({ url, chapters, loudness: measured }) => ({
        url,
        ...(chapters ? { chapters } : {}),
        ...(measured ? { loudness: measured } : {}),
      })),
      output: outputTarget!,
      ...(audioTarget ? { audioOutput: audioTarget } : {}),
      mediaType: mediaType as MediaType,
      loudness: loudness === true,
    },
  };
}
