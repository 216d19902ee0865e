import type { IsoDate } from './dates.ts';

/**
 * How the site writes calendar days and money, British style, the same in the browser and in e-mails. A
 * calendar day is formatted at noon UTC, so no time zone of the reader or the server can shift it. Each
 * formatter is made once, on first use (making one is far slower than using it).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormat(options: Intl.DateTimeFormatOptions): (day: IsoDate) => string {
  return (day) => {
    const key = JSON.stringify(options);
    let format = formatters.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
      formatters.set(key, format);
    }
    return format.format(new Date(`${day}T12:00:00Z`)).replace(',', '');
  };
}

/** "Thursday 4 March 2027" */
export const formatLongDate = dayFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
/** "Thu 4 Mar 2027" */
export const formatShortDate = dayFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** "Thu 4 March 2027" */
export const formatMediumDate = dayFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** "4 Mar 2027" */
export const formatDayMonthYear = dayFormat({ day: 'numeric', month: 'short', year: 'numeric' });
/** "March 2027" (any day of the month) */
export const formatMonth = dayFormat({ month: 'long', year: 'numeric' });

/** The two currency formats, each made once on first use (making one is far slower than using it). */
const gbpFormats = new Map<0 | 2, Intl.NumberFormat>();
function gbpFormat(fractionDigits: 0 | 2): Intl.NumberFormat {
  let format = gbpFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: fractionDigits,
    });
    gbpFormats.set(fractionDigits, format);
  }
  return format;
}

/** "£1,859" or "£27.50", from pence: whole pounds without pence. */
export function formatGbp(pence: number): string {
  const pounds = pence / 100;
  return gbpFormat(Number.isInteger(pounds) ? 0 : 2).format(pounds);
}

/** "£1,859.00", "−£50.00": always with pence, as accounts and receipts write money. */
export function formatGbpWithPence(pence: number): string {
  const text = gbpFormat(2).format(Math.abs(pence) / 100);
  return pence < 0 ? `−${text}` : text;
}

/** "£914" or "£27.50", from pounds (the public API's unit). */
export const formatPounds = (pounds: number) => formatGbp(Math.round(pounds * 100));

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** "12.5 GB", "3.4 MB", "85 KB": the size of a file or the space on a disk (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return bytes <= 0 ? '0 KB' : `${Math.max(1, Math.round(bytes / KB))} KB`;
}
