// A stand-in for `pako` inside the Worker build (vite.config.ts aliases it here). pdf-lib calls only
// `pako.deflate` (a zlib stream for a page's contents and object streams) and, in its standard
// fonts, `pako.inflate` (their zlib-packed metrics). fflate, which the Worker already carries for
// zips, reads and writes the same format at the same default level, so pako's 15 KiB (gzip) second
// copy of zlib stays out of the Worker's 500 KB budget.
import { unzlibSync, zlibSync } from "fflate";

function unused(): never {
  throw new Error(
    "Only pako.deflate and pako.inflate are built into the Worker (worker/domain/licences/pako-deflate.ts)",
  );
}

export const deflate = (data: Uint8Array): Uint8Array => zlibSync(data);
export const inflate = (data: Uint8Array): Uint8Array => unzlibSync(data);

export default { deflate, inflate, deflateRaw: unused, inflateRaw: unused, gzip: unused, ungzip: unused };
