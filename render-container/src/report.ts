// A job's final report to its callback (ADR 014), from the answer the job's
// run gave (the same answer POST /jobs/<kind> sends). Node-free and
// import-free: the Worker's tests use it to stand in for the renderer.

export type Answer = { status: number; body: unknown };

/** The callback's final report for a job's answer. */
export function reportOf(answer: Answer | undefined) {
  const body = (answer?.body ?? {}) as { result?: unknown; error?: { code?: string; message?: string } };
  if (answer?.status === 200 && body.result) return { status: "done" as const, result: body.result };
  const status = answer?.status ?? 503;
  return {
    status: "failed" as const,
    error: {
      code: body.error?.code ?? "internal",
      message: body.error?.message ?? `the renderer answered ${status}`,
    },
    // 4xx: the input cannot be processed; anything else is the renderer's own trouble.
    retry: !(status >= 400 && status < 500),
  };
}
