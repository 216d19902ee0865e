import countries from 'i18n-iso-countries';
import type { GuestRegisterEntry } from '../../domain/api/arrival.ts';
import { csvCell } from '../../domain/csv.ts';
import { STATELESS } from '../../domain/nationality.ts';

/** A nationality as the register prints it: the country's English name and its code ('France (FR)'). */
export const nationalityName = (code: string): string =>
  code === STATELESS ? 'Stateless' : `${countries.getName(code, 'en') ?? code} (${code})`;

const COLUMNS: [string, (entry: GuestRegisterEntry) => string][] = [
  ['Booking reference', (e) => e.reference],
  ['Arrival', (e) => e.checkIn],
  ['Departure', (e) => e.checkOut],
  ['Full name', (e) => e.fullName],
  ['Nationality', (e) => nationalityName(e.nationality)],
  ['Passport or document number', (e) => e.passportNumber],
  ['Place of issue', (e) => e.passportPlaceOfIssue],
  ['Next destination', (e) => e.nextDestination],
];

/** The register as CSV (RFC 4180, cells guarded against formulas by src/domain/csv.ts's csvCell). */
export function registerCsv(entries: GuestRegisterEntry[]): string {
  const lines = [COLUMNS.map(([name]) => csvCell(name)).join(',')];
  for (const entry of entries) lines.push(COLUMNS.map(([, get]) => csvCell(get(entry))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
