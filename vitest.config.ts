import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * React Router's plugin starts file watchers (typegen, route config) when its config is resolved and
 * closes them in `buildEnd`, which Vite calls only for a project that ran. A run of the other
 * projects alone (`--project dom`, one file, `vitest list`) left them open and waited 10 s for
 * Vite to close. The worker project gets the plugins; the root config closes them when Vitest
 * closes (a filtered-out project's own plugins are never asked), whichever projects ran.
 */
function reactRouterClosedWithVitest(): { plugins: Plugin[]; closer: Plugin } {
  const plugins = reactRouter() as Plugin[];
  const closeWatchers = async () => {
    for (const plugin of plugins) {
      const buildEnd = plugin.buildEnd;
      const handler = typeof buildEnd === "function" ? buildEnd : buildEnd?.handler;
      // Already closed when the worker project ran (Vite called buildEnd): nothing left to close.
      await (handler as (() => Promise<void>) | undefined)?.call(undefined as never).catch(() => {});
    }
  };
  const closer = {
    name: "close-react-router-watchers",
    configureVitest({ vitest }: { vitest: { onClose(fn: () => Promise<void>): void } }) {
      vitest.onClose(closeWatchers);
    },
  } as Plugin;
  return { plugins, closer };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const reactRouterPlugins = reactRouterClosedWithVitest();
  return {
    plugins: [reactRouterPlugins.closer],
    test: {
      // The Worker's structured log lines (worker/observability) stay out of the run's output; tests
      // that read them spy on console.log.
      onConsoleLog: (line: string) => !line.trimStart().startsWith('{"ts":'),
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
            reactRouterPlugins.plugins,
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
