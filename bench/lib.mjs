// What the bench/ scripts share: flags, the app and the renderer as process
// groups of their own, the run-and-clean-up wrapper (exit codes, signals),
// JSON API calls, statistics and the report (tables, targets, load average,
// results file). Each script keeps what it measures; this file only the
// machinery around it.
import { execFile, execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { createSecureServer } from "node:http2";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

export const root = resolve(import.meta.dirname, "..");
const execFileAsync = promisify(execFile);
export const RESULTS = join(root, "bench/results");
export const MiB = 1024 * 1024;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- flags

/** `--name <integer>` (at least `min`, 1 unless told), `--name <text>` and `--name` switches. */
export function readFlags(argv = process.argv.slice(2)) {
  return {
    int(name, fallback, { min = 1 } = {}) {
      const i = argv.indexOf(`--${name}`);
      if (i === -1) return fallback;
      const value = Number(argv[i + 1]);
      if (!Number.isInteger(value) || value < min) {
        throw new Error(`--${name} needs a ${min === 0 ? "non-negative" : "positive"} integer`);
      }
      return value;
    },
    string(name, fallback) {
      const i = argv.indexOf(`--${name}`);
      if (i === -1) return fallback;
      const value = argv[i + 1];
      if (value === undefined || value.startsWith("--")) throw new Error(`--${name} needs a value`);
      return value;
    },
    has(name) {
      return argv.includes(`--${name}`);
    },
  };
}

// ---------------------------------------------------------------- process groups

const groups = new Set(); // every group started here; runBench stops them all

/**
 * Starts `command` detached, in a process group of its own, so that whatever
 * it starts (renderer, vite, workerd, ffmpeg) stops with it. Keeps the last
 * 400 lines of its output in `log`; `onLine` sees every line. `label` names
 * it in messages ("the app stopped …", "--- last app output ---").
 */
export function startGroup(label, command, args, { env = {}, onLine, cwd = root } = {}) {
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let stopping = null;
  const group = {
    label,
    pid: child.pid,
    log: [],
    exited: null, // { code, signal } once the command itself exited
    stop: () => (stopping ??= killGroup(child.pid)),
  };
  const keep = (chunk) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      group.log.push(line);
      onLine?.(line);
    }
    if (group.log.length > 400) group.log.splice(0, group.log.length - 400);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("exit", (code, signal) => {
    group.exited = { code, signal };
  });
  groups.add(group);
  return group;
}

// The whole group, also when its leader already exited: start.mjs exits on a
// failed build without stopping the renderer it started.
async function killGroup(pid) {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return; // no process of the group is left
  }
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      process.kill(-pid, 0); // throws once no process of the group is left
    } catch {
      return;
    }
    await sleep(100);
  }
  try {
    process.kill(-pid, "SIGKILL");
  } catch {}
}

/**
 * Polls `url` every `intervalMs` until `ready(response)` gives a value (by
 * default: any status below 500) and returns it; throws when the group's
 * command exits first or after `timeoutMs`.
 */
export async function waitForUrl(
  group,
  url,
  { timeoutMs, intervalMs, ready = answered, what = "answer", stoppedHint = "" },
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (group.exited)
      throw new Error(`the ${group.label} stopped before answering (${JSON.stringify(group.exited)})${stoppedHint}`);
    try {
      const value = await ready(await fetch(url));
      if (value) return value;
    } catch {}
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not ${what} within ${timeoutMs / 1000}s`);
}

async function answered(response) {
  await response.arrayBuffer();
  return response.status < 500;
}

/**
 * Where a bench's app runs: its port, the renderer's port, its D1/R2 state folder and base URL;
 * `--port` / `--renderer-port` override the defaults when those are taken.
 */
export function appPlace({ port, rendererPort, persistTo }) {
  const flags = readFlags();
  const appPort = flags.int("port", port);
  return {
    port: appPort,
    rendererPort: flags.int("renderer-port", rendererPort),
    persistTo,
    base: `http://localhost:${appPort}`,
  };
}

