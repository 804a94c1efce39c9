// `npm run bench:queries`: D1 statements and round trips per request for
// every page of app/routes.ts, as a visitor and as a member, from the
// development counter (worker/db/request-d1.ts adds `x-d1-statements` and
// `x-d1-round-trips` to every answer when ENVIRONMENT=development; an edge
// cache hit answers `x-d1-round-trips: 0`).
//
//  1. Starts the built app (`node scripts/start.mjs --preview`) on --port
//     (5178) with its own state in .wrangler/bench-queries, signs in as the
//     demo member and uploads one small file, so `/projects/:projectId` and
//     `/bigfile/:fileId` have something to show; `:userId` is the member's id.
//  2. Every page, GET as a visitor (twice: a public page's second visit may
//     come from the edge cache) and as the member (twice: the second carries
//     the D1 bookmark cookie the first answer set). A redirect is followed by
//     hand only in the report: the count is the page's own answer.
//  3. Targets: 0 statements on an edge cache hit; at most 2 round trips for
//     any member page (each page over it is marked MISS in the table and named
//     in the target line; ADR 024 says how to convert a page). Counts, not time: the load of the machine does not
//     change them.
//
// Flags: --port 5178, --renderer-port 8794, --json (bench/results/queries.json).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  apiClient,
  DEMO_MEMBER,
  printTargets,
  readFlags,
  root,
  runBench,
  startApp,
  table,
  writeResults,
} from "./lib.mjs";

const TAG = "bench/queries";
const flags = readFlags();
const PORT = flags.int("port", 5178);
const RENDERER_PORT = flags.int("renderer-port", 8794);
const PERSIST_TO = ".wrangler/bench-queries";
const BASE = `http://localhost:${PORT}`;
const TARGET_MEMBER_ROUND_TRIPS = 2;

const { request, must, signIn } = apiClient(BASE);

/** The page paths of app/routes.ts (index = "/"), without the catch-all. */
function routePaths() {
  const source = readFileSync(resolve(root, "app/routes.ts"), "utf8");
  const paths = ["/"];
  for (const [, path] of source.matchAll(/\b(?:route|planned)\(\s*"([^"]+)"/g)) {
    if (path === "*" || path.includes("dev/")) continue;
    paths.push(`/${path}`);
  }
  return [...new Set(paths)];
}

/** GET with the headers kept (apiClient does not keep them). */
async function get(path, cookie) {
  const response = await fetch(`${BASE}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  await response.arrayBuffer();
  const n = (name) => (response.headers.has(name) ? Number(response.headers.get(name)) : null);
  const bookmark = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("d1b="))
    ?.split(";")[0];
  return {
    status: response.status,
    statements: n("x-d1-statements"),
    roundTrips: n("x-d1-round-trips"),
    waits: n("x-d1-waits"),
    edge: response.headers.get("x-edge-cache"),
    bookmark,
  };
}

async function fixtures(cookie) {
  const bytes = Buffer.from("ID3 bench/queries audio");
  const signed = await must(201, "/api/uploads", {
    cookie,
    json: {
      purpose: "project-file",
      fileName: "queries.mp3",
      contentType: "audio/mpeg",
      size: bytes.length,
      projectTitle: "Queries",
    },
  });
  const put = signed.data.put;
  if (put) {
    await fetch(put.url, { method: "PUT", body: bytes, headers: { ...(put.headers ?? {}), origin: BASE } });
    await request(`/api/uploads/${signed.data.uploadId}/complete`, { cookie, method: "POST" });
  }
  const projects = await must(200, "/api/projects", { cookie });
  const projectId = projects.data.projects[0]?.id ?? "none";
  const files = await request(`/api/projects/${projectId}/files`, { cookie });
  const fileId = files.data?.files?.[0]?.id ?? "none";
  return { projectId, fileId };
}

async function main() {
  await startApp(TAG, { preview: true, port: PORT, rendererPort: RENDERER_PORT, persistTo: PERSIST_TO });
  const member = await signIn(DEMO_MEMBER);
  const userId = member.data.user.id;
  const { projectId, fileId } = await fixtures(member.cookie);
  const fill = (path) => path.replace(":userId", userId).replace(":projectId", projectId).replace(":fileId", fileId);

  const rows = [];
  for (const route of routePaths()) {
    const path = fill(route);
    const visitor = await get(path);
    const visitorAgain = await get(path);
    const asMember = await get(path, member.cookie);
    const memberAgain = await get(path, asMember.bookmark ? `${member.cookie}; ${asMember.bookmark}` : member.cookie);
    rows.push({ route, path, visitor, visitorAgain, member: asMember, memberAgain });
  }
  if (rows.every((r) => r.visitor.statements === null))
    throw new Error("no x-d1-statements header: is the app running with ENVIRONMENT=development?");

  const cell = (r) =>
    `${r.statements ?? "-"} / ${r.roundTrips ?? "-"} / ${r.waits ?? "-"}${r.edge === "HIT" ? " (hit)" : ""} ${r.status === 200 ? "" : `[${r.status}]`}`.trim();
  console.log("");
  console.log(
    "D1 statements / round trips / waits per request (waits: round trips one after another; [status] when not 200)",
  );
  console.log(
    table([
      ["page", "visitor", "visitor again", "member", "member again (bookmark)", "member <= 2 waits"],
      ...rows.map((r) => [
        r.route,
        cell(r.visitor),
        cell(r.visitorAgain),
        cell(r.member),
        cell(r.memberAgain),
        r.member.status !== 200 ? "-" : r.member.waits > TARGET_MEMBER_ROUND_TRIPS ? "MISS" : "PASS",
      ]),
    ]),
  );
  const hits = rows.filter((r) => r.visitorAgain.edge === "HIT");
  const memberPages = rows.filter((r) => r.member.status === 200);
  // What a member waits for is the round trips one after another: those sent side by side overlap.
  const worstMember = memberPages.reduce((w, r) => (r.member.waits > (w?.member.waits ?? -1) ? r : w), null);
  const overBudget = memberPages.filter((r) => r.member.waits > TARGET_MEMBER_ROUND_TRIPS);
  const checks = [
    {
      target: "0 D1 statements on an edge cache hit",
      value: `${hits.length} pages hit (${hits.map((r) => r.route).join(", ")}); statements on hits: ${hits.map((r) => r.visitorAgain.statements).join(", ")}`,
      pass: hits.length > 0 && hits.every((r) => r.visitorAgain.statements === 0),
    },
    {
      target: `<= ${TARGET_MEMBER_ROUND_TRIPS} D1 round trips one after another (waits) for every member page`,
      value: worstMember
        ? `worst ${worstMember.member.waits} (${worstMember.route})${overBudget.length ? `; over: ${overBudget.map((r) => `${r.route} ${r.member.waits}`).join(", ")}` : ""}`
        : "no member page answered 200",
      pass: memberPages.length > 0 && overBudget.length === 0,
    },
  ];
  printTargets(checks);
  if (flags.has("json")) writeResults(TAG, "queries.json", { rows, targets: checks });
  console.log(`\n${TAG}: ${rows.length} pages; ${memberPages.length} answered the member 200`);
}

await runBench(TAG, main);
