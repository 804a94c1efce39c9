// The ffmpeg renderer as a Cloudflare Container (production). It pulls its
// jobs from the `creator-render-jobs` queue over Cloudflare Queues' HTTP API
// (ADR 014), so nothing waits on it: the Worker only wakes it (`wakeRenderer`,
// on new jobs and from the cron sweep) and it stays up while it has work.
// Locally there is no Docker engine: the same render-container/server.ts runs
// as a Node process and pulls from the development queue route instead.
import { Container, getContainer } from "@cloudflare/containers";

export class Renderer extends Container {
  defaultPort = 8080;
  sleepAfter = "5m";

  constructor(ctx: ConstructorParameters<typeof Container>[0], env: Cloudflare.Env) {
    super(ctx, env);
    // Where to pull from (set by `npm run setup:cloudflare`, docs/deploying.md); the token is a secret.
    this.envVars = {
      QUEUE_PULL: "cloudflare",
      CF_ACCOUNT_ID: env.CF_ACCOUNT_ID ?? "",
      CF_RENDER_QUEUE_ID: env.CF_RENDER_QUEUE_ID ?? "",
      CF_QUEUES_API_TOKEN: env.CF_QUEUES_API_TOKEN ?? "",
    };
  }

  /** Idle by requests is not idle: stay up while jobs run (the renderer's /health counts them). */
  override async onActivityExpired() {
    const health = await this.containerFetch("http://renderer/health")
      .then((r) => r.json<{ jobs?: { running?: number } }>())
      .catch(() => null);
    if ((health?.jobs?.running ?? 0) > 0) this.renewActivityTimeout();
    else await this.stop();
  }
}

/** Starts the renderer if it sleeps; it then pulls whatever is queued. */
export async function wakeRenderer(env: Env) {
  if (!env.RENDERER) return;
  await getContainer(env.RENDERER as DurableObjectNamespace<Renderer>, "puller")
    .fetch(new Request("http://renderer/health"))
    .catch((error: unknown) => console.error("could not wake the renderer:", error));
}