/**
 * The app as `npm start` runs it (`node scripts/start.mjs`, with `preview`
 * the production build under `vite preview`) on its own PORT, RENDERER_PORT
 * and PERSIST_TO (deleted first), as a process group. Resolves once /api/session
 * answers and start.mjs has seeded the demo data, which it does right after:
 * waiting for it keeps the seed out of the measurements. With `requireSeed`
 * a seed that has not finished within `seedTimeoutMs` is an error.
 */
export async function startApp(
  tag,
  { preview, port, rendererPort, persistTo, seedTimeoutMs = 60_000, requireSeed = true, onLine, cwd = root },
) {
  const base = `http://localhost:${port}`;
  console.log(
    `${tag}: starting ${preview ? "the production build" : "the dev server"} on ${base} (state in ${persistTo}) ...`,
  );
  const bootStart = performance.now();
  rmSync(resolve(cwd, persistTo), { recursive: true, force: true });
  let seeded = false;
  const app = startGroup("app", process.execPath, ["scripts/start.mjs", ...(preview ? ["--preview"] : [])], {
    cwd,
    env: { PORT: String(port), RENDERER_PORT: String(rendererPort), PERSIST_TO: persistTo },
    onLine(line) {
      if (line.includes("app ready on")) seeded = true;
      onLine?.(line);
    },
  });
  await waitForUrl(app, `${base}/api/session`, { timeoutMs: 300_000, intervalMs: 300 });
  const seedDeadline = Date.now() + seedTimeoutMs;
  while (!seeded && Date.now() < seedDeadline) await sleep(200);
  if (!seeded && requireSeed) throw new Error(`the demo seed did not finish within ${seedTimeoutMs / 1000} s`);
  console.log(
    `${tag}: app ready after ${fmt((performance.now() - bootStart) / 1000, 1)} s${preview ? " (build included)" : ""}`,
  );
  return app;
}

// ---------------------------------------------------------------- running a bench

/**
 * Runs a bench's `main` and exits: 0 once it has measured (a missed target is
 * a result too), 1 when it threw or returned false (it could not measure).
 * Every process group started through this module is stopped at the end, also
 * on errors and on SIGINT/SIGTERM; `cleanup` runs after that. On an error it
 * prints `describeError(error)` and the last output of each group.
 */
export async function runBench(
  tag,
  main,
  { cleanup = () => {}, describeError = (error) => error.stack ?? error } = {},
) {
  let stopping = null;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all([...groups].map((group) => group.stop()));
      await cleanup();
    })());
  let interrupted = false;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ]) {
    process.on(signal, async () => {
      interrupted = true;
      const what = [...groups].map((group) => ` the ${group.label}`).join(" and");
      console.error(`\n${tag}: ${signal}, stopping${what}`);
      await stop();
      process.exit(code);
    });
  }
  let failed = false;
  try {
    failed = (await main()) === false;
  } catch (error) {
    if (interrupted) await new Promise(() => {}); // the signal handler exits
    failed = true;
    console.error(`\n${tag}: ${describeError(error)}`);
    for (const group of groups) {
      if (group.log.length) console.error(`--- last ${group.label} output ---\n${group.log.slice(-40).join("\n")}`);
    }
  } finally {
    await stop();
  }
  process.exit(failed ? 1 : 0);
}

/**
 * The processes of a process group (Linux: /proc): pid, command name, CPU time so far (ms, utime +
 * stime in clock ticks of 10 ms, USER_HZ = 100) and the command line (arguments joined by spaces).
 */
export function groupProcesses(groupPid) {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // state ppid pgrp …
      if (Number(fields[2]) !== groupPid) continue;
      found.push({
        pid: Number(entry),
        comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
        command: readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean).join(" "),
      });
    } catch {} // gone meanwhile
  }
  return found;
}

// ---------------------------------------------------------------- a server's CPU per request

