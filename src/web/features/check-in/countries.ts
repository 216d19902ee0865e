import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { STATELESS } from '../../../domain/nationality.ts';

countries.registerLocale(en);

export type Country = { code: string; name: string };

/** Every nationality the register takes, by English name, with 'Stateless' last. */
export const NATIONALITIES: Country[] = [
  ...Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en')),
  { code: STATELESS, name: 'Stateless' },
];

export const nationalityName = (code: string): string =>
  NATIONALITIES.find((country) => country.code === code)?.name ?? code;

/** The nationalities whose name (or code) holds `text`, names that start with it first. */
export function searchNationalities(text: string, limit = 8): Country[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [];
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const country of NATIONALITIES) {
    const name = country.name.toLowerCase();
    if (name.startsWith(wanted) || country.code.toLowerCase() === wanted) starts.push(country);
    else if (name.includes(wanted)) contains.push(country);
  }
  return [...starts, ...contains].slice(0, limit);
}
