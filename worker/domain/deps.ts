// What the domain needs from the outside world, built once per request.

import { isDevelopment } from "../config";
import { type Database, database } from "../db/client";
import { type MailSender, mailSender } from "../mail";
import { type Payments, paymentsFor } from "../payments";
import { wakeRenderer } from "../renderer/container";
import { type Storage, storageFor } from "../storage/bucket";
import { storageSigner } from "../storage/signer";
import type { BidItem } from "./auction/bid-item";

export interface Deps {
  db: Database;
  mail: MailSender;
  /** Object storage (R2) and the signer of browser/renderer URLs: the only way to the bucket. */
  storage: Storage;
  /** Cloudflare Images: resizes stored photos (../storage/photo-sizes.ts). */
  images: ImagesBinding;
  /** The Worker's jobs queue (packaging). */
  queue: Queue;
  /** The renderer's pull queue (probe, render, preview, poster); absent in development, where the renderer pulls from D1 (ADR 014). */
  renderQueue?: Queue;
  /** Starts the renderer container if it sleeps, so it pulls what was just queued (production only). */
  wakeRenderer?: () => Promise<void>;
  /** Card payments (Stripe, or the local test provider): the only way to Stripe. */
  payments: Payments;
  /** One BidItem Durable Object per auction item, named by its short code. */
  bidItems: DurableObjectNamespace<BidItem>;
  /** Keys the HMAC of verification codes and storage tokens. */
  secret: string;
  adminEmail: string;
  /** This app's own origin, for URLs handed to browsers and the renderer. */
  origin: string;
  now: () => number;
}

/** `devUploadOrigin`: see worker/storage/direct-uploads.ts (development only). */
export function makeDeps(env: Env, origin: string, devUploadOrigin?: string): Deps {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set");
  const db = database(env.DB);
  let payments: Payments | undefined;
  return {
    db,
    get mail() {
      return mailSender(env, db);
    },
    storage: storageFor(env.FILES, () => storageSigner(env, origin, devUploadOrigin)),
    images: env.IMAGES,
    queue: env.JOBS,
    renderQueue: isDevelopment(env) ? undefined : env.RENDER_JOBS,
    wakeRenderer: isDevelopment(env) ? undefined : () => wakeRenderer(env),
    get payments() {
      payments ??= paymentsFor(env, db);
      return payments;
    },
    bidItems: env.BID_ITEM as DurableObjectNamespace<BidItem>,
    secret: env.SESSION_SECRET,
    adminEmail: env.ADMIN_EMAIL.trim().toLowerCase(),
    origin,
    now: Date.now,
  };
}

/** Who is asking: the client's address, for rate limits, and its device cookie, if any. */
export interface Caller {
  clientId: string;
  deviceToken?: string;
}
