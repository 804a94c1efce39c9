// A build plugin (runs in Node, never in the Worker): the production Worker carries only React's
// streaming server renderer (ADR 051).
//
// Why: `react-dom/server.node` requires both of React's server builds, the streaming one
// (`renderToPipeableStream`, what app/entry.server.tsx calls) and the legacy one (`renderToString`,
// called nowhere), and being CommonJS neither can be tree-shaken: the legacy build was 28 KiB of the
// Worker's gzip size against its 500 KiB budget.
//
// How: in the production build of the Worker, the entry's import resolves to a module that
// re-exports `renderToPipeableStream` from the streaming build's production file. Development and
// the tests keep `react-dom/server.node` as it is (with React's development builds).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

const SHIM = "\0react-dom-server-stream";

export function streamRendererOnly(): Plugin {
  const reactDom = dirname(createRequire(import.meta.url).resolve("react-dom/package.json"));
  const streaming = join(reactDom, "cjs/react-dom-server.node.production.js");
  return {
    name: "stream-renderer-only",
    // Before the other resolvers (the Cloudflare plugin resolves bare imports itself).
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId(id) {
      return id === "react-dom/server.node" ? SHIM : null;
    },
    load(id) {
      if (id !== SHIM) return null;
      return `import streaming from ${JSON.stringify(streaming)};\nexport const renderToPipeableStream = streaming.renderToPipeableStream;\n`;
    },
  };
}
