// `npm run setup:cloudflare [-- --dry-run] [-- --config path/to/wrangler.toml]`
//
// Creates, or finds, everything the Worker in wrangler.toml needs in a Cloudflare account, and is
// safe to run again: the D1 database (its id written into wrangler.toml), the R2 bucket and the CORS
// rule browser uploads through signed URLs need, the queues with the dead-letter queue, the
// renderer's HTTP pull consumer, and the secrets. Existing things are found through wrangler's own
// list/info commands and left alone; a secret already set is never asked for again.
//
// A secret's value comes from an environment variable of the same name when one is set (CI), else
// it is asked for once (on a terminal without echo; from stdin's lines otherwise). An empty answer
// leaves an optional secret unset: run again later to add it (the Stripe webhook secret exists
// only once `npm run deploy` has printed the endpoint to register).
// --dry-run runs only the reads and prints every call that would change something.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs, stripVTControlCharacters } from "node:util";
import { firstJson, readConfig, setTomlValue, wranglerRunner } from "./cloudflare/wrangler.mjs";

const root = resolve(import.meta.dirname, "..");
const { values: flags } = parseArgs({
  options: { "dry-run": { type: "boolean", default: false }, config: { type: "string" } },
});
const dryRun = flags["dry-run"] ?? false;
const configPath = resolve(flags.config ?? join(root, "wrangler.toml"));
const configName = configPath.startsWith(`${root}/`) ? relative(root, configPath) : configPath;
const wrangler = wranglerRunner({ dryRun, cwd: root, configArgs: flags.config ? ["--config", configPath] : [] });

/** The renderer's pull consumer: a render may take 30 minutes; the heartbeat extends it (ADR 104). */
const PULL_CONSUMER = { messageRetries: 4, visibilityTimeoutSecs: 1860 };

/**
 * R2's CORS rule for uploads (PUT, create-only: If-None-Match, ADR 103) and downloads from the app.
 * @param {string} origin
 */
function corsRules(origin) {
  return {
    rules: [
      {
        allowed: { origins: [origin], methods: ["PUT", "GET"], headers: ["content-type", "if-none-match"] },
        exposeHeaders: ["ETag"],
        maxAgeSeconds: 3600,
      },
    ],
  };
}

/**
 * Every secret the Worker reads (worker/env.d.ts), in the order they are asked. `derived` ones come
 * from the account itself and are never asked; `required` ones refuse an empty answer.
 * @typedef {{ name: string; hint: string; derived?: () => string | undefined; required?: boolean; generate?: () => string }} SecretSpec
 * @type {SecretSpec[]}
 */
const SECRETS = [
  {
    name: "APP_ORIGIN",
    hint: "the app's public origin, e.g. https://creator-platform.<you>.workers.dev",
    required: true,
  },
  {
    name: "SESSION_SECRET",
    hint: "signs sessions; press Enter to generate one",
    generate: () => randomBytes(32).toString("hex"),
  },
  { name: "R2_ACCESS_KEY_ID", hint: "R2 › Manage API tokens › Object Read & Write on the bucket (signs upload links)" },
  { name: "R2_SECRET_ACCESS_KEY", hint: "the same R2 API token's secret" },
  { name: "MAIL_API_KEY", hint: "Resend API key (empty: no mail is sent)" },
  { name: "STRIPE_SECRET_KEY", hint: "Stripe › Developers › API keys, sk_live_… or sk_test_… (empty: no payments)" },
  { name: "STRIPE_WEBHOOK_SECRET", hint: "whsec_… of the webhook endpoint `npm run deploy` prints (empty: later)" },
  { name: "CF_QUEUES_API_TOKEN", hint: "an API token with Queues Edit: the renderer pulls its jobs with it" },
  { name: "CF_ZONE_ID", hint: "the zone APP_ORIGIN is served from (empty on workers.dev: purges stay local)" },
  { name: "CF_PURGE_TOKEN", hint: "an API token with Zone › Cache Purge (empty: purges stay local)" },
];

