import type {
  FastifyInstance,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { type CalendarWrites, createCalendar, deferCalendarInvalidation } from '../bookings/calendar.ts';
import type { AppContext } from '../context.ts';
import { readOnly } from './requests.ts';

/**
 * The guest's calendar is served from memory (bookings/calendar.ts, decision 004). Every write reaches us through
 * a non-GET request: its handler's writes do not clear that memory, the calendar is read again once its answer
 * is ready and before it goes out, whichever capability wrote, so readers never wait for a write (and see it
 * once it is answered). The hooks are given to the routes that can write only, so the reads do not run them.
 * Registered before any route: an onRoute hook sees only the routes added after it.
 */
export const calendarWriteHooks = fp(
  async (app: FastifyInstance, { db, clock }: Pick<AppContext, 'db' | 'clock'>) => {
    const calendar = createCalendar(db);
    const calendarWrites = new WeakMap<FastifyRequest, CalendarWrites>();
    const deferCalendarRefresh: preHandlerHookHandler = (request, _reply, done) => {
      const writes: CalendarWrites = { deferring: true };
      calendarWrites.set(request, writes);
      deferCalendarInvalidation(writes, done);
    };
    const refreshCalendar: onSendHookHandler = async (request, _reply, payload) => {
      const writes = calendarWrites.get(request);
      if (writes) await calendar.refreshAfterWrites(writes, clock.now());
      return payload;
    };
    const settleCalendar: onResponseHookHandler = (request, _reply, done) => {
      const writes = calendarWrites.get(request);
      if (writes) calendar.endWrites(writes);
      done();
    };
    app.addHook('onRoute', (route) => {
      if (readOnly(route.method)) return;
      route.preHandler = [route.preHandler ?? [], deferCalendarRefresh].flat();
      route.onSend = [route.onSend ?? [], refreshCalendar].flat();
      route.onResponse = [route.onResponse ?? [], settleCalendar].flat();
    });
  },
  { name: 'calendar-write-hooks', fastify: '5.x' },
);
