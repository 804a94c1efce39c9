import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import routes from "./app/routes.ts";
import { pacedRequestBodies } from "./worker/dev/paced-bodies.ts";
import { pureSchemas } from "./worker/dev/pure-schemas.ts";
import { streamRendererOnly } from "./worker/dev/stream-renderer-only.ts";
import { stripeCallsOnly } from "./worker/dev/stripe-calls-only.ts";
import { webSocketPipe } from "./worker/dev/websocket-pipe.ts";
import { workerFirstRules } from "./worker/dev/worker-first-routes.ts";

// PERSIST_TO lets the e2e suite and benchmarks keep their own local D1/R2
// state apart from a developer's `.wrangler/state`.
const persistTo = process.env.PERSIST_TO;
const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    // Before cloudflare(): uploads reach workerd at the pace it takes them (ADR 019).
    pacedRequestBodies(),
    // Before cloudflare(): the app's WebSockets are piped to workerd, not relayed frame by frame (ADR 028).
    webSocketPipe(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: persistTo ? { path: persistTo } : true,
      config: {
        // The app's pages, their data and the API go to the Worker without asking the static
        // assets first; assets are served as before (ADR 027, ninth session).
        // ASSETS: the pages read their stylesheets' text to inline it (app/lib/first-paint-css.ts).
        assets: { run_worker_first: workerFirstRules(routes), binding: "ASSETS" },
        // `npm start` passes where it started the local renderer. Only a
        // development Worker reads RENDERER_URL; production uses the Container.
        ...(process.env.RENDERER_URL && {
          vars: { RENDERER_URL: process.env.RENDERER_URL, APP_ORIGIN: process.env.APP_ORIGIN ?? "" },
        }),
      },
    }),
    reactRouter(),
    // The browser bundle keeps only the zod schemas a page reads (ADR 051).
    pureSchemas(),
    // The Worker carries React's streaming server renderer only, not the legacy one (ADR 051).
    streamRendererOnly(),
    // The Worker carries only the Stripe resources it calls.
    stripeCallsOnly(),
  ],
  environments: {
    // The landing page loads the framework (react, react-dom, react-router) as one chunk: one gzip
    // stream compresses it ~2 KB better than the five pieces rolldown cuts by default (ADR 024).
    client: {
      build: {
        rolldownOptions: {
          treeshake: { manualPureFunctions: ["__name"] },
          output: {
            codeSplitting: {
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
            },
          },
        },
      },
    },
    // The Worker is minified: 840 KiB gzip as built before, 527 after, 433 with the aliases below,
    // against a 500 KB budget with Stripe (issue 9).
    // Names are not kept (that costs 23 KiB): a typed error's `name` in a log is its minified class name;
    // its `code` and message stay, and the source maps name it.
    ssr: {
      build: { minify: true, rolldownOptions: { treeshake: { manualPureFunctions: ["__name"] } } },
      // app/entry.server.tsx renders with React's Node build, which Vite does not find by itself
      // before the first page asks for it (it would then re-optimise and reload mid-request).
      optimizeDeps: { include: ["react-dom/server.node"] },
    },
  },
  // Kept out of the Worker's 500 KB budget (issue 9), each for a part we never call: pdf-lib
  // imports a PNG decoder and twelve standard fonts' metrics the text-only licence PDF
  // (Helvetica and Helvetica-Bold) never uses, and pako for deflate alone, which fflate does.
  resolve: {
    alias: [
      { find: /^pako$/, replacement: local("./worker/domain/licences/pako-deflate.ts") },
      { find: "@pdf-lib/upng", replacement: local("./worker/domain/licences/upng-unused.ts") },
      {
        find: /^\.\/(Courier.*|Times-.*|Symbol|ZapfDingbats|Helvetica-(Bold)?Oblique)\.compressed\.json$/,
        replacement: local("./worker/domain/licences/font-unused.ts"),
      },
    ],
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
