// `npm run deps` step: R2 only through worker/storage/, storage keys only from keys.ts.
//
// The R2 binding (`env.FILES`) and its type (`R2Bucket`) appear nowhere outside worker/storage/ but
// where the domain's `deps.storage` is made from it; everything else reads and writes objects through
// that `Storage` (worker/storage/bucket.ts). Every key is `users/{id}/…`: a quoted or template
// string starting `users/` outside worker/storage/keys.ts is a key built by hand. dependency-cruiser
// sees imports only, and neither of these is an import, so this reads the source text.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

const RULES = [
  {
    name: "r2-through-storage",
    message: "reaches the R2 binding outside worker/storage/ (use deps.storage)",
    pattern: /\.FILES\b|\bR2Bucket\b/g,
    allowed: {
      "worker/storage/": "the storage layer itself",
      "worker/domain/deps.ts": "hands the binding to storageFor(), once per request",
    },
  },
  {
    name: "keys-from-keys-ts",
    message: "builds a storage key by hand (add a function to worker/storage/keys.ts)",
    pattern: /[`"']users\//g,
    allowed: { "worker/storage/keys.ts": "the key scheme" },
  },
];

/** @param {string} dir @param {string[]} out */
function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * The rules one file breaks: `{ rule, line }` for each match.
 * @param {string} file path relative to the repository
 * @param {string} source
 */
export function violations(file, source) {
  const found = [];
  for (const rule of RULES) {
    if (Object.keys(rule.allowed).some((allowed) => file.startsWith(allowed))) continue;
    for (const match of source.matchAll(rule.pattern)) {
      found.push({ rule, line: source.slice(0, match.index).split("\n").length });
    }
  }
  return found;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  let failed = 0;
  for (const path of ["app", "worker"].flatMap((dir) => walk(resolve(root, dir)))) {
    const file = relative(root, path);
    for (const { rule, line } of violations(file, readFileSync(path, "utf8"))) {
      console.error(`  error ${rule.name}: ${file}:${line} ${rule.message}`);
      failed += 1;
    }
  }
  if (failed) {
    console.error(`\nx ${failed} storage boundary violation${failed === 1 ? "" : "s"}`);
    process.exit(1);
  }
  console.log("✔ storage boundary: R2 only through worker/storage/, keys only from keys.ts");
}
