/**
 * A guest's booking paid through the server's own routes, as the browser pays it on demo payments (quote, hold,
 * the demo card, the success call): the stay confirmed, its payment recorded and its e-mails in the outbox.
 * `call` sends one request and answers its JSON (failing on an error answer): over HTTP to a real process, or
 * through `inject`. The guest is two people unless `guest.count` says otherwise; `saveCardConsent` is the guest
 * agreeing to the card being saved (for a balance or a damage deposit).
 */
export async function payForStay(
  call: (method: 'GET' | 'POST', url: string, body?: object) => Promise<unknown>,
  stay: { checkInDate: string; checkOutDate: string },
  guest: { name: string; email: string; count?: number },
  options: { saveCardConsent?: boolean } = {},
): Promise<{ bookingId: string }> {
  const quote = (await call(
    'GET',
    `/api/quote?propertyId=1&checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}`,
  )) as { total: number };
  const held = (await call('POST', '/api/create-payment-intent', {
    amount: Math.round(quote.total * 100),
    currency: 'gbp',
    ...(options.saveCardConsent ? { saveCardConsent: true } : {}),
    booking: {
      propertyId: 1,
      ...stay,
      guestCount: guest.count ?? 2,
      contactName: guest.name,
      contactEmail: guest.email,
      contactPhone: '07700 900000',
      specialRequests: '',
      totalPrice: quote.total,
      status: 'confirmed',
    },
  })) as { paymentIntentId: string; clientSecret: string; bookingId: string };
  await call('POST', `/api/demo-payments/${held.paymentIntentId}/confirm`, {
    clientSecret: held.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
    postcode: 'AB10 1AA',
  });
  await call('POST', '/api/payment-success', {
    paymentIntentId: held.paymentIntentId,
    bookingId: held.bookingId,
  });
  return { bookingId: held.bookingId };
}
