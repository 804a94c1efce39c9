// What `npm run setup:cloudflare` and `npm run deploy` share: running `wrangler` (from PATH, or
// the WRANGLER environment variable), a dry run that prints the calls that would change something
// instead of making them, reading the names in wrangler.toml and writing ids back into it.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

/**
 * @typedef {{ status: number; stdout: string; stderr: string }} Result
 * @typedef {{ dryRun: boolean; cwd: string; configArgs: string[] }} RunnerOptions
 */

/** A shell-like rendering of a command, for the printed steps. @param {string} command @param {string[]} args */
export function shown(command, args) {
  return [command, ...args].map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(" ");
}

/** @param {RunnerOptions} options */
export function wranglerRunner({ dryRun, cwd, configArgs }) {
  const bin = process.env.WRANGLER || "wrangler";
  /**
   * Runs `wrangler args…`. A call that changes the account (`change: true`) is only printed in a
   * dry run; reads run in both. `input` goes to its stdin (secret values: never on the command line).
   * @param {string[]} args
   * @param {{ change?: boolean; input?: string; allowFail?: boolean }} [options]
   * @returns {Result | null} null when a dry run skipped it
   */
  return function wrangler(args, { change = false, input, allowFail = false } = {}) {
    const full = [...args, ...configArgs];
    if (change && dryRun) {
      console.log(`    would run: ${shown("wrangler", full)}${input === undefined ? "" : " (value on stdin)"}`);
      return null;
    }
    console.log(`    ${change ? "$" : "·"} ${shown("wrangler", full)}`);
    const result = spawnSync(bin, full, {
      cwd,
      input: input ?? "",
      encoding: "utf8",
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.error) {
      const code = /** @type {NodeJS.ErrnoException} */ (result.error).code;
      const hint = code === "ENOENT" ? " (not on PATH: run it through npm, e.g. `npm run setup:cloudflare`)" : "";
      throw new Error(`${bin} could not start${hint}: ${result.error.message}`);
    }
    const out = { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
    if (out.status !== 0 && !allowFail) {
      throw new Error(`wrangler ${args.join(" ")} failed:\n${out.stderr || out.stdout}`.trimEnd());
    }
    return out;
  };
}

/** The first JSON array or object in a command's output (a banner may come before it). @param {string} text @returns {any} */
export function firstJson(text) {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => /^\s*[[{]/.test(line));
  // Wrangler may print a banner before it and a hint after it: the longest run of lines that parses.
  for (let end = lines.length; start >= 0 && end > start; end--) {
    try {
      return JSON.parse(lines.slice(start, end).join("\n"));
    } catch {}
  }
  throw new Error(`no JSON in:\n${text}`);
}

// ── wrangler.toml ──────────────────────────────────────────────────────────────

/**
 * @typedef {{ header: string; start: number; end: number; values: Record<string, string> }} Section
 * The config's tables in order: `header` is "vars", "d1_databases", "queues.producers"…; lines
 * start..end-1 are its body; `values` its string keys (`key = "value"`).
 */

/** @param {string} text @returns {Section[]} */
export function tomlSections(text) {
  const lines = text.split("\n");
  /** @type {Section[]} */
  const sections = [{ header: "", start: 0, end: lines.length, values: {} }];
  lines.forEach((line, index) => {
    const header = /^\s*\[\[?\s*([\w.-]+)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      const previous = sections.at(-1);
      if (previous) previous.end = index;
      sections.push({ header: header[1] ?? "", start: index + 1, end: lines.length, values: {} });
      return;
    }
    const pair = /^\s*([\w-]+)\s*=\s*"([^"]*)"/.exec(line);
    const section = sections.at(-1);
    if (pair && section) section.values[pair[1] ?? ""] = pair[2] ?? "";
  });
  return sections;
}

/**
 * What set-up needs from the config: the Worker's name, the D1 database, the R2 bucket, every queue
 * (a dead-letter queue too), and the queues that are produced to but have no Worker consumer — those
 * the renderer pulls over HTTP.
 * @param {string} path
 */
export function readConfig(path) {
  const text = readFileSync(path, "utf8");
  const sections = tomlSections(text);
  const of = (/** @type {string} */ header) =>
    sections.filter((section) => section.header === header).map((section) => section.values);
  const top = of("")[0] ?? {};
  const d1 = of("d1_databases")[0];
  const bucket = of("r2_buckets")[0]?.bucket_name;
  const producers = of("queues.producers").map((values) => values.queue);
  const consumers = of("queues.consumers");
  const consumed = consumers.map((values) => values.queue);
  const deadLetters = consumers.map((values) => values.dead_letter_queue);
  const queues = [...new Set([...producers, ...consumed, ...deadLetters])].filter((name) => !!name);
  if (!top.name || !d1?.database_name || !bucket) {
    throw new Error(`${path} needs name, a [[d1_databases]] database_name and a [[r2_buckets]] bucket_name`);
  }
  return {
    workerName: top.name,
    database: { binding: d1.binding ?? "DB", name: d1.database_name, id: d1.database_id ?? "" },
    bucket,
    queues,
    deadLetterQueue: deadLetters.find((name) => !!name),
    pullQueues: producers.filter((name) => !!name && !consumed.includes(name)),
    vars: of("vars")[0] ?? {},
  };
}

/**
 * Writes `key = "value"` into the first table named `header` (the one whose `match` key has that value).
 * @param {string} path @param {string} header @param {string} key @param {string} value
 * @param {{ match?: [string, string] }} [options]
 */
export function setTomlValue(path, header, key, value, { match } = {}) {
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const section = tomlSections(text).find(
    (candidate) => candidate.header === header && (!match || candidate.values[match[0]] === match[1]),
  );
  if (!section) throw new Error(`${path} has no [${header}] table`);
  const line = `${key} = ${JSON.stringify(value)}`;
  const existing = lines.findIndex(
    (text, index) => index >= section.start && index < section.end && new RegExp(`^\\s*${key}\\s*=`).test(text),
  );
  if (existing >= 0) {
    lines[existing] = line;
  } else {
    // After the table's last key = value line, so its trailing comments stay with the next table.
    let at = section.start;
    for (let index = section.start; index < section.end; index++) {
      if (/^\s*[\w-]+\s*=/.test(lines[index] ?? "")) at = index + 1;
    }
    lines.splice(at, 0, line);
  }
  writeFileSync(path, lines.join("\n"));
}
