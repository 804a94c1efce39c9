// `npm run setup:cloudflare` and `npm run deploy` against a stand-in `wrangler` first on PATH
// (fake-wrangler.mjs): it records every call and keeps a pretend account between runs.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const fake = resolve(import.meta.dirname, "fake-wrangler.mjs");

type Call = { tool: string; args: string[]; stdin: string };
type State = {
  d1: { uuid: string; name: string }[];
  buckets: { name: string; cors: { allowed: { origins: string[]; methods: string[]; headers: string[] } }[] }[];
  queues: { id: string; name: string; consumers: { type: string; settings: string[] }[] }[];
  secrets: Record<string, string>;
};

/** Every secret the Worker reads (worker/env.d.ts) that set-up sets. */
const SECRETS = [
  "CF_ACCOUNT_ID",
  "R2_ACCOUNT_ID",
  "R2_BUCKET_NAME",
  "CF_RENDER_QUEUE_ID",
  "APP_ORIGIN",
  "SESSION_SECRET",
  "R2_ACCESS_KEY_ID",
  "R2_SECRET_ACCESS_KEY",
  "MAIL_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "CF_QUEUES_API_TOKEN",
  "CF_ZONE_ID",
  "CF_PURGE_TOKEN",
];
const ASKED = SECRETS.slice(4);
const ANSWERS: Record<string, string> = {
  APP_ORIGIN: "https://app.example.com",
  SESSION_SECRET: "s".repeat(64),
  R2_ACCESS_KEY_ID: "r2-key-id",
  R2_SECRET_ACCESS_KEY: "r2-secret",
  MAIL_API_KEY: "re_mail",
  STRIPE_SECRET_KEY: "sk_test_123",
  STRIPE_WEBHOOK_SECRET: "whsec_123",
  CF_QUEUES_API_TOKEN: "queues-token",
  CF_ZONE_ID: "zone-1",
  CF_PURGE_TOKEN: "purge-token",
  STRIPE_PUBLISHABLE_KEY: "pk_test_123",
};

/** A call that changes the account (what a second run must not make). */
function changes(call: Call) {
  const a = call.args.join(" ");
  return /^(d1 create|r2 bucket create|r2 bucket cors set|queues create|queues consumer http add|secret put|d1 migrations apply|deploy)\b/.test(
    a,
  );
}

const sandboxes: string[] = [];
afterEach(() => {
  for (const dir of sandboxes.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sandbox() {
  const dir = mkdtempSync(join(tmpdir(), "cf-setup-"));
  sandboxes.push(dir);
  mkdirSync(join(dir, "bin"));
  for (const tool of ["wrangler", "npm"]) {
    writeFileSync(join(dir, "bin", tool), `#!/bin/sh\nexec "${process.execPath}" "${fake}" ${tool} "$@"\n`, {
      mode: 0o755,
    });
  }
  const config = join(dir, "wrangler.toml");
  copyFileSync(join(root, "wrangler.toml"), config);
  const log = join(dir, "calls.jsonl");
  const stateFile = join(dir, "state.json");
  writeFileSync(log, "");

  function run(
    script: string,
    args: string[],
    { env = {}, input = "" }: { env?: Record<string, string>; input?: string } = {},
  ) {
    writeFileSync(log, "");
    const result = spawnSync(process.execPath, [join(root, "scripts", script), ...args], {
      cwd: root,
      input,
      encoding: "utf8",
      // Nothing from this process's environment: no stray secret may answer a question.
      env: {
        PATH: `${join(dir, "bin")}:${process.env.PATH}`,
        HOME: dir,
        FAKE_WRANGLER_LOG: log,
        FAKE_WRANGLER_STATE: stateFile,
        ...env,
      },
      timeout: 60_000,
    });
    const calls: Call[] = readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, calls };
  }

  return {
    config,
    setup: (args: string[] = [], options?: { env?: Record<string, string>; input?: string }) =>
      run("setup-cloudflare.mjs", ["--config", config, ...args], options),
    deploy: (args: string[] = [], options?: { env?: Record<string, string> }) =>
      run("deploy.mjs", ["--config", config, "--containers=none", ...args], options),
    state: (): State | undefined => (existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, "utf8")) : undefined),
  };
}

/** Calls whose arguments begin with these words (whole words). */
const count = (calls: Call[], prefix: string) =>
  calls.filter((c) => `${c.args.join(" ")} `.startsWith(`${prefix.trim()} `)).length;

