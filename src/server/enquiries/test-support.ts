import type { FastifyInstance } from 'fastify';
import type { EnquiryRequest, QuoteForm } from '../../domain/api/enquiries.ts';

/** A day-hire enquiry as the Contact page sends it (with its form token added by `sendEnquiry`). */
export function dayHireEnquiry(overrides: Partial<EnquiryRequest> = {}): EnquiryRequest {
  return {
    kind: 'day_hire',
    dateFrom: '2027-01-20',
    dateTo: '',
    people: 12,
    message:
      'A strategy day for our team of twelve, with lunch brought in. Is the roof terrace open in January?',
    name: 'Grace Hopper',
    email: 'grace@example.test',
    phone: '01224 000000',
    website: '',
    ...overrides,
  };
}

/** The form's token, as the Contact page fetches it when it shows the form. */
export async function formToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/enquiries/form' });
  return response.json().formToken as string;
}

/**
 * Sends an enquiry from `remoteAddress` with a token taken `typingMs` before (the test clock moved by `advance`),
 * as a person filling the form in would.
 */
export async function sendEnquiry(
  app: FastifyInstance,
  advance: (ms: number) => void,
  body: EnquiryRequest = dayHireEnquiry(),
  { remoteAddress = '127.0.0.1', typingMs = 20_000 } = {},
) {
  const token = await formToken(app);
  advance(typingMs);
  return app.inject({
    method: 'POST',
    url: '/api/enquiries',
    remoteAddress,
    payload: { ...body, formToken: token },
  });
}

/** The owner's quote for a day hire, as the Enquiries tab sends it. */
export function dayHireQuoteForm(overrides: Partial<QuoteForm> = {}): QuoteForm {
  return {
    kind: 'day_hire',
    checkInDate: '2027-01-20',
    startTime: '09:00',
    endTime: '17:00',
    nightBookable: false,
    guestCount: 12,
    contactName: 'Grace Hopper',
    contactEmail: 'grace@example.test',
    contactPhone: '',
    totalPrice: 850,
    included: 'The whole house 09:00–17:00, the roof terrace, coffee and a cleaning fee.',
    validDays: 7,
    holdDates: true,
    ...overrides,
  };
}

/** The owner's quote for a stay of nights. */
export function stayQuoteForm(
  dates: { checkInDate: string; checkOutDate: string },
  overrides: Partial<QuoteForm> = {},
): QuoteForm {
  return {
    kind: 'stay',
    ...dates,
    guestCount: 2,
    contactName: 'Ada Lovelace',
    contactEmail: 'ada@example.test',
    contactPhone: '',
    totalPrice: 240,
    included: 'One night, breakfast hamper.',
    validDays: 3,
    holdDates: true,
    ...overrides,
  };
}
