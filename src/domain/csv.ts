/**
 * RFC 4180 CSV. A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with
 * an apostrophe: guests type their own names (OWASP, "CSV injection").
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: a header row, then a row per record, CRLF line ends (RFC 4180). */
export function csvTable(header: string[], rows: (string | number)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Pence as pounds with two decimals, as a spreadsheet reads money. */
export const csvPounds = (pence: number) => (pence / 100).toFixed(2);
