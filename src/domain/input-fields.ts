import { z } from 'zod';

/**
 * Building blocks of the request schemas (api.ts, booking-form.ts): text a person can type and whole numbers
 * the database can store, each refused with a sentence rather than left for the database to choke on.
 */

/** The largest value of PostgreSQL's `integer` (https://www.postgresql.org/docs/current/datatype-numeric.html). */
export const PG_INTEGER_MAX = 2_147_483_647;

export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters from this field.';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * True when `value` holds a character nobody types into a form: a control character (U+0000–U+001F, DEL and
 * U+0080–U+009F; a multi-line field allows tab, line feed and carriage return) or half of a UTF-16 surrogate
 * pair. PostgreSQL refuses NUL in text and JSON, and a lone surrogate would be stored as U+FFFD.
 */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20) {
      if (!multiline || (code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN)) return true;
    } else if (code >= 0x7f && code <= 0x9f) {
      return true;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++; // a well-formed pair: one character outside the Basic Multilingual Plane (an emoji)
    }
  }
  return false;
}

/**
 * A text field of a request: a string without control characters (see hasControlCharacters), checked before
 * anything else so its message comes alone. Chain `.trim()`, `.min()`, `.max()` as on any zod string.
 * `multiline` for text areas; `error` replaces zod's message for a missing or non-string value.
 */
export function textField(options: { multiline?: boolean; error?: string } = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string(options.error === undefined ? undefined : { error: options.error })
    .refine((value) => !hasControlCharacters(value, multiline), {
      message: CONTROL_CHARACTERS_MESSAGE,
      abort: true,
    });
}

/**
 * A whole number from `min` to `max` (at most PG_INTEGER_MAX unless the column is wider), refused with one
 * sentence naming the field and the range: "propertyId must be a whole number from 1 to 2147483647".
 * `coerce` for path parameters and query strings, which arrive as text.
 */
export function wholeNumber(name: string, range: { min: number; max: number; coerce?: boolean }) {
  const message = `${name} must be a whole number from ${range.min} to ${range.max}`;
  const number = range.coerce ? z.coerce.number({ error: message }) : z.number({ error: message });
  return number.int(message).min(range.min, message).max(range.max, message);
}

/**
 * A `yyyy-MM-dd` date field. `written` checks the pattern here (a 400 naming the field); without it the field is
 * only bounded in length, and whether it is a real date is judged by the stay rules (stay-rules.ts), whose
 * answer names the rule ('invalid_date').
 */
export function dateField(name: string, options: { written?: boolean } = {}) {
  const field = z
    .string({ error: `${name} is required (yyyy-MM-dd)` })
    .max(32, `${name} must be written yyyy-MM-dd`);
  return options.written
    ? field.regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date written yyyy-MM-dd`)
    : field;
}
