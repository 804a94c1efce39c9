// The renderer's HTTP server. It owns nothing but ffmpeg: inputs and outputs
// move through signed URLs handed to it with each job, never through the Worker.
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { promisify } from "node:util";

const run = promisify(execFile);
const port = Number(process.env.PORT ?? 8788);
const ffmpegPath = process.env.FFMPEG_PATH ?? "ffmpeg";

async function ffmpegVersion(): Promise<string | null> {
  try {
    const { stdout } = await run(ffmpegPath, ["-hide_banner", "-version"]);
    return stdout.split("\n")[0] ?? null;
  } catch {
    return null;
  }
}

function json(status: number, body: unknown) {
  return { status, body: JSON.stringify(body) };
}

async function handle(method: string, path: string) {
  if (method === "GET" && path === "/health") {
    const ffmpeg = await ffmpegVersion();
    return json(ffmpeg ? 200 : 503, { ok: Boolean(ffmpeg), ffmpeg });
  }
  return json(404, { error: { code: "not_found", message: "Not Found" } });
}

createServer(async (req, res) => {
  const { status, body } = await handle(req.method ?? "GET", new URL(req.url ?? "/", "http://x").pathname);
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body);
}).listen(port, "127.0.0.1", () => {
  console.log(`renderer listening on http://127.0.0.1:${port}`);
});
