// The renderer's V8 flags (src/node-flags.ts) are the same in every launcher
// and are flags this Node accepts. Their effect (full GCs and CPU per job) is
// measured by bench:render, not timed here.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { RENDERER_NODE_FLAGS } from "./src/node-flags.ts";

const run = promisify(execFile);

describe("the renderer's Node flags", () => {
  it("are the Dockerfile's CMD, between node and server.ts", async () => {
    const dockerfile = await readFile(resolve(import.meta.dirname, "Dockerfile"), "utf8");
    const cmd = /^CMD (\[.*\])\s*$/m.exec(dockerfile);
    expect(cmd, "the Dockerfile has an exec-form CMD").not.toBeNull();
    expect(JSON.parse(cmd![1]!)).toEqual(["node", ...RENDERER_NODE_FLAGS, "server.ts"]);
  });

  it("are accepted by this Node (a misspelt V8 flag would stop the renderer from starting)", async () => {
    const { stdout } = await run(process.execPath, [
      ...RENDERER_NODE_FLAGS,
      "-e",
      "console.log(JSON.stringify(process.execArgv))",
    ]);
    expect((JSON.parse(stdout) as string[]).slice(0, RENDERER_NODE_FLAGS.length)).toEqual(RENDERER_NODE_FLAGS);
  });
});
