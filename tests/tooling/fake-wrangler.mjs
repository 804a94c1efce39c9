#!/usr/bin/env node
// A stand-in for `wrangler` (and `npm run build`) for the set-up and deploy scripts' tests: it
// appends each call to FAKE_WRANGLER_LOG (one JSON line: tool, args, stdin) and keeps a pretend
// account in FAKE_WRANGLER_STATE, so a `list` shows what an earlier `create` made. Its output
// copies wrangler 4's formats; a call it does not know fails, so a script cannot silently
// call something untested.
//   node fake-wrangler.mjs <wrangler|npm> args…
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

const [tool = "wrangler", ...argv] = process.argv.slice(2);
// Read as a stream: readFileSync(0) throws EAGAIN when the pipe it inherits is non-blocking.
let stdin = "";
if (!process.stdin.isTTY) for await (const chunk of process.stdin) stdin += chunk;
const logFile = process.env.FAKE_WRANGLER_LOG ?? "";
const stateFile = process.env.FAKE_WRANGLER_STATE ?? "";
appendFileSync(logFile, `${JSON.stringify({ tool, args: argv, stdin })}\n`);

/**
 * @type {{ d1: { uuid: string; name: string }[]; buckets: { name: string; cors: unknown[] }[];
 *   queues: { id: string; name: string; consumers: { type: string; settings: string[] }[] }[];
 *   secrets: Record<string, string>; workerExists: boolean; deploys: number; migrations: number }}
 */
const state = existsSync(stateFile)
  ? JSON.parse(readFileSync(stateFile, "utf8"))
  : { d1: [], buckets: [], queues: [], secrets: {}, workerExists: false, deploys: 0, migrations: 0 };
let counter = state.d1.length + state.buckets.length + state.queues.length;
const id = (prefix) => `${prefix}${String(++counter).padStart(4, "0")}`;

function fail(message) {
  process.stderr.write(`✘ [ERROR] ${message}\n`);
  process.exit(1);
}

const positional = argv.filter(
  (arg, index) =>
    !arg.startsWith("-") &&
    !argv[index - 1]?.match(/^--(config|file|message-retries|dead-letter-queue|visibility-timeout-secs|format)$/),
);
const flag = (name) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const command = positional.join(" ");
const out = (text) => process.stdout.write(`${text}\n`);