// ── answers: environment, else asked once ──────────────────────────────────────

/** @type {Map<string, string>} */
const answers = new Map();
/** @type {AsyncIterator<string> | undefined} */
let lines;
let muted = false;
/** @type {import("node:readline").Interface | undefined} */
let prompt;

/**
 * The value for `name`: its environment variable, else one answer (hidden on a terminal).
 * @param {string} name @param {string} hint @param {{ secret?: boolean }} [options]
 */
async function answer(name, hint, { secret = true } = {}) {
  const known = answers.get(name);
  if (known !== undefined) return known;
  let value = process.env[name];
  if (value === undefined) {
    if (dryRun) return `<${name}>`;
    if (!prompt) {
      const echo = new Writable({
        write(chunk, _encoding, done) {
          if (!muted) process.stdout.write(chunk);
          done();
        },
      });
      prompt = createInterface({ input: process.stdin, output: echo, terminal: Boolean(process.stdin.isTTY) });
      // Ctrl+C on a terminal in raw mode reaches readline, not the process.
      prompt.on("SIGINT", () => {
        process.stdout.write("\n");
        process.exit(130);
      });
      lines = prompt[Symbol.asyncIterator]();
    }
    process.stdout.write(`  ? ${name} (${hint}): `);
    muted = secret && Boolean(process.stdin.isTTY);
    const next = await /** @type {AsyncIterator<string>} */ (lines).next();
    // A terminal echoes a visible answer's newline; a hidden one, or piped input, shows none.
    if (muted || !process.stdin.isTTY || next.done) process.stdout.write("\n");
    muted = false;
    value = next.done ? "" : next.value;
  }
  value = value.trim();
  if (name === "APP_ORIGIN" && value) {
    value = value.replace(/\/+$/, "");
    if (!/^https?:\/\/[^/\s]+$/.test(value))
      throw new Error(`APP_ORIGIN must be an origin, e.g. https://app.example.com (not ${value})`);
  }
  answers.set(name, value);
  return value;
}

// ── steps ──────────────────────────────────────────────────────────────────────

/** What happened, for the summary: created / found / set / skipped. */
const report = {
  created: /** @type {string[]} */ ([]),
  found: /** @type {string[]} */ ([]),
  skipped: /** @type {string[]} */ ([]),
};

/** @param {string} title */
function step(title) {
  console.log(`\n▶ ${title}`);
}

/** @param {string} what */
function created(what) {
  report.created.push(what);
  console.log(`  ${dryRun ? "would create" : "created"} ${what}`);
}

/** @param {string} what */
function found(what) {
  report.found.push(what);
  console.log(`  found ${what}`);
}

/**
 * The first sentence of a failed call's message, for the printed steps.
 * @param {{ stdout: string; stderr: string } | null} result
 */
function why(result) {
  const text = stripVTControlCharacters(`${result?.stderr ?? ""}\n${result?.stdout ?? ""}`);
  const line = (text.split("\n").find((candidate) => candidate.trim()) ?? "").replace(/^\W*\[ERROR\]\s*/, "");
  return (line.split(/\.\s/)[0] ?? "").trim().slice(0, 160);
}

/**
 * A read in a dry run may fail (not logged in, the bucket not made yet): then nothing is assumed to exist.
 * @param {string[]} args
 */
function read(args) {
  const result = wrangler(args, { allowFail: true });
  if (result && result.status === 0) return result.stdout;
  if (dryRun) {
    console.log(`    (could not read it: ${why(result)}; assuming it does not exist yet)`);
    return undefined;
  }
  throw new Error(`wrangler ${args.join(" ")} failed:\n${result?.stderr || result?.stdout}`.trimEnd());
}