/** The app group's workerd and `vite preview` processes (by their command lines). */
export function serverProcesses(groupPid) {
  const group = groupProcesses(groupPid);
  const find = (test) => group.find((p) => test(p.command))?.pid;
  const workerd = find((args) => args.includes("workerd") && args.includes(" serve"));
  const vite = find((args) => args.includes("vite") && args.includes(" preview"));
  if (!workerd || !vite) throw new Error("could not find the app's workerd and vite preview processes");
  return { workerd, vite };
}

/** CPU milliseconds a process has used so far, all its threads. */
export function cpuMs(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ns / 1e6;
}

export function shuffle(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Runs a command to its end; rejects with its stderr unless it exits 0. `sampleHwm`: also its peak RSS (VmHWM, bytes), sampled every 10 ms. */
export function run(command, args, { sampleHwm = false, ...options } = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const proc = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let stdout = "";
    let stderr = "";
    let hwm = 0;
    let sampler = null;
    if (sampleHwm) {
      const read = () => {
        try {
          const match = readFileSync(`/proc/${proc.pid}/status`, "utf8").match(/^VmHWM:\s+(\d+)\s+kB/m);
          if (match) hwm = Math.max(hwm, Number(match[1]) * 1024);
        } catch {}
      };
      sampler = setInterval(read, 10);
      read();
    }
    proc.stdout.on("data", (c) => (stdout += c));
    proc.stderr.on("data", (c) => (stderr += c));
    proc.on("error", reject);
    proc.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (sampler) clearInterval(sampler);
      if (code !== 0)
        reject(
          new Error(`${command} ${args.join(" ").slice(0, 300)} exited ${code ?? signal}\n${stderr.slice(-2000)}`),
        );
      else resolvePromise({ seconds, stdout, stderr, hwm });
    });
  });
}

/** `work(item, index)` for every item, at most `concurrency` at a time; the results in the items' order. */
export async function pool(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------- JSON API

/** A request that did not get the answer it needed (`must`). */
export class RequestFailed extends Error {}

/**
 * JSON API calls to the app at `base`, made as a page of that origin makes
 * them: `Origin` on every non-GET request (the app refuses cross-origin
 * writes), the session cookie and a `cf-connecting-ip` when given.
 */
export function apiClient(base, { timeoutMs } = {}) {
  /** One request; answers status, parsed body (or null), text, Set-Cookie and the time it took (ms). */
  async function request(path, { method, json, body, cookie, ip, headers = {}, url } = {}) {
    const h = { ...headers };
    const m = method ?? (json !== undefined || body !== undefined ? "POST" : "GET");
    if (json !== undefined) h["content-type"] = "application/json";
    if (cookie) h.cookie = cookie;
    if (ip) h["cf-connecting-ip"] = ip;
    if (m !== "GET" && !h.origin) h.origin = base;
    const start = performance.now();
    const response = await fetch(url ?? `${base}${path}`, {
      method: m,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : body,
      redirect: "manual",
      signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
    });
    const text = await response.text();
    const ms = performance.now() - start;
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, data, text, ms, setCookie: response.headers.getSetCookie() };
  }

  /** The request must answer `expected`; otherwise it throws RequestFailed with the exact request and answer. */
  async function must(expected, path, options = {}) {
    const answer = await request(path, options);
    if (answer.status !== expected) {
      const shown = {
        ...options,
        cookie: options.cookie ? "<session>" : undefined,
        body: options.body ? `<${options.body.length} bytes>` : undefined,
      };
      throw new RequestFailed(
        `${options.method ?? (options.json !== undefined || options.body ? "POST" : "GET")} ${options.url ?? path} ` +
          `${JSON.stringify(shown)} answered ${answer.status} (expected ${expected}): ${answer.text.slice(0, 500)}`,
      );
    }
    return answer;
  }

  /** POST /api/session; its answer, with `cookie` the session cookie it set. */
  async function signIn(credentials, options = {}) {
    const answer = await must(200, "/api/session", { ...options, json: credentials });
    return { ...answer, cookie: sessionCookie(answer) };
  }

  return { request, must, signIn };
}