if (tool === "npm") {
  if (command !== "run build") fail(`npm ${argv.join(" ")}: not stood in`);
  out("build done");
} else if (command === "whoami") {
  out(JSON.stringify({ loggedIn: true, email: "ops@example.com", accounts: [{ id: "acc0123456789", name: "Test" }] }));
} else if (command === "d1 list") {
  if (!argv.includes("--json")) fail("d1 list without --json");
  out(
    JSON.stringify(
      state.d1.map((db) => ({ ...db, version: "production", created_at: "2026-12-05T00:00:00Z" })),
      null,
      2,
    ),
  );
} else if (positional[0] === "d1" && positional[1] === "create") {
  const name = positional[2] ?? "";
  if (state.d1.some((db) => db.name === name)) fail(`A database with that name already exists [code: 7502]`);
  state.d1.push({ uuid: `d1-uuid-${id("")}`, name });
  out(`✅ Successfully created DB '${name}'\nCreated your new D1 database.`);
} else if (command === "r2 bucket list") {
  out("Listing buckets...");
  out(state.buckets.map((b) => `name:           ${b.name}\ncreation_date:  2026-12-05T00:00:00.000Z`).join("\n\n"));
} else if (positional.slice(0, 3).join(" ") === "r2 bucket create") {
  const name = positional[3] ?? "";
  if (state.buckets.some((b) => b.name === name)) fail(`The bucket you tried to create already exists [code: 10004]`);
  state.buckets.push({ name, cors: [] });
  out(`✅ Created bucket '${name}' with default storage class of Standard.`);
} else if (positional.slice(0, 4).join(" ") === "r2 bucket cors list") {
  const bucket = state.buckets.find((b) => b.name === positional[4]);
  if (!bucket) fail(`The specified bucket does not exist. [code: 10006]`);
  else {
    out(`Listing CORS rules for bucket '${bucket.name}'...`);
    if (bucket.cors.length === 0) out(`There is no CORS configuration defined for bucket '${bucket.name}'.`);
    for (const rule of /** @type {any[]} */ (bucket.cors)) {
      out(`allowed_origins:  ${rule.allowed.origins.join(", ")}`);
      out(`allowed_methods:  ${rule.allowed.methods.join(", ")}`);
      out(`allowed_headers:  ${rule.allowed.headers.join(", ")}`);
      out(`exposed_headers:  ${rule.exposeHeaders.join(", ")}`);
      out(`max_age_seconds:  ${rule.maxAgeSeconds}`);
    }
  }
} else if (positional.slice(0, 4).join(" ") === "r2 bucket cors set") {
  const bucket = state.buckets.find((b) => b.name === positional[4]);
  if (!bucket) fail("The specified bucket does not exist. [code: 10006]");
  else if (!argv.includes("--force")) fail("would wait for a confirmation: pass --force");
  else {
    bucket.cors = JSON.parse(readFileSync(flag("--file") ?? "", "utf8")).rules;
    out(`✨ Set CORS configuration for bucket '${bucket.name}'.`);
  }
} else if (command.startsWith("queues create ")) {
  const name = positional[2] ?? "";
  if (state.queues.some((q) => q.name === name)) fail(`Queue name '${name}' is already taken. [code: 11009]`);
  state.queues.push({ id: `queue-${id("")}`, name, consumers: [] });
  out(`🌀 Creating queue '${name}'\n✅ Created queue '${name}'`);
} else if (command.startsWith("queues info ")) {
  const queue = state.queues.find((q) => q.name === positional[2]);
  if (!queue)
    fail(`Queue "${positional[2]}" does not exist. To create it, run: wrangler queues create ${positional[2]}`);
  else {
    out(`Queue Name: ${queue.name}\nQueue ID: ${queue.id}\nNumber of Producers: 0`);
    out(`Number of Consumers: ${queue.consumers.length}`);
    if (queue.consumers.length) out(`Consumers: HTTP Pull Consumer.\nPull messages using:\ncurl "https://api…"`);
  }
} else if (positional.slice(0, 3).join(" ") === "queues consumer http") {
  const queue = state.queues.find((q) => q.name === positional[4]);
  if (positional[3] !== "add" || !queue) fail(`queues consumer ${argv.join(" ")}: no such queue`);
  else if (queue.consumers.length) fail("Queue already has a consumer [code: 11004]");
  else {
    const dlq = flag("--dead-letter-queue");
    if (dlq && !state.queues.some((q) => q.name === dlq)) fail(`dead letter queue ${dlq} does not exist`);
    queue.consumers.push({ type: "http_pull", settings: argv.slice(4) });
    out(`Adding consumer to queue ${queue.name}.\nAdded consumer to queue ${queue.name}.`);
  }
} else if (command === "secret list") {
  if (!state.workerExists)
    fail(
      `Worker "creator-platform" not found.\n\nIf this is a new Worker, run \`wrangler deploy\` first to create it.`,
    );
  out(
    JSON.stringify(
      Object.keys(state.secrets).map((name) => ({ name, type: "secret_text" })),
      null,
      "  ",
    ),
  );
} else if (command.startsWith("secret put ")) {
  const key = positional[2] ?? "";
  if (!stdin) fail("would prompt for a value: pipe it on stdin");
  state.workerExists = true;
  state.secrets[key] = stdin.replace(/\s+$/, "");
  out(`🌀 Creating the secret for the Worker "creator-platform"\n✨ Success! Uploaded secret ${key}`);
} else if (command === "d1 migrations apply DB" && argv.includes("--remote")) {
  state.migrations++;
  out("Migrations to be applied:\n✅ 0001_init.sql");
} else if (command === "deploy") {
  state.workerExists = true;
  state.deploys++;
  // FAKE_WRANGLER_TARGETS (JSON): the targets a deploy reports, e.g. a custom domain beside workers.dev.
  const targets = JSON.parse(process.env.FAKE_WRANGLER_TARGETS ?? '["https://creator-platform.test-sub.workers.dev"]');
  if (process.env.WRANGLER_OUTPUT_FILE_PATH) {
    appendFileSync(
      process.env.WRANGLER_OUTPUT_FILE_PATH,
      `${JSON.stringify({ type: "deploy", version: 1, targets })}\n`,
    );
  }
  out("Uploaded creator-platform (3.1 sec)\nDeployed creator-platform triggers (0.4 sec)");
  for (const target of targets) out(`  ${target}`);
  out("  schedule: * * * * *");
} else {
  fail(`wrangler ${argv.join(" ")}: not stood in`);
}
writeFileSync(stateFile, JSON.stringify(state, null, 2));
