// `npm run db:check` (part of `npm test`): the drizzle schema in worker/db/schema.ts and
// drizzle-kit's snapshot in migrations/meta agree, so `npm run db:generate` on a clean tree
// writes nothing. Runs drizzle-kit on a copy of migrations/ and fails if it would add a file.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const scratch = ".wrangler/drizzle-check";
rmSync(resolve(root, scratch), { recursive: true, force: true });
cpSync(resolve(root, "migrations"), resolve(root, scratch), { recursive: true });
const before = new Set(readdirSync(resolve(root, scratch)));

const result = spawnSync(
  resolve(root, "node_modules/.bin/drizzle-kit"),
  ["generate", "--dialect", "sqlite", "--schema", "./worker/db/schema.ts", "--out", `./${scratch}`],
  { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
);
const added = readdirSync(resolve(root, scratch)).filter((name) => !before.has(name));
rmSync(resolve(root, scratch), { recursive: true, force: true });
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (added.length > 0) {
  console.error(
    `worker/db/schema.ts and migrations/meta disagree: drizzle-kit would write ${added.join(", ")}.\n` +
      "Write the SQL migration for the schema change, then run `npm run db:generate`, keep its snapshot and\n" +
      "journal entry, and delete the SQL file it wrote (ours are written by hand; see docs/running.md).",
  );
  process.exit(1);
}
console.log("drizzle schema and migrations/meta agree (db:generate writes nothing)");
