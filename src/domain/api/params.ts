import { z } from 'zod';
import { textField } from '../input-fields.ts';

/**
 * Path parameters several capabilities share.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/** `:id` of a stay (the owner's bookings, the public booking look-up) or of a demo payment intent. */
export const RecordIdParamsSchema = z.object({ id: textField().min(1).max(100) });