// Each run starts a few dozen stand-in processes: seconds on a loaded machine.
describe("npm run setup:cloudflare", { timeout: 90_000 }, () => {
  it("creates each resource and sets each secret exactly once; a second run creates nothing", () => {
    const box = sandbox();
    const first = box.setup([], { env: ANSWERS });
    expect(first.status, first.stderr).toBe(0);
    const made = first.calls;

    expect(count(made, "d1 create creator-platform")).toBe(1);
    expect(count(made, "r2 bucket create creator-platform-files")).toBe(1);
    expect(count(made, "r2 bucket cors set creator-platform-files")).toBe(1);
    for (const queue of ["creator-jobs", "creator-jobs-dlq", "creator-render-jobs"]) {
      expect(count(made, `queues create ${queue}`)).toBe(1);
    }
    expect(count(made, "queues create")).toBe(3);
    const consumer = made.filter((c) => c.args.join(" ").startsWith("queues consumer http add"));
    expect(consumer.map((c) => c.args.slice(4, 11).join(" "))).toEqual([
      "creator-render-jobs --message-retries 4 --dead-letter-queue creator-jobs-dlq --visibility-timeout-secs 1860",
    ]);
    // The dead-letter queue exists before the consumer that names it.
    const order = made.map((c) => c.args.join(" "));
    expect(order.findIndex((a) => a.startsWith("queues create creator-jobs-dlq "))).toBeLessThan(
      order.findIndex((a) => a.startsWith("queues consumer http add")),
    );
    for (const name of SECRETS) expect(count(made, `secret put ${name}`), name).toBe(1);
    expect(made.filter((c) => c.args[0] === "secret" && c.args[1] === "put")).toHaveLength(SECRETS.length);

    const state = box.state()!;
    expect(state.d1).toHaveLength(1);
    expect(state.buckets[0]?.cors).toEqual([
      {
        allowed: {
          origins: ["https://app.example.com"],
          methods: ["PUT", "GET"],
          headers: ["content-type", "if-none-match"],
        },
        exposeHeaders: ["ETag"],
        maxAgeSeconds: 3600,
      },
    ]);
    expect(state.queues.find((q) => q.name === "creator-render-jobs")?.consumers).toHaveLength(1);
    // Values go on stdin, derived ones from the account.
    expect(state.secrets.STRIPE_SECRET_KEY).toBe("sk_test_123");
    expect(state.secrets.CF_ACCOUNT_ID).toBe("acc0123456789");
    expect(state.secrets.R2_ACCOUNT_ID).toBe("acc0123456789");
    expect(state.secrets.R2_BUCKET_NAME).toBe("creator-platform-files");
    expect(state.secrets.CF_RENDER_QUEUE_ID).toBe(state.queues.find((q) => q.name === "creator-render-jobs")?.id);
    expect(made.some((c) => c.args.some((arg) => arg.includes("sk_test_123")))).toBe(false);

    // The new database's id and the publishable key are written into the config.
    const config = readFileSync(box.config, "utf8");
    expect(config).toContain(`database_id = "${state.d1[0]?.uuid}"`);
    expect(config).not.toContain("00000000-0000-0000-0000-000000000000");
    expect(config).toMatch(/\[vars\][^[]*\nSTRIPE_PUBLISHABLE_KEY = "pk_test_123"/);

    const second = box.setup([], { env: ANSWERS });
    expect(second.status, second.stderr).toBe(0);
    expect(second.calls.filter(changes)).toEqual([]);
    expect(second.stdout).toContain("Created or set 0,");
    expect(readFileSync(box.config, "utf8")).toBe(config);
  });

  it("--dry-run changes nothing and prints every step it would take", () => {
    const box = sandbox();
    const before = readFileSync(box.config, "utf8");
    const dry = box.setup(["--dry-run"], { env: ANSWERS });
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.calls.filter(changes)).toEqual([]);
    expect(box.state()?.d1 ?? []).toEqual([]);
    expect(box.state()?.buckets ?? []).toEqual([]);
    expect(box.state()?.queues ?? []).toEqual([]);
    expect(readFileSync(box.config, "utf8")).toBe(before);
    for (const step of [
      "would run: wrangler d1 create creator-platform",
      'would write database_id = "<',
      "would run: wrangler r2 bucket create creator-platform-files",
      "would run: wrangler r2 bucket cors set creator-platform-files",
      "would run: wrangler queues create creator-jobs-dlq",
      "would run: wrangler queues create creator-jobs ",
      "would run: wrangler queues create creator-render-jobs",
      "would run: wrangler queues consumer http add creator-render-jobs --message-retries 4 --dead-letter-queue creator-jobs-dlq --visibility-timeout-secs 1860",
      ...SECRETS.map((name) => `would run: wrangler secret put ${name} `),
      'would write STRIPE_PUBLISHABLE_KEY = "pk_test_123"',
    ]) {
      expect(dry.stdout).toContain(step);
    }

    // After a real run a dry run finds everything and would do nothing.
    expect(box.setup([], { env: ANSWERS }).status).toBe(0);
    const again = box.setup(["--dry-run"], { env: ANSWERS });
    expect(again.calls.filter(changes)).toEqual([]);
    expect(again.stdout).not.toContain("would run:");
    expect(again.stdout).toContain("Dry run: would create or set 0,");
  });

  it("asks for each secret once (answers on stdin), generates a session secret, and never asks for one already set", () => {
    const box = sandbox();
    const answers = ASKED.map((name) => (name === "SESSION_SECRET" ? "" : ANSWERS[name]));
    const input = `${[...answers, ANSWERS.STRIPE_PUBLISHABLE_KEY].join("\n")}\n`;
    const first = box.setup([], { input });
    expect(first.status, first.stderr).toBe(0);
    for (const name of [...ASKED, "STRIPE_PUBLISHABLE_KEY"]) {
      expect(first.stdout.split(`? ${name} (`).length - 1, name).toBe(1);
    }
    const secrets = box.state()!.secrets;
    for (const name of ASKED.filter((n) => n !== "SESSION_SECRET")) expect(secrets[name], name).toBe(ANSWERS[name]);
    expect(secrets.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);

    const second = box.setup([], { input: "" });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).not.toContain("? ");
    expect(second.calls.filter(changes)).toEqual([]);
  });

  it("refuses an APP_ORIGIN that is not an origin before it makes the CORS rule", () => {
    const box = sandbox();
    const run = box.setup([], { env: { ...ANSWERS, APP_ORIGIN: "app.example.com/path" } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("APP_ORIGIN must be an origin");
    expect(count(run.calls, "r2 bucket cors set")).toBe(0);
  });

  it("leaves an optional secret unset on an empty answer and asks for it again on the next run", () => {
    const box = sandbox();
    const { STRIPE_WEBHOOK_SECRET: _later, ...now } = ANSWERS;
    const first = box.setup([], { env: now, input: "\n" });
    expect(first.status, first.stderr).toBe(0);
    expect(box.state()!.secrets.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(first.stdout).toContain("left unset: STRIPE_WEBHOOK_SECRET");

    const second = box.setup([], { input: "whsec_later\n" });
    expect(second.status, second.stderr).toBe(0);
    expect(second.calls.filter(changes).map((c) => c.args.slice(0, 3).join(" "))).toEqual([
      "secret put STRIPE_WEBHOOK_SECRET",
    ]);
    expect(box.state()!.secrets.STRIPE_WEBHOOK_SECRET).toBe("whsec_later");
  });
});

describe("npm run deploy", { timeout: 90_000 }, () => {
  it("builds, applies the migrations remotely, deploys, then prints the URL and the Stripe webhook endpoint", () => {
    const box = sandbox();
    expect(box.setup([], { env: ANSWERS }).status).toBe(0);
    const deploy = box.deploy();
    expect(deploy.status, deploy.stderr).toBe(0);
    expect(deploy.calls.map((c) => [c.tool, ...c.args].join(" "))).toEqual([
      "npm run build",
      "wrangler d1 migrations apply DB --remote",
      "wrangler deploy --containers-rollout=none",
    ]);
    expect(deploy.stdout).toContain("Deployed: https://creator-platform.test-sub.workers.dev");
    expect(deploy.stdout).toContain(
      "Stripe webhook endpoint to register: https://creator-platform.test-sub.workers.dev/api/payments/webhook",
    );
  });

  it("prints the app's own domain for the webhook when the Worker also serves one", () => {
    const box = sandbox();
    expect(box.setup([], { env: ANSWERS }).status).toBe(0);
    const targets = ["https://creator-platform.test-sub.workers.dev", "app.example.com (custom domain)"];
    const deploy = box.deploy([], { env: { FAKE_WRANGLER_TARGETS: JSON.stringify(targets) } });
    expect(deploy.status, deploy.stderr).toBe(0);
    expect(deploy.stdout).toContain("Deployed: https://app.example.com, https://creator-platform.test-sub.workers.dev");
    expect(deploy.stdout).toContain(
      "Stripe webhook endpoint to register: https://app.example.com/api/payments/webhook",
    );
  });

  it("--dry-run prints the three steps and runs nothing", () => {
    const box = sandbox();
    const dry = box.deploy(["--dry-run"]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.calls).toEqual([]);
    expect(dry.stdout).toContain("would run: npm run build");
    expect(dry.stdout).toContain("would run: wrangler d1 migrations apply DB --remote");
    expect(dry.stdout).toContain("would run: wrangler deploy");
    expect(dry.stdout).toContain("/api/payments/webhook");
  });

  it("refuses to deploy before set-up has written the database id", () => {
    const box = sandbox();
    const deploy = box.deploy();
    expect(deploy.status).toBe(1);
    expect(deploy.stderr).toContain("npm run setup:cloudflare");
    expect(deploy.calls).toEqual([]);
  });
});