/** `sid=…` from an answer's Set-Cookie. */
export function sessionCookie(answer) {
  const header = answer.setCookie.find((c) => /^[^=]*sid=/.test(c));
  if (!header) throw new Error(`no session cookie in the answer (Set-Cookie: ${JSON.stringify(answer.setCookie)})`);
  return header.split(";")[0];
}

/** The seed's demo member. */
export const DEMO_MEMBER = { email: "demo@creatorplatform.app", password: "demo-password" };
/** The seed's admin (ADMIN_DEV_PASSWORD of .dev.vars.example). */
export const DEMO_ADMIN = { email: "support@creatorplatform.app", password: "admin-dev-password" };

/** Signs `member` in on the app at `base` (as a browser on that origin would); its `sid=…` cookie. */
export async function signInMember(base, member = DEMO_MEMBER) {
  return (await apiClient(base).signIn(member)).cookie;
}

// ---------------------------------------------------------------- output files

/**
 * Where a bench writes the files it times: tmpfs (/dev/shm) when it holds `bytes` with room to
 * spare, so neither side of a comparison waits for the disk; else `bench/results/<name>` (and the
 * report says so). `disk` forces the results folder.
 */
export function outputFolder(name, bytes, { disk = false } = {}) {
  if (!disk && existsSync("/dev/shm")) {
    try {
      const fs = statfsSync("/dev/shm");
      if (Number(fs.bavail) * Number(fs.bsize) > 1.25 * bytes) return `/dev/shm/bench-${name}-${process.pid}`;
    } catch {}
  }
  return join(RESULTS, name);
}

export const isTmpfs = (folder) => folder.startsWith("/dev/shm/");

// ---------------------------------------------------------------- pages

/** The page paths of app/routes.ts (index = "/"), without the catch-all, dev pages and /signout. */
export function routePaths() {
  const source = readFileSync(resolve(root, "app/routes.ts"), "utf8");
  const paths = ["/"];
  for (const [, path] of source.matchAll(/\b(?:route|planned)\(\s*"([^"]+)"/g)) {
    if (path !== "*" && !path.startsWith("dev/") && path !== "signout") paths.push(`/${path}`);
  }
  return [...new Set(paths)];
}

/** Sign, PUT, complete through the one upload module (single PUT); the complete() answer. */
export async function uploadFile(api, cookie, ticket, bytes) {
  const signed = (await api.must(201, "/api/uploads", { cookie, json: { ...ticket, size: bytes.length } })).data;
  const put = await fetch(signed.put.url, { method: "PUT", body: bytes, headers: signed.put.headers });
  if (!put.ok) throw new Error(`PUT of ${ticket.fileName} answered ${put.status}: ${await put.text()}`);
  return (await api.must(201, `/api/uploads/${signed.uploadId}/complete`, { cookie, method: "POST" })).data;
}

/** The link path a message of the development outbox (`GET /api/dev/mail`) sent to `to` names: `/<prefix>/<token>`. */
export async function mailedToken(api, to, prefix) {
  const pattern = new RegExp(`/${prefix}/([A-Za-z0-9_-]+)`);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(250)) {
    const { messages } = (await api.must(200, "/api/dev/mail")).data;
    const token = messages.find((m) => m.to === to)?.body.match(pattern)?.[1];
    if (token) return token;
  }
  throw new Error(`no /${prefix}/ link mailed to ${to} within 30 s (GET /api/dev/mail)`);
}

/** A one-page PDF (pdf-lib, as the app makes them), for a signature request. */
async function onePagePdf() {
  const { PDFDocument } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText("Bench release", { x: 20, y: 100 });
  return Buffer.from(await pdf.save());
}

