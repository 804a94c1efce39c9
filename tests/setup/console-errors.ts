// A `console.error` during a workerd test fails that test: it is how the Worker reports what went
// wrong unexpectedly (a 500, a failed job, a lost write), so a green run must have none. A test that
// provokes one on purpose says so with `expectConsoleError(/what/)` (tests/workers/console.ts).
import { afterAll, afterEach, beforeEach } from "vitest";

interface Ledger {
  logged: string[];
  expected: RegExp[];
}

const shared = globalThis as { __consoleErrors?: Ledger };
shared.__consoleErrors ??= { logged: [], expected: [] };
const ledger = shared.__consoleErrors;
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  const text = args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" ");
  ledger.logged.push(text);
  original(...args);
};

function unexpected() {
  const found = ledger.logged.filter((text) => !ledger.expected.some((pattern) => pattern.test(text)));
  for (const pattern of ledger.expected) {
    if (!ledger.logged.some((text) => pattern.test(text))) found.push(`(none matched the expected ${pattern})`);
  }
  ledger.logged = [];
  ledger.expected = [];
  return found;
}

function failOn(found: string[], when: string) {
  if (found.length === 0) return;
  throw new Error(
    `console.error ${when} (say so with expectConsoleError() if it is the point of the test):\n${found.join("\n---\n")}`,
  );
}

beforeEach(() => failOn(unexpected(), "before this test, while setting up"));
afterEach(() => failOn(unexpected(), "during this test"));
afterAll(() => failOn(unexpected(), "after the last test of this file"));
