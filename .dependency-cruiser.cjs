// The layer rules of ARCHITECTURE.md and ADR 008, checked by `npm run deps` (part of `npm test`).
// Violations that existed when a rule was introduced are listed in
// .dependency-cruiser-known-violations.json and tolerated until fixed; anything new fails.
// Regenerate that list only when removing entries: `npm run deps:baseline`.
//
// What the list still holds, and why (all `no-circular`, none a forbidden import):
// - The job registry: worker/jobs/jobs.ts (enqueue and the consumer) -> dev-queue.ts -> kinds.ts
//   -> every kind (poster, probe, render, segment, preview, domain/packages/jobs, domain/store/jobs)
//   -> jobs.ts again for `enqueue`. Breaking it means splitting `enqueue` (what a kind imports) from
//   the consumer (what imports the kinds) across files several engineers change; it is the next step.
// - The upload purposes registry: domain/uploads/purposes.ts lists store and community purposes,
//   which import its `UploadPurpose` type and helpers back (same fix: the types in a file of their own).
// Rules shared by browser and server (schemas, protocols, money, theme, licences, popup and its
// sanitizer) live in app/lib/, the one folder both sides import: the Worker imports nothing else
// from app/ (but app/routes.ts, the route table), and browser code imports nothing from worker/.
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
      comment: "The Worker takes from app/ only the rules shared with the browser (app/lib/) and the route table.",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "^app/", pathNot: "^app/(lib/.*|routes\\.ts)$" },
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
