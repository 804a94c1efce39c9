// What an operator can find: the request id of every response in its error body and its log line,
// and one JSON line per payment event, fulfilment and job state change, with the ids to search by.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../tests/workers/console";
import { call, signUp } from "../../tests/workers/http";
import { deliverWebhook } from "../../tests/workers/payments";
import { claim, probeJobRows, report } from "../../tests/workers/renderer";
import { addToCart, insertProduct, payCart } from "../../tests/workers/store";
import { requestIdFor, withRequestId, withRequestIdHeader } from ".";

interface Line {
  ts: string;
  level: string;
  event: string;
  requestId?: string;
  [field: string]: unknown;
}

let lines: Line[] = [];
beforeEach(() => {
  lines = [];
  const original = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    const text = args.length === 1 && typeof args[0] === "string" ? args[0] : "";
    if (text.startsWith("{")) {
      try {
        lines.push(JSON.parse(text) as Line);
        return;
      } catch {}
    }
    original(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

const linesOf = (event: string) => lines.filter((line) => line.event === event);

describe("request ids", () => {
  it("keeps a caller's X-Request-Id or cf-ray, and makes one otherwise", () => {
    const ask = (headers: Record<string, string>) => requestIdFor(new Request("http://x/", { headers }));
    expect(ask({ "x-request-id": "abc-123", "cf-ray": "8f00aa-LHR" })).toBe("abc-123");
    expect(ask({ "cf-ray": "8f00aa-LHR" })).toBe("8f00aa-LHR");
    expect(ask({ "x-request-id": "<script>" })).toMatch(/^[0-9a-f-]{36}$/);
    expect(ask({})).not.toBe(ask({}));
  });

  it("answers every page and API call with X-Request-Id, honouring the caller's", async () => {
    for (const path of ["/contact", "/api/episodes", "/api/no-such-thing"]) {
      const answer = await call(path);
      expect(answer.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      await answer.body?.cancel();
    }
    const traced = await call("/contact", { headers: { "x-request-id": "support-ticket-42" } });
    expect(traced.headers.get("x-request-id")).toBe("support-ticket-42");
  });

  it("copies a response whose headers cannot change", () => {
    const fixed = Response.redirect("http://x/elsewhere", 302);
    expect(withRequestIdHeader(fixed, "r1").headers.get("x-request-id")).toBe("r1");
  });

  it("writes a counter and a timing to Analytics Engine when METRICS is bound", async () => {
    const writeDataPoint = vi.fn();
    const { observe } = await import(".");
    withRequestId("r2", { METRICS: { writeDataPoint } }, () => observe("job.state", { to: "done", durationMs: 12 }));
    expect(writeDataPoint).toHaveBeenCalledWith({
      indexes: ["job.state"],
      blobs: ["job.state", "done"],
      doubles: [1, 12],
    });
  });
});

describe("every API error carries the request id that is in its header and its log line", () => {
  it("for each way an error is made", async () => {
    const member = await signUp();
    const errors: [string, Response][] = [
      ["not found", await call("/api/no-such-thing")],
      ["not signed in", await call("/api/shows")],
      ["invalid body", await call("/api/shows", { cookie: member.cookie, json: { title: "" } })],
      [
        "domain error",
        await call("/api/products/no-such-product", { method: "PATCH", cookie: member.cookie, json: { title: "x" } }),
      ],
      [
        "cross-origin",
        await call("/api/shows", { cookie: member.cookie, json: {}, headers: { origin: "https://evil.example" } }),
      ],
      ["route's own JSON", await deliverWebhook("{}", "whsec_wrong")],
    ];
    for (const [what, answer] of errors) {
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      const requestId = answer.headers.get("x-request-id");
      expect(requestId, what).toBeTruthy();
      const body = await answer.json<{ error: { code: string; message: string; requestId: string } }>();
      expect(body.error.requestId, what).toBe(requestId);
      expect(body.error.message, what).toBeTruthy();
      const logged = linesOf("api.error").filter((line) => line.requestId === requestId);
      expect(logged, what).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: "warn", status: answer.status, code: body.error.code });
      expect(Date.parse(logged[0]!.ts), what).not.toBeNaN();
    }
  });

  it("for an unexpected error, logged at level error", async () => {
    expectConsoleError(/boom/);
    const { withRequestId: scoped } = await import(".");
    // A route that throws what no rule expects, answered by the API's own error handler.
    const { Hono } = await import("hono");
    const { errorResponse, finishError } = await import("../api/errors");
    const app = new Hono()
      .use(async (c, next) => {
        await next();
        c.res = await finishError(c.req.raw, c.res);
      })
      .get("/boom", () => {
        throw new Error("boom");
      })
      .onError((error) => errorResponse(error));
    const answer = await scoped("r-500", env, () => app.request("/boom"));
    expect(answer.status).toBe(500);
    expect((await answer.json<{ error: { requestId: string } }>()).error.requestId).toBe("r-500");
    expect(linesOf("api.error")).toEqual([
      expect.objectContaining({ level: "error", requestId: "r-500", status: 500 }),
    ]);
  });
});

describe("one JSON line per event", () => {
  it("a paid order: the webhook's events and the fulfilment, each with the order id and the confirm's request id", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const productId = await insertProduct(seller.user.id, { priceCents: 500 });
    await addToCart(buyer.cookie, productId);
    const { checkout, confirmed } = await payCart(buyer.cookie);
    expect(confirmed.status).toBe(200);
    const requestId = confirmed.headers.get("x-request-id");
    const orderId = checkout.orderId;

    const payments = linesOf("payment.webhook").filter((line) => line.orderId === orderId);
    expect(payments.map((line) => line.outcome)).toEqual(["verified", "claimed", "handled"]);
    for (const line of payments) {
      expect(line).toMatchObject({ requestId, type: "payment_intent.succeeded", kind: "order", level: "info" });
      expect(line.eventId).toBeTruthy();
    }
    expect(linesOf("order.fulfilment")).toEqual([
      expect.objectContaining({ orderId, fulfilled: true, requestId, durationMs: expect.any(Number) }),
    ]);
    // The buyer's download package is queued as a job.
    expect(linesOf("job.state")).toContainEqual(expect.objectContaining({ to: "queued", kind: "purchase", requestId }));
  });

  it("a duplicate delivery of a payment event", async () => {
    const { intentEvent } = await import("../../tests/workers/payments");
    const seller = await signUp();
    const buyer = await signUp();
    await addToCart(buyer.cookie, await insertProduct(seller.user.id));
    const { checkout } = await payCart(buyer.cookie);
    lines = [];
    const { database } = await import("../db/client");
    const { orders } = await import("../db/schema");
    const { eq } = await import("drizzle-orm");
    const [order] = await database(env.DB).select().from(orders).where(eq(orders.id, checkout.orderId));
    const payload = await intentEvent(order!.paymentIntentId!, "payment_intent.succeeded");
    const first = await deliverWebhook(payload);
    const again = await deliverWebhook(payload);
    expect([first.status, again.status]).toEqual([200, 200]);
    const outcomes = linesOf("payment.webhook")
      .filter((line) => line.requestId === again.headers.get("x-request-id"))
      .map((line) => line.outcome);
    expect(outcomes).toEqual(["verified", "duplicate"]);
  });

  it("a job's state changes: claimed by the renderer, then failed, each with the job id", async () => {
    const { jobId } = await probeJobRows(`obs-${crypto.randomUUID().slice(0, 8)}`);
    const claimed = await claim(jobId);
    expect(claimed).not.toBeNull();
    expect(linesOf("job.state")).toEqual([
      expect.objectContaining({ jobId, kind: "probe", to: "running", attempt: 1 }),
    ]);
    const failed = await report(claimed!.callbackUrl, {
      status: "failed",
      error: { code: "unreadable", message: "Not a video." },
    });
    expect(failed.status).toBe(204);
    const last = linesOf("job.state").at(-1)!;
    expect(last).toMatchObject({ jobId, to: "failed", level: "error", reason: "Not a video." });
    expect(last.requestId).toBe(failed.headers.get("x-request-id"));
    expect(last.durationMs).toEqual(expect.any(Number));
  });
});
