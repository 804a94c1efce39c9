// The production renderer's Worker side (ADR 014) with only Cloudflare's container platform stood in:
// `wakeRenderer` starts the one "puller" instance through its Durable Object binding and never fails
// the caller, and `onActivityExpired` keeps the container up while its /health counts running jobs.
import { afterEach, describe, expect, it, vi } from "vitest";
import { Renderer, wakeRenderer } from "./container";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A Durable Object namespace as the platform hands it over, recording what the Worker asks of it. */
function rendererNamespace(answer: (request: Request) => Promise<Response>) {
  const named: string[] = [];
  const fetched: { id: string; url: string; method: string }[] = [];
  const namespace = {
    idFromName: (name: string) => {
      named.push(name);
      return { toString: () => `id:${name}` };
    },
    get: (id: { toString(): string }) => ({
      fetch: (request: Request) => {
        fetched.push({ id: String(id), url: request.url, method: request.method });
        return answer(request);
      },
    }),
  };
  return { namespace, named, fetched };
}

const envWith = (renderer: unknown) => ({ RENDERER: renderer }) as unknown as Env;

describe("wakeRenderer", () => {
  it("asks the one 'puller' container for its health, which starts it if it sleeps", async () => {
    const { namespace, named, fetched } = rendererNamespace(async () => Response.json({ jobs: { running: 0 } }));
    await wakeRenderer(envWith(namespace));
    expect(named).toEqual(["puller"]);
    expect(fetched).toEqual([{ id: "id:puller", url: "http://renderer/health", method: "GET" }]);
  });

  it("logs a container that cannot start and lets the caller go on (the cron sweep wakes it again)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { namespace, fetched } = rendererNamespace(async () => {
      throw new Error("Container failed to start: no capacity");
    });
    await expect(wakeRenderer(envWith(namespace))).resolves.toBeUndefined();
    expect(fetched).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith("could not wake the renderer:", expect.any(Error));
  });

  it("does nothing where there is no container binding (development runs the renderer as a process)", async () => {
    await expect(wakeRenderer(envWith(undefined))).resolves.toBeUndefined();
  });
});

describe("Renderer.onActivityExpired", () => {
  /** The instance's own platform calls, stood in; the method under test is Renderer's. */
  function expiring(health: () => Promise<Response>) {
    const calls: string[] = [];
    const instance = {
      containerFetch: async (url: string) => {
        calls.push(`fetch ${url}`);
        return health();
      },
      renewActivityTimeout: () => calls.push("renew"),
      stop: async () => {
        calls.push("stop");
      },
    };
    return { run: () => Renderer.prototype.onActivityExpired.call(instance as unknown as Renderer), calls };
  }

  it("stays up while jobs run: renews the timeout and does not stop", async () => {
    const { run, calls } = expiring(async () => Response.json({ jobs: { running: 2, queued: 0 } }));
    await run();
    expect(calls).toEqual(["fetch http://renderer/health", "renew"]);
  });

  it("stops when no job runs", async () => {
    const { run, calls } = expiring(async () => Response.json({ jobs: { running: 0 } }));
    await run();
    expect(calls).toEqual(["fetch http://renderer/health", "stop"]);
  });

  it("stops when the health check cannot be read (unreachable or not JSON), rather than running forever", async () => {
    for (const health of [
      async () => {
        throw new Error("connection refused");
      },
      async () => new Response("<html>502</html>", { status: 502 }),
      async () => Response.json({}),
    ]) {
      const { run, calls } = expiring(health);
      await run();
      expect(calls.at(-1)).toBe("stop");
      expect(calls).not.toContain("renew");
    }
  });
});
