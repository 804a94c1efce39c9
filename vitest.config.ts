import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      projects: [
        {
          // Worker, API, domain and SSR pages, inside workerd with real local D1, R2, Queue and Durable Objects.
          plugins: [
            cloudflareTest({
              main: "./worker/index.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  ENVIRONMENT: "development",
                  // The origin tests call (tests/workers/http.ts): the edge cache's canonical key.
                  APP_ORIGIN: "http://localhost",
                  SESSION_SECRET: "test-session-secret-0123456789abcdef",
                  ADMIN_EMAIL: "support@creatorplatform.app",
                  ADMIN_DEV_PASSWORD: "admin-test-password",
                  // Nothing listens here: jobs queued by a test fail fast unless the test stands in for the renderer.
                  RENDERER_URL: "http://127.0.0.1:9",
                },
              },
            }),
            reactRouter(),
          ],
          test: {
            name: "worker",
            // workerd tests with real D1/R2/DOs: 5 s is too tight on a loaded 2-core machine.
            testTimeout: 30_000,
            include: ["worker/**/*.test.ts", "app/**/*.test.ts"],
            exclude: ["worker/dev/**"],
            setupFiles: ["./tests/setup/apply-migrations.ts", "./tests/setup/console-errors.ts"],
          },
        },
        {
          // Browser components in a DOM (happy-dom), with only the network and third-party scripts stood in.
          test: { name: "dom", include: ["app/**/*.dom.test.tsx"], environment: "happy-dom" },
        },
        {
          // What Vite runs in Node (worker/dev): the local servers' plugins and the build's routing rules;
          // and the repository's own checks (tests/tooling).
          test: {
            name: "dev-server",
            include: ["worker/dev/**/*.test.ts", "tests/tooling/**/*.test.ts"],
            environment: "node",
          },
        },
        {
          // The renderer's HTTP server with the real ffmpeg, as a Node process.
          test: {
            name: "renderer",
            include: ["render-container/**/*.test.ts"],
            environment: "node",
          },
        },
      ],
    },
  };
});
