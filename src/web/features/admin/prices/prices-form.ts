import { z } from 'zod';

/*
 * What the Prices tab's forms share: pounds and percentages are typed as text, and these schemas read them into
 * the numbers the rate plan's schemas (src/domain/rate-plan.ts) check, each with a sentence that says which
 * field is wrong and how to write it.
 */

/** '225' or '225.50' → pence; '' → null; anything else → undefined (the form says how to write it). */
export function penceFromText(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^£/, '').replaceAll(',', '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

export const textFromPence = (pence: number | null | undefined) =>
  pence === null || pence === undefined ? '' : (pence / 100).toFixed(pence % 100 === 0 ? 0 : 2);

/** '5', '7.5' → a number; '' → null; anything else → undefined. */
export function numberFromText(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Text read by `read`: unreadable text says `howToWrite`; blank is null, or 'Give …' when required. */
function typed(read: (text: string) => number | null | undefined, what: string, howToWrite: string) {
  const optional = z.string().transform((text, context): number | null => {
    const value = read(text);
    if (value !== undefined) return value;
    context.addIssue({ code: 'custom', message: howToWrite, input: text });
    return z.NEVER;
  });
  const required = optional.transform((value, context): number => {
    if (value !== null) return value;
    context.addIssue({ code: 'custom', message: `Give ${what}.`, input: '' });
    return z.NEVER;
  });
  return { optional, required };
}

/** Pounds as typed ('225', '£1,225.50') → pence. */
export const pounds = (what: string) =>
  typed(penceFromText, what, `Write ${what} in pounds, e.g. 225 or 225.50.`);

/** A number as typed ('10', '7.5 %'). */
export const figure = (what: string) =>
  typed(numberFromText, what, `Write ${what} as a number, e.g. 10 or 7.5.`);
