// The layer rules of ARCHITECTURE.md and ADR 008, checked by `npm run deps` (part of `npm test`).
// Violations that existed when a rule was introduced are listed in
// .dependency-cruiser-known-violations.json and tolerated until fixed; anything new fails.
// Regenerate that list only when removing entries: `npm run deps:baseline`.
//
// The list is empty. The two registries that once made cycles are shaped so they cannot: the job
// kinds (worker/jobs/kinds.ts) import `enqueue` from jobs.ts, which imports no kind (dev-queue.ts,
// which fails jobs through their kinds, is imported by the API and the sweep only); the upload
// purposes of the store and community import the `Purpose` contract from
// domain/uploads/purpose.ts, not the registry (purposes.ts) that lists them.
//
// Rules shared by browser and server (schemas, protocols, money, theme, licences, popup and its
// sanitizer) live in app/kernel/, the one folder both sides import: the Worker imports nothing else
// from app/ (but app/routes.ts, the route table), the kernel imports nothing outside itself, and
// browser code imports nothing from worker/. Browser and page-server helpers live in app/lib/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Import cycles make load order matter and areas impossible to take apart.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-not-http",
      comment: "worker/domain holds rules as plain functions; the HTTP layer (api/, http/) adapts them.",
      severity: "error",
      from: { path: "^worker/domain/", pathNot: "\\.test\\.ts$" },
      to: { path: "^worker/(api|http)/" },
    },
    {
      name: "browser-not-worker",
      comment:
        "Code that reaches the browser imports nothing from worker/ but types; *.server.ts modules run on the server only.",
      severity: "error",
      from: { path: "^app/", pathNot: "(\\.server\\.tsx?|\\.test\\.tsx?)$" },
      to: { path: "^worker/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "worker-only-shared-app",
      comment: "The Worker takes from app/ only the rules shared with the browser (app/kernel/) and the route table.",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "^app/", pathNot: "^app/(kernel/.*|routes\\.ts)$" },
    },
    {
      name: "kernel-standalone",
      comment:
        "app/kernel/ is shared with the Worker: it imports nothing from the rest of app/, and from worker/ only types.",
      severity: "error",
      from: { path: "^app/kernel/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(app/(?!kernel/)|worker/)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "renderer-standalone",
      comment: "render-container/ is its own image: it shares nothing with the Worker or the app at run time.",
      severity: "error",
      from: { path: "^render-container/" },
      to: { path: "^(app|worker)/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.react-router|build)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