async function account() {
  step("Account");
  if (process.env.CLOUDFLARE_ACCOUNT_ID) {
    console.log(`  CLOUDFLARE_ACCOUNT_ID=${process.env.CLOUDFLARE_ACCOUNT_ID}`);
    return process.env.CLOUDFLARE_ACCOUNT_ID;
  }
  const whoami = wrangler(["whoami", "--json"], { allowFail: true });
  /** @type {{ id: string; name: string }[]} */
  let accounts = [];
  try {
    accounts = firstJson(whoami?.stdout ?? "").accounts ?? [];
  } catch {}
  if (accounts.length === 0 && dryRun) {
    const loggedOut = /"loggedIn":\s*false/.test(whoami?.stdout ?? "");
    console.log(`    (could not read it: ${loggedOut ? "not logged in" : why(whoami)})`);
  }
  const [only] = accounts;
  if (only && accounts.length === 1) {
    console.log(`  ${only.name} (${only.id})`);
    return String(only.id);
  }
  if (dryRun) return "<account id>";
  throw new Error(
    accounts.length === 0
      ? "Not logged in: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID) first."
      : `Several accounts (${accounts.map((/** @type {{ id: string }} */ a) => a.id).join(", ")}): set CLOUDFLARE_ACCOUNT_ID to one.`,
  );
}

/** @param {ReturnType<typeof readConfig>} config */
function database(config) {
  step(`D1 database ${config.database.name}`);
  const list = () => {
    const out = read(["d1", "list", "--json"]);
    /** @type {{ name: string; uuid: string }[]} */
    const databases = out === undefined ? [] : firstJson(out);
    return databases.find((db) => db.name === config.database.name)?.uuid;
  };
  let id = list();
  if (id) {
    found(`D1 database ${config.database.name} (${id})`);
  } else {
    created(`D1 database ${config.database.name}`);
    if (wrangler(["d1", "create", config.database.name], { change: true })) {
      id = list();
      if (!id) throw new Error(`created D1 database ${config.database.name} but \`d1 list\` does not show it`);
    }
  }
  if (id && id === config.database.id) {
    console.log(`  ${configName} already has database_id = "${id}"`);
  } else if (dryRun) {
    console.log(`    would write database_id = "${id ?? "<the new database's id>"}" into ${configName}`);
  } else if (id) {
    setTomlValue(configPath, "d1_databases", "database_id", id, { match: ["database_name", config.database.name] });
    console.log(`  wrote database_id = "${id}" into ${configName}`);
  }
}

