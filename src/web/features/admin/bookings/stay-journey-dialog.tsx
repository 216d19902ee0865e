import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import {
  type ChangeDates,
  ChangeDatesSchema,
  StayAccessCodeSchema,
} from '../../../../domain/api/guest-journey.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ViewDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Form, FormField, FormInput } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toastOutcome } from '../../../lib/toast.ts';
import { formatMoment } from '../shared/format-moment.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { guestAndDates } from './booking-list.ts';
import { useChangeDates, useStayJourney, useStayJourneyAction } from './guest-journey-api.ts';
import { StayCheckInSection } from './stay-check-in.tsx';
import { StayDocuments } from './stay-documents.tsx';

const STATUS_LABELS = {
  scheduled: 'scheduled',
  canceled: 'not sent: cancelled',
  queued: 'queued',
  sent: 'sent',
  failed: 'failed',
} as const;

/**
 * A guest stay's journey for the owner: its access code, the guest's booking link (copy, or replace it when it
 * has leaked), moving its dates, and its messages: sent, queued and still to come.
 */
export function StayJourneyDialog({ booking, onClose }: { booking: AdminBooking | null; onClose(): void }) {
  const journey = useStayJourney(booking?.id ?? null);
  const action = useStayJourneyAction();
  const move = useChangeDates();

  async function run(what: () => Promise<unknown>, done: string) {
    await toastOutcome(what(), { title: done });
  }

  function onSaveCode({ accessCode }: { accessCode: string }) {
    if (!booking) return;
    return run(() => action.mutateAsync({ id: booking.id, action: { accessCode } }), 'Access Code Saved');
  }

  function onMove(dates: ChangeDates) {
    if (!booking) return;
    return run(() => move.mutateAsync({ id: booking.id, ...dates }), 'Dates Changed');
  }

  const live = booking?.status === 'confirmed' || booking?.status === 'pending';

  return (
    <ViewDialog
      open={booking !== null}
      onClose={onClose}
      width="lg"
      title="Guest link and messages"
      description={booking ? `${guestAndDates(booking)} (Ref ${booking.reference})` : null}
    >
      <WhenRead query={journey} what="the stay" className="mt-4 text-sm">
        {(stay) => (
          <div className="mt-4 space-y-5 text-sm">
            <section aria-label="Guest link">
              <Field
                label="The guest's booking page"
                hint="It is in every confirmation e-mail. Replace it if it reached someone else: the old link stops working."
              >
                <Input readOnly value={stay.manageUrl} onFocus={(e) => e.target.select()} />
              </Field>
              <div className="mt-2 flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => navigator.clipboard?.writeText(stay.manageUrl)}
                >
                  Copy
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={action.isPending}
                  onClick={() =>
                    booking &&
                    run(() => action.mutateAsync({ id: booking.id, action: 'replace-link' }), 'Link Replaced')
                  }
                >
                  Replace Link
                </Button>
              </div>
            </section>
            <Form
              schema={StayAccessCodeSchema}
              defaultValues={{ accessCode: '' }}
              options={{ values: { accessCode: stay.accessCode ?? '' } }}
              onSubmit={onSaveCode}
              className="space-y-2"
            >
              <FormField
                name="accessCode"
                label="Access code for this stay"
                hint={
                  stay.defaultAccessCode
                    ? `Blank: the default code (${stay.defaultAccessCode}).`
                    : 'Blank: no code (set a default in the Email tab).'
                }
              >
                <FormInput />
              </FormField>
              <Button type="submit" size="sm" disabled={action.isPending}>
                Save Code
              </Button>
            </Form>
            {live && booking ? (
              <Form
                key={booking.id}
                schema={ChangeDatesSchema}
                defaultValues={{ checkInDate: booking.checkInDate, checkOutDate: booking.checkOutDate }}
                onSubmit={onMove}
                className="space-y-2"
              >
                {/* On a phone the dates stack and Move Stay follows them: side by side they overflow. */}
                <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
                  <FormField name="checkInDate" label="New check-in">
                    <FormInput type="date" />
                  </FormField>
                  <FormField name="checkOutDate" label="New check-out">
                    <FormInput type="date" />
                  </FormField>
                  <Button
                    type="submit"
                    size="sm"
                    variant="secondary"
                    disabled={move.isPending}
                    className="justify-self-start"
                  >
                    Move Stay
                  </Button>
                </div>
                <p className="text-stone-600">
                  The price stays as paid; the scheduled e-mails follow the new dates.
                </p>
              </Form>
            ) : null}
            {booking ? <StayDocuments stayId={booking.id} /> : null}
            {booking?.kind === 'guest' ? <StayCheckInSection id={booking.id} /> : null}
            <section aria-labelledby="stay-messages-heading">
              <h3 id="stay-messages-heading" className="font-semibold">
                Messages
              </h3>
              {stay.messages.length === 0 ? (
                <p className="mt-1 text-stone-600">None.</p>
              ) : (
                <ul className="mt-1 divide-y divide-stone-100">
                  {stay.messages.map((message) => (
                    <li
                      key={`${message.kind}-${message.at}`}
                      className="flex flex-wrap justify-between gap-2 py-1.5"
                    >
                      <span>
                        {message.label}
                        <span className="block text-stone-500 text-xs">{message.to}</span>
                      </span>
                      <span className="text-right">
                        {STATUS_LABELS[message.status]}
                        <span className="block text-stone-500 text-xs">
                          {formatMoment(message.sentAt ?? message.at)}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </WhenRead>
    </ViewDialog>
  );
}
