// Where the renderer's jobs come from (ADR 014): a queue it PULLS from, so
// nothing waits on a render however long it takes. One client for both
// places: Cloudflare Queues' HTTP pull API in production
// (POST /accounts/{account}/queues/{queue}/messages/pull and …/messages/ack,
// Bearer token with Queues Edit), and the app's development route
// (/api/render-queue, worker/jobs/dev-queue.ts), which answers in the same
// shapes from the `jobs` table. The API has no call that extends a lease, so
// the renderer pulls with a visibility timeout longer than its own longest
// job time limit: a live job is never delivered twice, a dead renderer's job
// comes back once the timeout passes.

export type PulledMessage = {
  /** Acknowledges or retries this delivery. */
  leaseId: string;
  /** Deliveries so far, this one included. */
  attempts: number;
  /** The message body: JSON-decoded when it is JSON. */
  body: unknown;
};

export interface JobSource {
  /** At most `max` messages, each invisible to other pulls for `visibilityMs`. */
  pull(max: number, visibilityMs: number): Promise<PulledMessage[]>;
  /** Done with it (finished or given up): never delivered again. */
  ack(leaseId: string): Promise<void>;
  /** Deliver it again after `delaySeconds`. */
  retry(leaseId: string, delaySeconds: number): Promise<void>;
}

export const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";

export function cloudflareQueueUrl(accountId: string, queueId: string, api = CLOUDFLARE_API) {
  return `${api}/accounts/${encodeURIComponent(accountId)}/queues/${encodeURIComponent(queueId)}`;
}

type Envelope<T> = { success?: boolean; errors?: { message?: string }[]; result?: T };
type WireMessage = { id?: string; lease_id?: string; attempts?: number; body?: unknown };

function decode(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** A queue pulled over HTTP: `baseUrl` is the queue's URL (…/queues/{queue_id}), `token` the API token. */
export function queuePullSource(options: {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): JobSource {
  const send = options.fetch ?? fetch;
  async function post<T>(path: string, body: unknown): Promise<T | undefined> {
    const response = await send(`${options.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!response.ok || answer?.success === false) {
      const why = answer?.errors?.map((e) => e.message).join("; ") || `answered ${response.status}`;
      throw new Error(`queue ${path}: ${why}`);
    }
    return answer?.result;
  }
  return {
    async pull(max, visibilityMs) {
      const result = await post<{ messages?: WireMessage[] }>("/messages/pull", {
        batch_size: max,
        visibility_timeout_ms: visibilityMs,
      });
      return (result?.messages ?? []).flatMap((m) =>
        m.lease_id ? [{ leaseId: m.lease_id, attempts: m.attempts ?? 1, body: decode(m.body) }] : [],
      );
    },
    async ack(leaseId) {
      await post("/messages/ack", { acks: [{ lease_id: leaseId }], retries: [] });
    },
    async retry(leaseId, delaySeconds) {
      await post("/messages/ack", { acks: [], retries: [{ lease_id: leaseId, delay_seconds: delaySeconds }] });
    },
  };
}