/** @param {ReturnType<typeof readConfig>} config */
async function bucket(config) {
  step(`R2 bucket ${config.bucket}`);
  const out = read(["r2", "bucket", "list"]);
  // `r2 bucket list` prints labelled values only: "name:  <bucket>" per bucket.
  const names = [...(out ?? "").matchAll(/^name:\s+(\S+)\s*$/gm)].map((match) => match[1]);
  const isNew = !names.includes(config.bucket);
  if (!isNew) found(`R2 bucket ${config.bucket}`);
  else {
    created(`R2 bucket ${config.bucket}`);
    wrangler(["r2", "bucket", "create", config.bucket], { change: true });
  }

  step(`CORS rule on ${config.bucket} (browser uploads through signed URLs)`);
  const cors = isNew && dryRun ? undefined : read(["r2", "bucket", "cors", "list", config.bucket]);
  // Labelled values, one block per rule: allowed_methods: PUT, GET / allowed_headers: content-type, …
  const uploadRule = (cors ?? "").split(/\n\s*\n/).some((rule) => {
    const methods = /^allowed_methods:\s+(.*)$/m.exec(rule)?.[1] ?? "";
    const headers = /^allowed_headers:\s+(.*)$/m.exec(rule)?.[1] ?? "";
    return /\bPUT\b/.test(methods) && /\bif-none-match\b/i.test(headers);
  });
  if (uploadRule) {
    found(`CORS rule on ${config.bucket} (PUT with If-None-Match)`);
    return;
  }
  const origin = await answer("APP_ORIGIN", SECRETS[0]?.hint ?? "", { secret: false });
  if (!origin && !dryRun) throw new Error("APP_ORIGIN is needed for the bucket's CORS rule");
  const rules = corsRules(origin);
  created(`CORS rule on ${config.bucket} for ${origin}`);
  if (dryRun) {
    console.log(`    would run: wrangler r2 bucket cors set ${config.bucket} --file <rules.json> --force`);
    console.log(`      rules.json: ${JSON.stringify(rules)}`);
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), "r2-cors-"));
  try {
    const file = join(folder, "rules.json");
    writeFileSync(file, JSON.stringify(rules, null, 2));
    wrangler(["r2", "bucket", "cors", "set", config.bucket, "--file", file, "--force"], { change: true });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * `queues info <name>` (it looks the name up, where `queues list` shows one page only): its text, or
 * undefined when the queue does not exist (or, in a dry run, cannot be read).
 * @param {string} name
 */
function queueInfo(name) {
  const result = wrangler(["queues", "info", name], { allowFail: true });
  if (result && result.status === 0) return result.stdout;
  if (/does not exist/i.test(`${result?.stderr}${result?.stdout}`)) return undefined;
  if (dryRun) {
    console.log(`    (could not read it: ${why(result)}; assuming it does not exist yet)`);
    return undefined;
  }
  throw new Error(`wrangler queues info ${name} failed:\n${result?.stderr || result?.stdout}`.trimEnd());
}

/** @param {ReturnType<typeof readConfig>} config */
function queues(config) {
  step(`Queues ${config.queues.join(", ")}`);
  // The dead-letter queue first: a consumer names it.
  const ordered = [...config.queues].sort(
    (a, b) => Number(b === config.deadLetterQueue) - Number(a === config.deadLetterQueue),
  );
  /** @type {Record<string, string | undefined>} */
  const infos = {};
  for (const name of ordered) {
    infos[name] = queueInfo(name);
    if (infos[name] !== undefined) found(`queue ${name}`);
    else {
      created(`queue ${name}${name === config.deadLetterQueue ? " (dead-letter queue)" : ""}`);
      wrangler(["queues", "create", name], { change: true });
    }
  }

  /** @type {Record<string, string>} */
  const ids = {};
  for (const name of config.pullQueues) {
    step(`HTTP pull consumer on ${name} (the renderer pulls its jobs)`);
    // A queue made just now: read again for its id.
    const info = infos[name] ?? (dryRun ? undefined : queueInfo(name));
    const id = /^Queue ID:\s*(\S+)/m.exec(info ?? "")?.[1];
    if (id) ids[name] = id;
    if (/HTTP Pull Consumer/.test(info ?? "")) {
      found(`HTTP pull consumer on ${name}`);
      continue;
    }
    created(`HTTP pull consumer on ${name}`);
    const args = ["queues", "consumer", "http", "add", name, "--message-retries", String(PULL_CONSUMER.messageRetries)];
    if (config.deadLetterQueue) args.push("--dead-letter-queue", config.deadLetterQueue);
    args.push("--visibility-timeout-secs", String(PULL_CONSUMER.visibilityTimeoutSecs));
    wrangler(args, { change: true });
  }
  return ids;
}

/**
 * @param {ReturnType<typeof readConfig>} config
 * @param {Record<string, () => string | undefined>} derived
 */
async function secrets(config, derived) {
  step(`Secrets of the Worker ${config.workerName}`);
  const listed = wrangler(["secret", "list", "--format", "json"], { allowFail: true });
  /** @type {string[]} */
  let set = [];
  if (listed && listed.status === 0) {
    set = firstJson(listed.stdout).map((/** @type {{ name: string }} */ secret) => secret.name);
  } else if (/not found/i.test(`${listed?.stderr}${listed?.stdout}`)) {
    // Not deployed yet: the first `secret put` creates the Worker (a draft until `npm run deploy`).
    console.log("    (no Worker yet: no secrets set)");
  } else if (dryRun) {
    console.log(`    (could not read it: ${why(listed)}; assuming none is set)`);
  } else {
    throw new Error(`wrangler secret list failed:\n${listed?.stderr || listed?.stdout}`);
  }
  /** @type {SecretSpec[]} */
  const entries = [...Object.keys(derived).map((name) => ({ name, hint: "", derived: derived[name] })), ...SECRETS];
  for (const entry of entries) {
    if (set.includes(entry.name)) {
      found(`secret ${entry.name}`);
      continue;
    }
    let value = entry.derived ? entry.derived() : await answer(entry.name, entry.hint);
    if (!value && entry.generate) {
      value = entry.generate();
      console.log(`  generated ${entry.name}`);
    }
    if (!value && entry.required && !dryRun) throw new Error(`${entry.name} is required`);
    if (!value) {
      report.skipped.push(entry.name);
      console.log(`  skipped ${entry.name} (run again to set it)`);
      continue;
    }
    report.created.push(`secret ${entry.name}`);
    console.log(`  ${dryRun ? "would set" : "setting"} secret ${entry.name}${entry.derived ? ` = ${value}` : ""}`);
    wrangler(["secret", "put", entry.name], { change: true, input: value });
  }
}

/**
 * The publishable key is public: a [vars] entry in wrangler.toml, asked once like a secret.
 * @param {ReturnType<typeof readConfig>} config
 */
async function publishableKey(config) {
  step("Stripe publishable key ([vars] in wrangler.toml)");
  if (config.vars.STRIPE_PUBLISHABLE_KEY) {
    found(`STRIPE_PUBLISHABLE_KEY in ${configName}`);
    return;
  }
  const value = await answer("STRIPE_PUBLISHABLE_KEY", "pk_live_… or pk_test_… (empty: no payments)", {
    secret: false,
  });
  if (!value) {
    report.skipped.push("STRIPE_PUBLISHABLE_KEY");
    console.log("  skipped STRIPE_PUBLISHABLE_KEY (run again to set it)");
  } else if (dryRun) {
    console.log(`    would write STRIPE_PUBLISHABLE_KEY = "${value}" into ${configName}`);
  } else {
    setTomlValue(configPath, "vars", "STRIPE_PUBLISHABLE_KEY", value);
    report.created.push("STRIPE_PUBLISHABLE_KEY");
    console.log(`  wrote STRIPE_PUBLISHABLE_KEY into ${configName}`);
  }
}

async function main() {
  console.log(`Cloudflare set-up for ${configName}${dryRun ? " — dry run: nothing is created or changed" : ""}`);
  const config = readConfig(configPath);
  const accountId = await account();
  database(config);
  await bucket(config);
  const queueIds = queues(config);
  const renderQueue = config.pullQueues[0];
  await secrets(config, {
    CF_ACCOUNT_ID: () => accountId,
    R2_ACCOUNT_ID: () => accountId,
    R2_BUCKET_NAME: () => config.bucket,
    ...(renderQueue
      ? { CF_RENDER_QUEUE_ID: () => queueIds[renderQueue] ?? (dryRun ? `<id of ${renderQueue}>` : "") }
      : {}),
  });
  await publishableKey(config);
  prompt?.close();

  console.log(
    `\n${dryRun ? "Dry run: would create or set" : "Created or set"} ${report.created.length}, found ${report.found.length}` +
      (report.skipped.length ? `, left unset: ${report.skipped.join(", ")}` : "") +
      ".",
  );
  if (!dryRun) console.log(`Next: npm run deploy${flags.config ? ` -- --config ${configName}` : ""}`);
}

main().catch((error) => {
  prompt?.close();
  console.error(`\n✗ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
