// A build plugin (runs in Node, never in the Worker): the browser bundle drops the zod schemas a
// page does not use (ADR 051).
//
// Why: the shared schema modules (app/kernel/schemas/*, the live protocol, the licence tiers) hold
// both the seed's messages and limits and the zod schemas built from them. A page that imports only
// a message or `formatMoney` still got every schema of that module, and with them zod itself
// (24 KiB gzip), because a bundler must keep a top-level call such as `z.object({…}).refine(…)`
// unless it knows the call is pure. Building a schema has no effect outside the value it returns.
//
// How: in those modules only, every top-level `const` whose value is a call (`z.…`, `memberText(…)`,
// `money(…)`) is marked `/* @__PURE__ */`, so the bundler drops it when nothing reads it. A page
// that does validate in the browser keeps the schema it reads and zod with it.
import type { Plugin } from "vite";
import { parseAst } from "vite";

const SCHEMA_MODULE = /\/app\/kernel\/(schemas\/[\w-]+|protocols\/[\w-]+|licence-tiers)\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Starts of the calls in `node`, outside function bodies (a refinement's body runs only when parsing). */
function callStarts(node: Node, into: Set<number>): void {
  if (node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression") return;
  if (node.type === "CallExpression" || node.type === "NewExpression") into.add(node.start);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, into);
  }
}

/**
 * Marks every call that builds a top-level constant of `code` pure (the arguments' calls too: a
 * pure call's arguments are otherwise still evaluated); null when there is none.
 */
export function markTopLevelCallsPure(code: string): string | null {
  // TypeScript is a superset here: the build hands over JavaScript, a bare bundler (the test) TypeScript.
  const program = parseAst(code, { lang: "ts" }) as unknown as { body: Node[] };
  const starts = new Set<number>();
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== "VariableDeclaration") continue;
    for (const declarator of declaration.declarations as { init?: Node | null }[]) {
      if (declarator.init) callStarts(declarator.init, starts);
    }
  }
  if (starts.size === 0) return null;
  // From the end, so the earlier offsets stay right; no line moves, so the source map stays usable.
  let out = code;
  for (const start of [...starts].sort((a, b) => b - a)) {
    out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
  }
  return out;
}

export function pureSchemas(): Plugin {
  return {
    name: "pure-schemas",
    apply: "build",
    // The browser only: the Worker parses with every schema anyway.
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: SCHEMA_MODULE },
      handler(code, id) {
        if (!SCHEMA_MODULE.test(id.split("?")[0] ?? id)) return null;
        const code2 = markTopLevelCallsPure(code);
        return code2 === null ? null : { code: code2, map: null };
      },
    },
  };
}
