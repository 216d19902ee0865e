import { afterEach, vi } from 'vitest';

// An unexpected console.error fails the test: errors must be asserted, not ignored (docs/architecture.md).
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
