import './zod-browser.ts';
import { describe, expect, it, vi } from 'vitest';

describe('zod-browser', () => {
  it('makes zod (loaded after it) parse without compiling parsers, so it never tries eval under the CSP', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);

    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), guests: z.number() });
    expect(schema.parse({ name: 'Ada', guests: 2 })).toEqual({ name: 'Ada', guests: 2 });
    expect(schema.safeParse({ name: 'Ada' }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
