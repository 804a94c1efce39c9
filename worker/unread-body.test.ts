import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "./index";

/** A request whose body counts the chunks the Worker pulled from it. */
function refusedWrite() {
  const pulled = { chunks: 0 };
  const chunk = new Uint8Array(64 * 1024);
  let left = 16;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.chunks++;
      if (left-- > 0) controller.enqueue(chunk);
      else controller.close();
    },
  });
  // No such route: the API refuses the write before reading its body.
  const request = new Request("http://localhost/api/no-such-route", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit) as Request<unknown, IncomingRequestCfProperties>;
  return { request, pulled };
}

describe("a body nobody read", () => {
  it("is drained by the local servers' Worker, so their shared connections stay usable", async () => {
    const { request, pulled } = refusedWrite();
    const response = await worker.fetch(request, { ...env, ENVIRONMENT: "development" }, createExecutionContext());
    expect(response.status).toBe(404);
    expect(pulled.chunks).toBeGreaterThan(16);
  });

  it("is left alone in production, where Cloudflare's edge ends client connections itself", async () => {
    const { request, pulled } = refusedWrite();
    const response = await worker.fetch(request, { ...env, ENVIRONMENT: "production" }, createExecutionContext());
    expect(response.status).toBe(404);
    expect(pulled.chunks).toBeLessThan(16);
  });
});
