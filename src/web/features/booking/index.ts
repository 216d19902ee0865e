/*
 * What other features may use of the booking card (the one module they import from here, a rule biome.json
 * enforces): the price breakdown, which the owner's Prices preview shows exactly as guests see it.
 */
export { PriceBreakdown } from './price-breakdown.tsx';