/**
 * Data for every page with a route parameter, made through the API as a browser would: the
 * member's project with one file (`:projectId`, `:fileId`) in its playlist, published as an episode
 * of the member's show (`:slug`, `:id`); a program (`:programId`) and an invitation to the project
 * (`:token` of /invitations); a PDF in the project sent for signature twice, one link left open
 * (`:token` of /sign) and one signed (`:code` of /verify); a FarmerTV episode (`:episodeId`); the
 * admin's free product, which the member takes (`:code` of /licence, its licence) and a visitor asks
 * for by e-mail (`:token` of /free), the admin as the seller (`:userId`) and an auction lot (`:code` of
 * /bidgallery/:code). Returns `fill`, which puts them into a route pattern.
 */
export async function pageFixtures(api, { member, admin }) {
  const upload = (cookie, ticket, bytes) => uploadFile(api, cookie, ticket, bytes);
  const post = (cookie, path, json, status = 201) => api.must(status, path, { cookie, json });
  const unique = Date.now().toString(36);
  const audio = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(4093, 7)]);
  const file = await upload(
    member.cookie,
    { purpose: "project-file", fileName: "pages.mp3", contentType: "audio/mpeg", projectTitle: "Pages" },
    audio,
  );
  const { projectId } = file;
  const take = await upload(
    admin.cookie,
    { purpose: "product-audio", fileName: "free-take.mp3", contentType: "audio/mpeg" },
    audio,
  );
  await post(admin.cookie, "/api/products", {
    productId: take.productId,
    title: "Bench free take",
    description: "A free take for the bench's licence page.",
    price: 0,
    quantity: null,
    licenseType: "free",
    accessType: "public-read",
    coverUploadId: null,
    audioUploadIds: [take.uploadId],
  });
  await post(member.cookie, "/api/purchases/free", { productId: take.productId });
  let licence = null;
  for (const deadline = Date.now() + 60_000; !licence && Date.now() < deadline; await sleep(250)) {
    const { purchases } = (await api.must(200, "/api/purchases", { cookie: member.cookie })).data;
    licence = purchases.flatMap((o) => o.items).find((i) => i.licenceCode)?.licenceCode ?? null;
  }
  if (!licence) throw new Error("the free product's licence was not issued within 60 s");

  // An auction lot (`:code` of /bidgallery/:code) with a 1×1 PNG, listed by the admin.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  );
  const lotMedia = await upload(
    admin.cookie,
    { purpose: "bid-media", fileName: "lot.png", contentType: "image/png" },
    png,
  );
  const lot = (
    await post(admin.cookie, "/api/bid-items", {
      items: [{ title: "Bench lot", description: "The bench's auction lot.", price: 10, mediaIds: [lotMedia.mediaId] }],
    })
  ).data.created[0].shortCode;

  // The member's podcast show (its public, manage and stats pages) with the project's playlist as an episode.
  const slug = `bench-${unique}`;
  const { show } = (
    await post(member.cookie, "/api/shows", {
      title: "Bench show",
      slug,
      description: "The bench's show.",
      author: "Bench",
      category: "Arts",
      language: "en",
      mediaType: "audio",
    })
  ).data;
  const { playlistId } = (
    await post(member.cookie, `/api/projects/${projectId}/playlist/items`, { fileIds: [file.fileId] })
  ).data;
  const { episode } = (
    await post(member.cookie, `/api/shows/${show.id}/episodes`, {
      playlistId,
      title: "Bench episode",
      description: "The bench's episode.",
    })
  ).data;

  // A program and an invitation to the project (its link is e-mailed).
  const { program } = (await post(member.cookie, "/api/programs", { title: "Bench program" })).data;
  const invitee = `bench-invitee-${unique}@example.com`;
  await post(member.cookie, `/api/projects/${projectId}/invitations`, { email: invitee, role: "viewer" });
  const invitation = await mailedToken(api, invitee, "invitations");

  // A PDF sent for signature twice: one link stays open, the other is signed (its verification code).
  const pdf = await upload(
    member.cookie,
    { purpose: "project-file", fileName: "release.pdf", contentType: "application/pdf", projectId },
    await onePagePdf(),
  );
  const signers = [`bench-signer-${unique}@example.com`, `bench-signed-${unique}@example.com`];
  for (const signer of signers) {
    await post(member.cookie, `/api/projects/${projectId}/signature-requests`, {
      fileId: pdf.fileId,
      signers: [signer],
    });
  }
  const [openToken, signedToken] = await Promise.all(signers.map((to) => mailedToken(api, to, "sign")));
  await post(
    null,
    `/api/sign/${signedToken}`,
    { fullName: "Bench Signer", consent: true, signatureKind: "typed" },
    200,
  );
  let verifyCode = null;
  for (const deadline = Date.now() + 60_000; !verifyCode && Date.now() < deadline; await sleep(250)) {
    const { requests } = (
      await api.must(200, `/api/projects/${projectId}/signature-requests`, { cookie: member.cookie })
    ).data;
    verifyCode = requests.find((r) => r.status === "signed" && r.code)?.code ?? null;
  }
  if (!verifyCode) throw new Error("the signed request had no verification code within 60 s");

  // The free product's download for an e-mail (its link is e-mailed).
  const lead = `bench-lead-${unique}@example.com`;
  await api.must(202, `/api/products/${take.productId}/free-download`, { json: { email: lead, consent: true } });
  const freeToken = await mailedToken(api, lead, "free");

  // A FarmerTV episode (an MP4's first box is enough for the upload's type check).
  const mp4 = Buffer.alloc(4096);
  mp4.set([0, 0, 0, 0x20, ...Buffer.from("ftypisom")]);
  const video = await upload(
    member.cookie,
    { purpose: "episode-video", fileName: "bench.mp4", contentType: "video/mp4" },
    mp4,
  );
  const farmer = (
    await post(member.cookie, "/api/episodes", {
      title: "Bench episode",
      description: "The bench's FarmerTV episode.",
      videoUploadId: video.uploadId,
    })
  ).data.episode;

  const values = {
    userId: admin.data.user.id,
    productId: take.productId,
    projectId,
    fileId: file.fileId,
    code: licence,
    slug,
    programId: program.id,
    episodeId: farmer.id,
  };
  // Parameters whose name means another thing on another route.
  const byRoute = {
    "/invitations/:token": { token: invitation },
    "/sign/:token": { token: openToken },
    "/verify/:code?": { code: verifyCode },
    "/free/:token": { token: freeToken },
    "/shows/:slug/episodes/:id": { id: episode.id },
    "/bidgallery/:code": { code: lot },
  };
  return {
    values,
    /** The route with its parameters filled, or `{ missing }`: the parameters the bench has no data for. */
    fill: (route) => {
      const known = { ...values, ...byRoute[route] };
      const missing = [...route.matchAll(/:([A-Za-z]+)(\?)?/g)]
        .filter(([, name, optional]) => !(name in known) && !optional)
        .map(([, name]) => `:${name}`);
      if (missing.length) return { missing };
      return {
        path: route.replace(/\/:([A-Za-z]+)(\?)?/g, (_, name) =>
          name in known ? `/${encodeURIComponent(known[name])}` : "",
        ),
      };
    },
  };
}

