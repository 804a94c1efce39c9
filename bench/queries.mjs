// `npm run bench:queries`: D1 statements, round trips and sequential waits per
// request for every page of app/routes.ts, as a visitor, the member and the
// admin, from the development counter (worker/db/request-d1.ts adds
// `x-d1-statements`, `x-d1-round-trips` and `x-d1-waits` to every answer when
// ENVIRONMENT=development, edge cache hits included).
//
//  1. Starts the built app (`node scripts/start.mjs --preview`) on --port
//     (5178) with its own state in .wrangler/bench-queries, signs in as the
//     demo member and the admin and makes the data of every page with a route
//     parameter (bench/lib.mjs pageFixtures: a project, a show and its
//     episode, a program, an invitation, signing links, a FarmerTV episode,
//     a licence).
//  2. Every page, GET as a visitor (twice: a public page's second visit may
//     come from the edge cache), as the member and as the admin (twice each:
//     the second carries the D1 bookmark cookie the first answer set). A
//     redirect is not followed: the count is the page's own answer.
//  3. Targets: 0 statements on an edge cache hit (counted by the same
//     counter as every other request, not written for hits); for every page
//     that answers the member or the admin 200, at most 2 waits: the longest
//     chain of D1 round trips each sent after the one before it answered
//     (round trips sent side by side share a link; the session lookup goes
//     beside the page's reads). Round trips (requests sent) are reported
//     beside them: at the edge one sent beside another costs no extra wait
//     (ADR 057). Each page over is named in the target line; ADR 024 says how
//     to convert a page. Counts, not time: the load of the machine does not
//     change them.
//
// Flags: --port 5178, --renderer-port 8794, --json (bench/results/queries.json).
import {
  apiClient,
  appPlace,
  DEMO_ADMIN,
  DEMO_MEMBER,
  pageFixtures,
  printTargets,
  readFlags,
  routePaths,
  runBench,
  startApp,
  table,
  writeResults,
} from "./lib.mjs";

const TAG = "bench/queries";
const flags = readFlags();
const APP = appPlace({ port: 5178, rendererPort: 8794, persistTo: ".wrangler/bench-queries" });
const BASE = APP.base;
const TARGET = 2;

const api = apiClient(BASE);

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

/** The first visit and the second, which carries the bookmark the first set. */
async function twice(path, cookie) {
  const first = await get(path, cookie);
  const again = await get(path, first.bookmark && cookie ? `${cookie}; ${first.bookmark}` : cookie);
  return [first, again];
}

async function main() {
  await startApp(TAG, { preview: true, ...APP });
  const member = await api.signIn(DEMO_MEMBER);
  const admin = await api.signIn(DEMO_ADMIN);
  if (admin.data.user.role !== "admin") throw new Error(`${DEMO_ADMIN.email} is not an admin`);
  const { fill } = await pageFixtures(api, { member, admin });

  const rows = [];
  const noData = [];
  for (const route of routePaths()) {
    const { path, missing } = fill(route);
    if (!path) {
      noData.push(`${route} (no data for ${missing.join(", ")})`);
      continue;
    }
    const [visitor, visitorAgain] = await twice(path, null);
    const [asMember, memberAgain] = await twice(path, member.cookie);
    const [asAdmin, adminAgain] = await twice(path, admin.cookie);
    rows.push({ route, path, visitor, visitorAgain, member: asMember, memberAgain, admin: asAdmin, adminAgain });
  }
  if (rows.every((r) => r.visitor.statements === null))
    throw new Error("no x-d1-statements header: is the app running with ENVIRONMENT=development?");

  const cell = (r) =>
    `${r.statements ?? "-"} / ${r.roundTrips ?? "-"} / ${r.waits ?? "-"}${r.edge === "HIT" ? " (hit)" : ""} ${r.status === 200 ? "" : `[${r.status}]`}`.trim();
  const within = (r) => r.waits <= TARGET;
  console.log("");
  console.log(
    "D1 statements / round trips / waits per request (waits: round trips one after another; [status] when not 200)",
  );
  console.log(
    table([
      ["page", "visitor", "visitor again", "member", "member again", "admin", "admin again", `<= ${TARGET}`],
      ...rows.map((r) => {
        const measured = [r.member, r.admin].filter((a) => a.status === 200);
        return [
          r.route,
          cell(r.visitor),
          cell(r.visitorAgain),
          cell(r.member),
          cell(r.memberAgain),
          cell(r.admin),
          cell(r.adminAgain),
          measured.length === 0 ? "-" : measured.every(within) ? "PASS" : "MISS",
        ];
      }),
    ]),
  );
  const hits = rows.filter((r) => r.visitorAgain.edge === "HIT");
  // Every signed-in answer of 200 (the member's and the admin's, first visit and with the bookmark).
  const answers = rows.flatMap((r) =>
    ["member", "memberAgain", "admin", "adminAgain"]
      .filter((who) => r[who].status === 200)
      .map((who) => ({ route: r.route, who, ...r[who] })),
  );
  const worst = (field) => answers.reduce((w, a) => (a[field] > (w?.[field] ?? -1) ? a : w), null);
  const over = (field) =>
    [...new Set(answers.filter((a) => a[field] > TARGET).map((a) => `${a.route} (${a.who}) ${a[field]}`))].join(", ");
  // /signup and /signin send a signed-in member on: a visitor's 200 measures them.
  const unmeasured = rows
    .filter((r) => ![r.visitor, r.member, r.admin].some((a) => a.status === 200))
    .map((r) => `${r.route} [${r.visitor.status}/${r.member.status}/${r.admin.status}]`)
    .concat(noData);
  const budget = (field, what) => {
    const w = worst(field);
    return {
      target: `<= ${TARGET} D1 ${what} for every page the member or the admin gets (200)`,
      value: w
        ? `worst ${w[field]} (${w.route}, ${w.who})${over(field) ? `; over: ${over(field)}` : ""}`
        : "no page answered 200",
      pass: answers.length > 0 && answers.every((a) => a[field] <= TARGET),
    };
  };
  const checks = [
    {
      target: "0 D1 statements on an edge cache hit (counted)",
      value: `${hits.length} pages hit (${hits.map((r) => r.route).join(", ")}); statements on hits: ${hits.map((r) => r.visitorAgain.statements).join(", ")}`,
      pass: hits.length > 0 && hits.every((r) => r.visitorAgain.statements === 0),
    },
    budget("waits", "waits (round trips one after another)"),
    {
      target: "every page measured (200 for the visitor, the member or the admin)",
      value: unmeasured.length ? `not measured: ${unmeasured.join(", ")}` : `all ${rows.length}`,
      pass: unmeasured.length === 0,
    },
  ];
  printTargets(checks);
  if (flags.has("json")) writeResults(TAG, "queries.json", { rows, targets: checks });
  const most = worst("roundTrips");
  console.log(
    `\n${TAG}: ${rows.length} pages; ${answers.length} signed-in answers of 200; round trips (not a target): most ${most?.roundTrips ?? "-"} (${most?.route ?? "-"}, ${most?.who ?? "-"})`,
  );
}

await runBench(TAG, main);
