// Test helper for the mock APIs: a call no mock route answers is a mistake in the test (or a new
// call the page makes that the test does not know about), not a 404 the page should quietly handle.
// The mock throws (the page sees a network failure) and the test fails after it ends.

const unknownCalls: string[] = [];

/** Records the call and throws; `failOnUnknownRoutes` (run after each test) makes the test fail. */
export function unknownRoute(key: string): never {
  unknownCalls.push(key);
  throw new Error(`No mock route for ${key}: add it to the test's mock API`);
}

/** Called after each client test (test/client-setup.ts). */
export function failOnUnknownRoutes(): void {
  if (unknownCalls.length === 0) return;
  const calls = unknownCalls.splice(0);
  throw new Error(`The page called routes no mock answers:\n${[...new Set(calls)].join('\n')}`);
}