// ---------------------------------------------------------------- an edge-like front

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "content-length", "content-encoding"];

/** An HTTPS front (self-signed; browsers need --ignore-certificate-errors) on `port` speaking HTTP/2 (and 1.1), gzipping text, in front of `target`. */
export async function edgeFront(port, target) {
  const dir = mkdtempSync(join(tmpdir(), "vitals-tls-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
      ...["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
  const server = createSecureServer({
    key: readFileSync(join(dir, "key.pem")),
    cert: readFileSync(join(dir, "cert.pem")),
    allowHTTP1: true,
  });
  server.on("request", async (req, res) => {
    try {
      const headers = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name.startsWith(":") || HOP_BY_HOP.includes(name) || name === "host" || name === "accept-encoding")
          continue;
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      });
      let body = Buffer.from(await answer.arrayBuffer());
      const out = {};
      for (const [name, value] of answer.headers)
        if (!HOP_BY_HOP.includes(name) && name !== "set-cookie") out[name] = value;
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      if (COMPRESSIBLE.test(answer.headers.get("content-type") ?? "") && body.length > 1024) {
        body = gzipSync(body, { level: 6 });
        out["content-encoding"] = "gzip";
      }
      out["content-length"] = String(body.length);
      res.writeHead(answer.status, out);
      res.end(body);
    } catch (error) {
      res.writeHead(502);
      res.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    base: `https://localhost:${port}`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- statistics

/** Nearest-rank percentile of ascending `sorted`. */
export function percentile(sorted, p) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Nearest-rank p50 of unsorted `values`, as the latency tables report it (`median` averages the two middle values). */
export const p50 = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

// ---------------------------------------------------------------- report

export const fmt = (n, digits = 2) => n.toFixed(digits);
export const verdict = (ok) => (ok ? "\x1b[32mPASS\x1b[0m" : "\x1b[31mMISS\x1b[0m");

/** Rows of cells as columns, the first row a header; first column left-aligned, the others right-aligned. */
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c])));
      return line.join("  ") + (i === 0 ? `\n${widths.map((w) => "-".repeat(w)).join("  ")}` : "");
    })
    .join("\n");
}

