// Secrets and optional settings that `wrangler types` cannot see in
// wrangler.toml: set with `wrangler secret put` in production and in
// `.dev.vars` locally.
interface Secrets {
  SESSION_SECRET: string;
  /** Tests only: where the jobs tests' renderer stand-in answers (tests/workers/renderer.ts). */
  RENDERER_URL?: string;
  /** Production: the renderer container pulls its queue with these (ADR 014); the token needs Queues Edit. */
  CF_ACCOUNT_ID?: string;
  CF_RENDER_QUEUE_ID?: string;
  CF_QUEUES_API_TOKEN?: string;
  /** Production: the zone APP_ORIGIN is served from and a token with Zone › Cache Purge, for purge-by-URL (ADR 049). */
  CF_ZONE_ID?: string;
  CF_PURGE_TOKEN?: string;
  MAIL_API_KEY?: string;
  ADMIN_DEV_PASSWORD?: string;
  /** The app's public origin, for URLs made outside a request (cron sweeps). */
  APP_ORIGIN?: string;
  /** R2's S3 API, for presigned browser uploads and downloads (production). */
  R2_ACCOUNT_ID?: string;
  R2_ACCESS_KEY_ID?: string;
  R2_SECRET_ACCESS_KEY?: string;
  R2_BUCKET_NAME?: string;
  /** Stripe (worker/payments): without the secret key, development uses the test provider. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Public: handed to the browser's card form (a `[vars]` entry in wrangler.toml). */
  STRIPE_PUBLISHABLE_KEY?: string;
}

interface Env extends Secrets {}

declare namespace Cloudflare {
  interface Env extends Secrets {}
}

declare module "virtual:react-router/server-build" {
  const build: import("react-router").ServerBuild;
  export = build;
}
