import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { figure, penceFromText, pounds, textFromPence } from './prices-form.ts';

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));

describe('the Prices tab’s text', () => {
  it('reads pounds as the owner writes them into pence, and pence back', () => {
    expect(penceFromText('225')).toBe(22500);
    expect(penceFromText(' £1,225.50 ')).toBe(122550);
    expect(penceFromText('')).toBeNull();
    expect(penceFromText('-450')).toBeUndefined();
    expect(textFromPence(22500)).toBe('225');
    expect(textFromPence(22550)).toBe('225.50');
    expect(textFromPence(null)).toBe('');
  });

  it('says which price is wrong and how to write it', () => {
    const weekend = pounds('the weekend price').required;
    expect(weekend.parse('450')).toBe(45000);
    expect(messages(weekend.safeParse('-450'))).toEqual([
      { path: [], message: 'Write the weekend price in pounds, e.g. 225 or 225.50.' },
    ]);
    expect(messages(weekend.safeParse(' '))).toEqual([{ path: [], message: 'Give the weekend price.' }]);
    expect(pounds('the price').optional.parse('')).toBeNull();
  });

  it('reads a figure, or says how to write it', () => {
    expect(figure('the discount').required.parse('7.5 %')).toBe(7.5);
    expect(messages(figure('the discount').required.safeParse('ten'))).toEqual([
      { path: [], message: 'Write the discount as a number, e.g. 10 or 7.5.' },
    ]);
    expect(figure('the maximum number of uses').optional.parse('')).toBeNull();
  });
});
