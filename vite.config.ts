import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// PERSIST_TO lets the e2e suite and benchmarks keep their own local D1/R2
// state apart from a developer's `.wrangler/state`.
const persistTo = process.env.PERSIST_TO;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: persistTo ? { path: persistTo } : true,
      // `npm start` passes where it started the local renderer. Only a
      // development Worker reads RENDERER_URL; production uses the Container.
      config: process.env.RENDERER_URL
        ? { vars: { RENDERER_URL: process.env.RENDERER_URL, APP_ORIGIN: process.env.APP_ORIGIN ?? "" } }
        : undefined,
    }),
    reactRouter(),
  ],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});