/** The targets, each with PASS/MISS and the measured value. */
export function printTargets(checks) {
  console.log("");
  console.log("Targets");
  for (const c of checks) console.log(`  ${verdict(c.pass)}  ${c.target}   (measured ${c.value})`);
}

/** The 1-minute load average. */
export const loadAverage = () => loadavg()[0];

/** The 1-minute load average before measuring; says so when it is above half the CPUs. */
export function loadAverageBefore(tag) {
  const load = loadAverage();
  if (load > cpus().length / 2) {
    console.log(`${tag}: note: 1-min load average is ${fmt(load)} on ${cpus().length} CPUs; figures will be noisy`);
  }
  return load;
}

/** "(1-min load average B before, A after; N CPUs)" */
export function loadAverageLine(before, after, afterWhat = "after") {
  return `(1-min load average ${fmt(before)} before, ${fmt(after)} ${afterWhat}; ${cpus().length} CPUs)`;
}

/** Writes bench/results/<fileName>: the date, the machine (plus `machine`), then `fields`. */
export function writeResults(tag, fileName, fields, { machine = {} } = {}) {
  const out = join(RESULTS, fileName);
  mkdirSync(RESULTS, { recursive: true });
  const about = {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    ...machine,
    node: process.version,
    platform: process.platform,
  };
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine: about, ...fields }, null, 2)}\n`);
  console.log(`\n${tag}: wrote ${out}`);
}

// ---------------------------------------------------------------- stitched episodes (bench:stitch, bench:campaigns)

/** A SQL runner on the bench app's local D1 (`wrangler d1 execute --local`): the rows of the first statement. */
export function localD1(persistTo) {
  const wrangler = resolve(root, "node_modules/.bin/wrangler");
  return async (sql) => {
    const { stdout } = await execFileAsync(
      wrangler,
      ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(stdout)[0]?.results ?? [];
  };
}

/** An MP3 sine tone (stereo, 128 kbit/s) written into `folder`: its bytes. */
export async function toneMp3(folder, name, seconds, frequency) {
  const out = join(folder, name);
  await execFileAsync("ffmpeg", [
    ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", `sine=frequency=${frequency}:duration=${seconds}`],
    ...["-ac", "2", "-c:a", "libmp3lame", "-b:a", "128k", out],
  ]);
  return readFileSync(out);
}

/**
 * `segments` tones of `segmentSeconds` uploaded into one project (slot b on the second), probed, put
 * in its playlist and published as an episode of a new show: {projectId, fileIds, playlist, show, slug, episode}.
 */
export async function toneEpisode(api, cookie, { folder, segments, segmentSeconds, title, episodeTitle }) {
  let projectId;
  const fileIds = [];
  for (let i = 0; i < segments; i++) {
    const bytes = await toneMp3(folder, `source-${i}.mp3`, segmentSeconds, 200 + 40 * i);
    const done = await uploadFile(
      api,
      cookie,
      {
        purpose: "project-file",
        fileName: `part-${String(i + 1).padStart(2, "0")}.mp3`,
        contentType: "audio/mpeg",
        ...(projectId ? { projectId } : { projectTitle: title }),
      },
      bytes,
    );
    projectId = done.projectId;
    fileIds.push(done.fileId);
  }
  await api.must(200, `/api/files/${fileIds[1]}/slot`, { cookie, method: "PUT", json: { slotPosition: "b" } });
  const probed = performance.now();
  while (
    (await api.must(200, `/api/projects/${projectId}/files`, { cookie })).data.files.some(
      (f) => f.probeStatus !== "done",
    )
  ) {
    if (performance.now() - probed > 600_000) throw new Error("the sources were not probed within 10 minutes");
    await sleep(1_000);
  }
  await api.must(201, `/api/projects/${projectId}/playlist/items`, { cookie, json: { fileIds } });
  const playlist = (await api.must(200, `/api/projects/${projectId}/playlist`, { cookie })).data;
  const slug = `bench-${Date.now().toString(36)}`;
  const { show } = (
    await api.must(201, "/api/shows", {
      cookie,
      json: { title: "Bench", slug, description: title, author: "Bench", category: "Technology", language: "en" },
    })
  ).data;
  const { episode } = (
    await api.must(201, `/api/shows/${show.id}/episodes`, {
      cookie,
      json: { playlistId: playlist.id, title: episodeTitle, description: `${segments} segments` },
    })
  ).data;
  return { projectId, fileIds, playlist, show, slug, episode };
}

/**
 * A full GET: bytes, seconds, and the app's CPU milliseconds (workerd + vite preview) from the
 * request until `settleMs` after the body's last byte (what the request does after answering).
 */
export async function fullGet(url, server, { headers = {}, settleMs = 0 } = {}) {
  const cpu0 = cpuMs(server.workerd) + cpuMs(server.vite);
  const t0 = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const seconds = (performance.now() - t0) / 1000;
  if (settleMs) await sleep(settleMs);
  return { bytes, seconds, cpu: cpuMs(server.workerd) + cpuMs(server.vite) - cpu0 };
}

/** Milliseconds to the first chunk of the body. */
export async function firstByte(url, headers = {}) {
  const t0 = performance.now();
  const response = await fetch(url, { headers });
  const reader = response.body.getReader();
  await reader.read();
  const ms = performance.now() - t0;
  await reader.cancel();
  return ms;
}

/**
 * The production build started afresh at `place` (its state folder emptied, `--reuse-build`),
 * seeded, the demo member signed in: {server (its processes, for CPU), api, cookie}.
 */
export async function freshPreview(tag, place, { timeoutMs = 600_000 } = {}) {
  rmSync(resolve(root, place.persistTo), { recursive: true, force: true });
  console.log(`${tag}: starting the production build on ${place.base} (state in ${place.persistTo}) ...`);
  let seeded = false;
  const app = startGroup("app", process.execPath, ["scripts/start.mjs", "--preview", "--reuse-build"], {
    env: { PORT: String(place.port), RENDERER_PORT: String(place.rendererPort), PERSIST_TO: place.persistTo },
    onLine(line) {
      if (line.includes("app ready on")) seeded = true;
    },
  });
  await waitForUrl(app, `${place.base}/api/session`, { timeoutMs, intervalMs: 500 });
  for (let i = 0; !seeded && i < 600; i++) await sleep(200);
  return { server: serverProcesses(app.pid), api: apiClient(place.base), cookie: await signInMember(place.base) };
}
