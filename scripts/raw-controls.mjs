// `npm test` step: pages and area components use the kit's controls (app/components/ui: Button,
// Select, ProgressBar, Outcome), not raw <button>, <select>, <progress> or role="alert", so a
// control looks, sizes and announces itself the same everywhere.
//
// The files that still hold raw controls are listed with their counts in
// scripts/raw-controls-known.json and tolerated until converted; a new file with one, or a listed
// file with more than its count, fails. After converting, `node scripts/raw-controls.mjs --shrink`
// lowers the counts (it never raises one). ALLOWED names the few places a raw control is right.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const knownFile = resolve(root, "scripts/raw-controls-known.json");

/** Files where a raw control is the right thing, with the reason. */
export const ALLOWED = {
  "app/components/ui/": "the kit itself",
};

const RAW = /<(button|select|progress)(?=[\s>/])|<(button|select|progress)$|role="alert"/gm;

/**
 * Raw controls in one file's source text: the number of matches.
 * @param {string} source
 */
export function countRawControls(source) {
  return source.match(RAW)?.length ?? 0;
}

/**
 * @param {string} dir
 * @param {string[]} out
 */
function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(tsx|ts)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * Current counts for every file of app/ outside the allowed places.
 * @returns {Record<string, number>}
 */
export function scan(appDir = resolve(root, "app")) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const path of walk(appDir)) {
    const file = relative(root, path);
    if (Object.keys(ALLOWED).some((prefix) => file.startsWith(prefix))) continue;
    const n = countRawControls(readFileSync(path, "utf8"));
    if (n > 0) counts[file] = n;
  }
  return counts;
}

/**
 * What exceeds the known list: a message per file.
 * @param {Record<string, number>} counts
 * @param {Record<string, number>} known
 */
export function violations(counts, known) {
  return Object.entries(counts)
    .filter(([file, n]) => n > (known[file] ?? 0))
    .map(([file, n]) =>
      known[file]
        ? `${file}: ${n} raw controls, ${known[file]} known — use the kit's Button/Select/ProgressBar/Outcome`
        : `${file}: ${n} raw control${n > 1 ? "s" : ""} — use the kit's Button/Select/ProgressBar/Outcome (app/components/ui)`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  /** @type {Record<string, number>} */
  const known = JSON.parse(readFileSync(knownFile, "utf8"));
  const counts = scan();
  if (process.argv.includes("--shrink")) {
    const next = Object.fromEntries(
      Object.entries(known)
        .map(([file, n]) => /** @type {[string, number]} */ ([file, Math.min(n, counts[file] ?? 0)]))
        .filter(([, n]) => n > 0),
    );
    writeFileSync(knownFile, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`raw-controls-known.json: ${Object.keys(next).length} files`);
  } else {
    const found = violations(counts, known);
    for (const line of found) console.error(`✗ ${line}`);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (found.length > 0) process.exit(1);
    console.log(`✔ no new raw controls (${total} known in ${Object.keys(counts).length} files, to convert)`);
  }
}
