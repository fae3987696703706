import { afterEach, vi } from 'vitest';

// A test that logs console.error fails (docs/style.md): errors must be asserted, not printed.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const first = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    vi.restoreAllMocks();
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});
