// The renderer's entry: `node render-container/server.ts` (Node >= 22.18
// strips the types). Production runs it as the Cloudflare Container image
// (Dockerfile here, class `Renderer` in worker/renderer/container.ts);
// `npm start` runs it as a plain Node process. It pulls its jobs (ADR 014):
//   QUEUE_PULL=cloudflare with CF_ACCOUNT_ID, CF_RENDER_QUEUE_ID and
//     CF_QUEUES_API_TOKEN: the Cloudflare queue, over the Queues HTTP API;
//   QUEUE_PULL_URL=http://localhost:5173/api/render-queue: the app's
//     development queue (what `npm start` sets);
//   neither: no pulling (POST /jobs/<kind> still works; renderer tests).
// The protocol is in README.md.
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRenderer } from "./src/app.ts";
import { readConfig } from "./src/config.ts";
import { cloudflareQueueUrl, type JobSource, queuePullSource } from "./src/job-source.ts";
import { type Puller, startPuller } from "./src/puller.ts";

const config = readConfig();
const renderer = createRenderer(config);

function jobSource(env = process.env): { source: JobSource; where: string } | null {
  if (env.QUEUE_PULL === "cloudflare") {
    const missing = ["CF_ACCOUNT_ID", "CF_RENDER_QUEUE_ID", "CF_QUEUES_API_TOKEN"].filter((name) => !env[name]);
    if (missing.length) throw new Error(`QUEUE_PULL=cloudflare needs ${missing.join(", ")}`);
    const baseUrl = cloudflareQueueUrl(env.CF_ACCOUNT_ID!, env.CF_RENDER_QUEUE_ID!);
    return { source: queuePullSource({ baseUrl, token: env.CF_QUEUES_API_TOKEN! }), where: baseUrl };
  }
  if (env.QUEUE_PULL_URL) {
    return {
      source: queuePullSource({ baseUrl: env.QUEUE_PULL_URL, token: "development" }),
      where: env.QUEUE_PULL_URL,
    };
  }
  return null;
}

const pulling = jobSource();
let puller: Puller | undefined;

renderer.server.listen(config.port, config.host, () => {
  const { port } = renderer.server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  console.log(`renderer listening on http://${host}:${port} (${config.maxConcurrentJobs} concurrent jobs)`);
  if (pulling) {
    // Longer than any job may run, so a live job's message is never delivered twice.
    const visibilityMs = Math.max(config.renderTimeoutMs, config.probeTimeoutMs) + 60_000;
    // The jobs it holds, kept where a restarted renderer on this port finds them (ADR 033); HELD_JOBS_FILE overrides.
    const heldFile =
      process.env.HELD_JOBS_FILE ||
      (config.port ? join(tmpdir(), `renderer-held-jobs-${config.port}.json`) : undefined);
    puller = startPuller(renderer, pulling.source, { visibilityMs, heldFile, log: (message) => console.log(message) });
    console.log(`renderer pulling jobs from ${pulling.where}`);
  }
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    console.log(`renderer: ${signal}, finishing running jobs`);
    Promise.all([puller?.stop(), renderer.shutdown()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
