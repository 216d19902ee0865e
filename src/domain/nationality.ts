import countries from 'i18n-iso-countries';

/**
 * Who must give what in the guest register, under the Immigration (Hotel Records) Order 1972 (SI 1972/1689),
 * article 4: every guest aged 16 or over gives their full name and nationality; a guest who is not a British,
 * Irish or Commonwealth citizen also gives the number and place of issue of their passport (or other document
 * showing their identity and nationality) and, on or before departure, their next destination and its address
 * if known. Nationality is an ISO 3166-1 alpha-2 code, or STATELESS.
 */

/**
 * A person with no nationality. ISO 3166-1 reserves the alpha-2 codes XA–XZ for users to assign, and ICAO
 * Doc 9303 writes a stateless person's nationality as 'XXA' in a travel document: 'XX' follows it.
 */
export const STATELESS = 'XX';

/**
 * British nationals (British Nationality Act 1981, section 37: British citizens, British overseas territories
 * citizens, British Overseas citizens, British Nationals (Overseas), British subjects are Commonwealth citizens):
 * the United Kingdom, the Crown Dependencies, whose people are British citizens, and the British Overseas
 * Territories that have an ISO 3166-1 code.
 */
const BRITISH = new Set([
  'GB', // the United Kingdom
  'GG', // Guernsey
  'JE', // Jersey
  'IM', // the Isle of Man
  'AI', // Anguilla
  'BM', // Bermuda
  'IO', // British Indian Ocean Territory
  'VG', // British Virgin Islands
  'KY', // Cayman Islands
  'FK', // Falkland Islands
  'GI', // Gibraltar
  'MS', // Montserrat
  'PN', // Pitcairn Islands
  'SH', // Saint Helena, Ascension and Tristan da Cunha
  'TC', // Turks and Caicos Islands
  'GS', // South Georgia and the South Sandwich Islands
]);

const IRISH = 'IE';

/**
 * British Nationality Act 1981, Schedule 3 ("Countries whose citizens are Commonwealth citizens"), as amended
 * (The Gambia omitted by SI 2015/1771; Swaziland renamed Eswatini; Gabon and Togo inserted), by ISO 3166-1 code.
 * The Schedule, not membership of the Commonwealth of Nations, is what the law reads.
 */
export const SCHEDULE_3_COMMONWEALTH = new Set([
  'AG', // Antigua and Barbuda
  'AU', // Australia
  'BS', // The Bahamas
  'BD', // Bangladesh
  'BB', // Barbados
  'BZ', // Belize
  'BW', // Botswana
  'BN', // Brunei
  'CM', // Cameroon
  'CA', // Canada
  'CY', // Republic of Cyprus
  'DM', // Dominica
  'SZ', // Eswatini
  'FJ', // Fiji
  'GA', // Gabon
  'GH', // Ghana
  'GD', // Grenada
  'GY', // Guyana
  'IN', // India
  'JM', // Jamaica
  'KE', // Kenya
  'KI', // Kiribati
  'LS', // Lesotho
  'MW', // Malawi
  'MY', // Malaysia
  'MV', // Maldives
  'MT', // Malta
  'MU', // Mauritius
  'MZ', // Mozambique
  'NR', // Nauru
  'NZ', // New Zealand
  'NG', // Nigeria
  'PK', // Pakistan
  'PG', // Papua New Guinea
  'RW', // Rwanda
  'KN', // Saint Christopher and Nevis
  'LC', // Saint Lucia
  'VC', // Saint Vincent and the Grenadines
  'SC', // Seychelles
  'SL', // Sierra Leone
  'SG', // Singapore
  'SB', // Solomon Islands
  'ZA', // South Africa
  'LK', // Sri Lanka
  'TZ', // Tanzania
  'TG', // Togo
  'TO', // Tonga
  'TT', // Trinidad and Tobago
  'TV', // Tuvalu
  'UG', // Uganda
  'VU', // Vanuatu
  'WS', // Western Samoa
  'ZM', // Zambia
  'ZW', // Zimbabwe
  'NA', // Namibia
]);

export type NationalityGroup = 'british' | 'irish' | 'commonwealth' | 'other' | 'stateless';

/** True for an ISO 3166-1 alpha-2 code (upper case) or STATELESS. */
export const isNationality = (code: string): boolean =>
  code === STATELESS || (/^[A-Z]{2}$/.test(code) && countries.isValid(code));

/** Which of the Order's groups a nationality falls in. */
export function nationalityGroup(code: string): NationalityGroup {
  if (code === STATELESS) return 'stateless';
  if (BRITISH.has(code)) return 'british';
  if (code === IRISH) return 'irish';
  if (SCHEDULE_3_COMMONWEALTH.has(code)) return 'commonwealth';
  return 'other';
}

/**
 * Whether the register must also hold the guest's passport (or other identity document) and next destination:
 * everyone who is not a British, Irish or Commonwealth citizen, the stateless included.
 */
export const needsPassport = (code: string): boolean => {
  const group = nationalityGroup(code);
  return group === 'other' || group === 'stateless';
};

/** The age from which a guest is in the register (article 4(1) of the Order). */
export const REGISTER_MINIMUM_AGE = 16;
