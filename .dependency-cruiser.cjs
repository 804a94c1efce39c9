// The layer rules of ARCHITECTURE.md and ADR 008, checked by `npm run deps` (part of `npm test`).
// Violations that existed when a rule was introduced are listed in
// .dependency-cruiser-known-violations.json and tolerated until fixed; anything new fails.
// Regenerate that list only when removing entries: `npm run deps:baseline`.
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
