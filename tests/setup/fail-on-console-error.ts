import { afterEach, vi } from "vitest";

// Tests fail on any console.error (Epic Stack habit): an unexpected error log is a bug.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length) throw new Error(`console.error was called: ${String(seen[0]?.[0])}`);
});
