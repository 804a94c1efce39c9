// A stand-in for `@pdf-lib/upng` inside the Worker build (vite.config.ts aliases
// it here). pdf-lib imports it only to embed PNG images; the licence PDF
// (licences.ts) draws text with a standard font and embeds no image, so the
// 24 KB decoder stays out of the Worker's 500 KB budget. Embedding a PNG would
// fail loudly here rather than quietly.
function unused(): never {
  throw new Error("PNG embedding is not built into the Worker (worker/domain/licences/upng-unused.ts)");
}

export default { decode: unused, toRGBA8: unused };
