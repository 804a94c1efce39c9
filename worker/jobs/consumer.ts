// The jobs queue consumer. A message carries a job id and kind; each kind has
// a handler. Job kinds (probe, render, package) arrive with the files and
// rendering features; until then any message is unknown and acknowledged
// with an error log so it cannot loop.
import { z } from "zod";

const jobMessage = z.object({ jobId: z.string(), kind: z.string() });
export type JobMessage = z.infer<typeof jobMessage>;

type JobHandler = (message: JobMessage, env: Env) => Promise<void>;

const handlers: Record<string, JobHandler> = {};

export async function consumeJobs(batch: MessageBatch<unknown>, env: Env) {
  for (const message of batch.messages) {
    const job = jobMessage.safeParse(message.body);
    const handler = job.success ? handlers[job.data.kind] : undefined;
    if (!job.success || !handler) {
      console.error(`unknown job on ${batch.queue}:`, message.body);
      message.ack();
      continue;
    }
    try {
      await handler(job.data, env);
      message.ack();
    } catch (error) {
      console.error(`job ${job.data.jobId} failed (attempt ${message.attempts}):`, error);
      message.retry({ delaySeconds: Math.min(300, 10 * 2 ** message.attempts) });
    }
  }
}
