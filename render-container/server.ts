// The renderer's entry: `node render-container/server.ts` (Node >= 22.18
// strips the types). Production runs it as the Cloudflare Container image
// (Dockerfile here, class `Renderer` in worker/renderer/container.ts);
// `npm start` runs it as a plain Node process. The protocol is in README.md.
import type { AddressInfo } from "node:net";
import { createRenderer } from "./src/app.ts";
import { readConfig } from "./src/config.ts";

const config = readConfig();
const renderer = createRenderer(config);

renderer.server.listen(config.port, config.host, () => {
  const { port } = renderer.server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  console.log(`renderer listening on http://${host}:${port} (${config.maxConcurrentJobs} concurrent jobs)`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    console.log(`renderer: ${signal}, finishing running jobs`);
    renderer.shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
