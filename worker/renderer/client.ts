// How the queue consumer reaches the renderer. Production: a Cloudflare
// Container instance (one per job id, so a retried job lands on a fresh one
// if the first died). Development: the same server as a local process at
// RENDERER_URL, since there is no Docker engine.
import { getContainer } from "@cloudflare/containers";
import type { RendererJobs } from "../../render-container/src/contract";
import { isDevelopment } from "../config";
import type { Renderer } from "./container";

export async function callRenderer(env: Env, path: string, body: unknown, jobId: string): Promise<Response> {
  const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  if (env.RENDERER_URL && isDevelopment(env)) return fetch(new URL(path, env.RENDERER_URL), init);
  const container = getContainer(env.RENDERER as DurableObjectNamespace<Renderer>, jobId);
  return container.fetch(new Request(`http://renderer${path}`, init));
}

/** A failure the renderer reported about the input itself: retrying will not help. */
export class RendererRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type InputOf<P extends string> = P extends keyof RendererJobs ? RendererJobs[P]["input"] : unknown;
type ResultOf<P extends string> = P extends keyof RendererJobs ? RendererJobs[P]["result"] : unknown;

/**
 * Calls the renderer and returns its result, throwing RendererRefused for 4xx answers and Error otherwise
 * (retried). Input and result are typed by render-container/src/contract.ts for the kinds listed there.
 */
export async function runOnRenderer<P extends string, T extends ResultOf<P> = ResultOf<P>>(
  env: Env,
  path: P,
  body: { jobId: string; input: InputOf<P>; callbackUrl?: string },
): Promise<T> {
  const response = await callRenderer(env, path, body, body.jobId);
  const answer = (await response.json().catch(() => null)) as {
    result?: T;
    error?: { code?: string; message?: string };
  } | null;
  if (response.ok && answer?.result) return answer.result;
  const message = answer?.error?.message ?? `renderer answered ${response.status}`;
  if (response.status >= 400 && response.status < 500)
    throw new RendererRefused(message, answer?.error?.code ?? "refused");
  throw new Error(message);
}
