import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBookingSchema,
  AuditEntrySchema,
  AuditQuerySchema,
  BlockDatesSchema,
  CancelBookingResponseSchema,
  CancelBookingSchema,
  ImportedEventSchema,
  OWNER_BLOCK_NAME,
  OwnerBlockSchema,
  OwnerBookingResponseSchema,
  OwnerBookingSchema,
  RefundPreviewQuerySchema,
  RefundPreviewSchema,
} from '../../domain/api/admin-bookings.ts';
import { RecordIdParamsSchema as IdParams } from '../../domain/api/params.ts';
import { actor } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { adminBookingOf } from './repository.ts';
import type { RefundProvider } from './service.ts';

export type AdminBookingRoutesOptions = AppContext & {
  /** The payment provider's refund call (the real provider in the app, a recording fake in tests). */
  refunds: RefundProvider;
};

/**
 * The owner's bookings and blocks: list, confirm, cancel (with the refund preview), bookings taken by phone, owner
 * blocks (spec section 7), CSV export and the audit log. Registered as admin routes (plugins/api.ts), so every
 * route answers 401 without a valid token.
 */
export const adminBookingRoutes: FastifyPluginAsyncZod<AdminBookingRoutesOptions> = async (app, options) => {
  // The one service the plugin made (the guest's own cancellation goes through it too).
  const service = app.adminBookings;

  app.post(
    '/admin/block-dates',
    { schema: { body: BlockDatesSchema, response: { 201: OwnerBlockSchema } } },
    async (request, reply) => {
      const { propertyId, checkInDate, checkOutDate, reason } = request.body;
      const block = await service.createBlock(
        { propertyId, checkIn: checkInDate, checkOut: checkOutDate, reason },
        actor(request),
      );
      return reply.status(201).send({
        id: block.id,
        propertyId: block.propertyId,
        kind: 'block' as const,
        status: 'confirmed' as const,
        checkInDate: block.checkIn,
        checkOutDate: block.checkOut,
        contactName: OWNER_BLOCK_NAME,
        reason: block.reason,
      });
    },
  );

  app.get('/bookings', { schema: { response: { 200: AdminBookingSchema.array() } } }, async () =>
    service.list(),
  );

  app.post(
    '/bookings/:id/confirm',
    { schema: { params: IdParams, response: { 200: AdminBookingSchema } } },
    async (request) => service.confirm(request.params.id, actor(request)),
  );

  app.get(
    '/bookings/:id/refund-preview',
    {
      schema: {
        params: IdParams,
        querystring: RefundPreviewQuerySchema,
        response: { 200: RefundPreviewSchema },
      },
    },
    async (request) => service.refundPreview(request.params.id, request.query.byOwner === 'true'),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      schema: {
        params: IdParams,
        body: CancelBookingSchema.nullish(),
        response: { 200: CancelBookingResponseSchema },
      },
    },
    async (request) => service.cancel(request.params.id, request.body ?? {}, actor(request)),
  );

  // Deposit now, balance later (docs/decisions/016): the owner's two actions on a balance still owed, each
  // answering the booking as it stands after it.
  const { balances } = app.paymentService;
  const balanceActions = {
    'charge-balance': (id: string, by: string) => balances.chargeNow(id, by),
    'send-payment-link': (id: string, by: string) => balances.sendPaymentLink(id, by),
  };
  for (const [path, act] of Object.entries(balanceActions))
    app.post(
      `/admin/bookings/:id/${path}`,
      { schema: { params: IdParams, response: { 200: AdminBookingSchema } } },
      async (request) =>
        adminBookingOf(options.db, await act(request.params.id, actor(request)), options.clock.now()),
    );

  app.post(
    '/admin/bookings',
    { schema: { body: OwnerBookingSchema, response: { 201: OwnerBookingResponseSchema } } },
    async (request, reply) => {
      const created = await service.createOwnerBooking(request.body, actor(request));
      return reply.status(201).send(created);
    },
  );

  app.get('/admin/bookings.csv', async (request, reply) => {
    const csv = await service.exportCsv(actor(request));
    const day = options.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bookings-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get(
    '/admin/audit',
    {
      schema: {
        querystring: AuditQuerySchema,
        response: { 200: AuditEntrySchema.array() },
      },
    },
    async (request) => service.audit(request.query.limit),
  );

  app.get(
    '/admin/imported-events',
    { schema: { response: { 200: ImportedEventSchema.array() } } },
    async () => service.importedEvents(),
  );
};
