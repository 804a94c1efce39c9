// The renderer's server as production runs it: a real process with the real ffmpeg.
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const port = 18_788 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;

beforeAll(async () => {
  server = spawn(process.execPath, [resolve(import.meta.dirname, "server.ts")], {
    env: { ...process.env, PORT: String(port) },
    stdio: "pipe",
  });
  await new Promise<void>((ready, fail) => {
    server.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && ready());
    server.on("exit", (code) => fail(new Error(`renderer exited with ${code}`)));
  });
});

afterAll(() => {
  server?.kill();
});

describe("renderer server", () => {
  it("reports healthy with the ffmpeg it will use", async () => {
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; ffmpeg: string | null };
    expect(body.ok).toBe(true);
    expect(body.ffmpeg).toMatch(/^ffmpeg version /);
  });

  it("answers unknown paths with 404 in the API's error shape", async () => {
    const response = await fetch(`${base}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not Found" } });
  });
});
