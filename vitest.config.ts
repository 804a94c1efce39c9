import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * React Router's plugin starts file watchers (typegen, route config) when its config is resolved and
 * closes them in `buildEnd`, which Vite calls only for a project that ran. A run of other projects
 * alone (`--project dom`, one file, `vitest list`) left them open and waited 10 s for Vite to close.
 * Each workerd project gets its own instance; the root config closes them all when Vitest closes
 * (a filtered-out project's own plugins are never asked), whichever projects ran.
 */
function reactRouterClosedWithVitest(): { instance(): Plugin[]; closer: Plugin } {
  // Per process, not per evaluation: Vitest and React Router's child compiler each evaluate this
  // file, and the instances a project runs with need not be the ones the closer's evaluation made.
  const shared = globalThis as { __reactRouterInstances?: Plugin[][] };
  shared.__reactRouterInstances ??= [];
  const instances = shared.__reactRouterInstances;
  const closeWatchers = async () => {
    for (const plugin of instances.flat()) {
      const buildEnd = plugin.buildEnd;
      const handler = typeof buildEnd === "function" ? buildEnd : buildEnd?.handler;
      // Already closed when its project ran (Vite called buildEnd): nothing left to close. One
      // instance's failure (its config never resolved) must not keep the next one open.
      try {
        await (handler as (() => Promise<void>) | undefined)?.call(undefined as never);
      } catch {}
    }
  };
  const closer = {
    name: "close-react-router-watchers",
    configureVitest({ vitest }: { vitest: { onClose(fn: () => Promise<void>): void } }) {
      vitest.onClose(closeWatchers);
    },
  } as Plugin;
  return {
    instance() {
      const plugins = reactRouter() as Plugin[];
      instances.push(plugins);
      return plugins;
    },
    closer,
  };
}

const DEVELOPMENT = { ENVIRONMENT: "development", ADMIN_DEV_PASSWORD: "admin-test-password" };
/** R2's S3 credentials (made up: nothing is sent to R2, the URLs are checked by signing them again). */
const PRODUCTION = {
  ENVIRONMENT: "production",
  R2_ACCOUNT_ID: "0123456789abcdef0123456789abcdef",
  R2_ACCESS_KEY_ID: "test-access-key-id",
  R2_SECRET_ACCESS_KEY: "test-secret-access-key",
  R2_BUCKET_NAME: "creator-platform-files",
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const reactRouterPlugins = reactRouterClosedWithVitest();
  const workerd = (bindings: Record<string, string>) =>
    cloudflareTest({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          // The origin tests call (tests/workers/http.ts): the edge cache's canonical key.
          APP_ORIGIN: "http://localhost",
          SESSION_SECRET: "test-session-secret-0123456789abcdef",
          ADMIN_EMAIL: "support@creatorplatform.app",
          // Nothing listens here: jobs queued by a test fail fast unless the test stands in for the renderer.
          RENDERER_URL: "http://127.0.0.1:9",
          ...bindings,
        },
      },
    });
  return {
    plugins: [reactRouterPlugins.closer],
    test: {
      // The Worker's structured log lines (worker/observability) stay out of the run's output; tests
      // that read them spy on console.log.
      onConsoleLog: (line: string) => !line.trimStart().startsWith('{"ts":'),
      projects: [
        {
          // Worker, API, domain and SSR pages, inside workerd with real local D1, R2, Queue and Durable Objects.
          plugins: [workerd(DEVELOPMENT), reactRouterPlugins.instance()],
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
          // The same Worker as deployed (ENVIRONMENT=production, R2's S3 presigning, no mail or Stripe
          // keys): the gates, signed uploads and the queue hand-off the development run cannot see.
          plugins: [workerd(PRODUCTION), reactRouterPlugins.instance()],
          test: {
            name: "worker-production",
            testTimeout: 30_000,
            include: ["tests/production/**/*.test.ts"],
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
