import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { describe, expect, it } from "vitest";
import { markTopLevelCallsPure, pureSchemas } from "./pure-schemas.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Bundles `entry` (the source of a page-like module in app/) as the browser build does, tree-shaken. */
async function bundle(entry: string, plugins = [pureSchemas()]) {
  const result = await build({
    cwd: root,
    input: "virtual:entry",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "entry",
        resolveId: (id) => (id === "virtual:entry" ? `${root}app/virtual-entry.ts` : null),
        load: (id) => (id.endsWith("/app/virtual-entry.ts") ? entry : null),
      },
      ...plugins,
    ],
  });
  return result.output.map((chunk) => ("code" in chunk ? chunk.code : "")).join("\n");
}

describe("markTopLevelCallsPure", () => {
  it("marks the calls building a top-level constant, their arguments' calls too, not function bodies", () => {
    const code = [
      "import { z } from 'zod';",
      "export const A = 'Title is required';",
      "export const schema = z.object({ n: z.number().int() }).refine((v) => check(v));",
      "const other = memberText();",
      "export function f() { return z.string(); }",
    ].join("\n");
    const out = markTopLevelCallsPure(code) ?? "";
    expect(out).toContain("export const A = 'Title is required';");
    expect(out).toContain(
      "export const schema = /* @__PURE__ */ z.object({ n: /* @__PURE__ */ z.number().int() }).refine((v) => check(v));",
    );
    expect(out).toContain("const other = /* @__PURE__ */ memberText();");
    expect(out).toContain("export function f() { return z.string(); }");
    expect(markTopLevelCallsPure("export const A = 1;")).toBeNull();
  });
});

describe("pureSchemas", () => {
  // zod's own error text, present in any bundle that carries zod.
  const ZOD = "Invalid input";

  it("leaves zod out of a module that reads only a message from a schema module", async () => {
    const entry = `import { NOTE_EMPTY } from "./kernel/schemas/files"; console.log(NOTE_EMPTY);`;
    const withPlugin = await bundle(entry);
    expect(withPlugin).toContain("Note cannot be empty");
    expect(withPlugin).not.toContain(ZOD);
    // Without it the same module carries zod: the check above can fail.
    expect(await bundle(entry, [])).toContain(ZOD);
  });

  it("keeps the schema, and zod, where a module parses with it", async () => {
    const entry = `import { noteSchema } from "./kernel/schemas/files"; console.log(noteSchema.safeParse({ note: "" }));`;
    expect(await bundle(entry)).toContain(ZOD);
  });
});
