// A stand-in for the `mime-types` package inside the Worker build (vite.config.ts
// aliases it here). `rss`, which `podcast` builds the FarmerTV feed on, imports
// `mime-types` only to guess an enclosure's type when none is given, and pulls
// in the whole mime-db table with it: 108 KB of JSON, 18 KB gzip of the
// Worker's 500 KB budget. Our feed always passes the type the upload checked
// (feed.ts), so this lookup only answers for the media the app accepts.
const TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  wav: "audio/wav",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

export function lookup(path: string): string | false {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) || false;
}

export default { lookup };
