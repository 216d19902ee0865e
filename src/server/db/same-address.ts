import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * An e-mail address as the site compares two: without the spaces around it, in lower case (a guest who types
 * their address with a capital letter is the same guest).
 */
export const comparableAddress = (address: string): string => address.trim().toLowerCase();

/** `column` holds the e-mail address `address`, compared as `comparableAddress` compares them. */
export const sameAddress = (column: AnyPgColumn, address: string): SQL =>
  sql`lower(${column}) = ${comparableAddress(address)}`;
