import type { IsoDate } from '../../domain/dates.ts';
import { checkStayRules, STAY_RULE_MESSAGES } from '../../domain/stay-rules.ts';
import { badRequest, type HttpError, notFound } from '../errors.ts';

/** The 404 of a property id that does not exist. */
export const unknownProperty = (propertyId: number): HttpError =>
  notFound(`There is no property with id ${propertyId}.`, 'property_not_found');

/**
 * A stay must keep the rules (spec README, "Stay rules on the server"; the owner's may break the 2–28 night rule),
 * else a 400 naming the rule.
 */
export function requireStayRules(
  stay: { checkIn: IsoDate; checkOut: IsoDate },
  now: Date,
  options: { ownerMade?: boolean } = {},
): void {
  const violation = checkStayRules(stay, now, options);
  if (violation) throw badRequest(STAY_RULE_MESSAGES[violation], violation);
}
