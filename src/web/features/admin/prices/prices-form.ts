import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { usePlanChange } from './prices-api.ts';

/* What the Prices tab's forms share: pounds and percentages typed as text, and a submit that shows the server's sentence. */

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

/** Thrown by a form's own checks before anything is sent: its message is shown like the server's. */
export class FormProblem extends Error {}

/** Pounds from a field: the sentence says which field and how to write it. */
export function requirePence(
  text: string,
  what: string,
  options: { optional?: boolean } = {},
): number | null {
  const pence = penceFromText(text);
  if (pence === undefined) throw new FormProblem(`Write ${what} in pounds, e.g. 225 or 225.50.`);
  if (pence === null && !options.optional) throw new FormProblem(`Give ${what}.`);
  return pence;
}

export function requireNumber(
  text: string,
  what: string,
  options: { optional?: boolean } = {},
): number | null {
  const value = numberFromText(text);
  if (value === undefined) throw new FormProblem(`Write ${what} as a number, e.g. 10 or 7.5.`);
  if (value === null && !options.optional) throw new FormProblem(`Give ${what}.`);
  return value;
}

export function messageOf(error: unknown): string {
  if (error instanceof FormProblem) return error.message;
  if (error instanceof ApiRequestError)
    return typeof error.body?.message === 'string' ? error.body.message : error.message;
  return 'The change could not be saved. Please try again.';
}

/** One form's submit: the request is built (its own checks may throw), sent, and the outcome shown. */
export function usePlanSubmit() {
  const change = usePlanChange();
  const [error, setError] = useState<string | null>(null);
  async function submit(
    build: () => { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown },
    done: { title: string; description?: string; after?: () => void },
  ): Promise<boolean> {
    setError(null);
    try {
      await change.mutateAsync(build());
      toast({ title: done.title, ...(done.description ? { description: done.description } : {}) });
      done.after?.();
      return true;
    } catch (problem) {
      setError(messageOf(problem));
      return false;
    }
  }
  return { submit, error, setError, pending: change.isPending };
}
