// For tests that provoke a logged error on purpose (tests/setup/console-errors.ts fails any other).
interface Ledger {
  logged: string[];
  expected: RegExp[];
}

/** The current test expects `console.error` output matching `pattern`; it fails if none came. */
export function expectConsoleError(pattern: RegExp) {
  const ledger = (globalThis as { __consoleErrors?: Ledger }).__consoleErrors;
  if (!ledger) throw new Error("tests/setup/console-errors.ts is not loaded");
  ledger.expected.push(pattern);
}
