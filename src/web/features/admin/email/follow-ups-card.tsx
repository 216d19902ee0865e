import { FollowUpSettingsSchema } from '../../../../domain/api/follow-ups.ts';
import { FormCheckbox, FormSubmit } from '../../../components/ui/form.tsx';
import { SettingCard } from '../shared/setting-form.tsx';
import { followUps } from './follow-ups-api.ts';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Follow-ups of lapsed checkouts (docs/decisions/032-checkout-follow-ups.md): the owner's switch, and how many
 * went out and how many of those guests then booked.
 */
export function FollowUpsCard() {
  return (
    <SettingCard
      setting={followUps}
      what="the follow-ups"
      headingId="follow-ups-heading"
      title="Checkout follow-ups"
      className="max-w-xl"
      intro={
        <>
          A guest who gives their name and e-mail but does not finish paying gets one e-mail about an hour
          later, with their dates and today’s price, only while those nights are still free and they have not
          booked since; never more than one a week, and every one can stop them with one click.
        </>
      }
      summary={(summary) => (
        <p className="mt-3 text-sm" data-testid="follow-up-figures">
          {summary.sent === 0
            ? 'No follow-up sent yet.'
            : `${count(summary.sent, 'follow-up')} sent; ${summary.bookedAfter} of those guests then booked.`}{' '}
          {summary.optedOut > 0 ? `${count(summary.optedOut, 'address')} asked for none.` : ''}
        </p>
      )}
      schema={FollowUpSettingsSchema}
      toForm={(summary) => ({ enabled: summary.enabled })}
      saved={(settings) => ({
        title: 'Follow-ups Saved',
        description: settings.enabled
          ? 'Guests who leave at the payment step get one reminder while their dates are free.'
          : 'No more follow-ups will be sent.',
      })}
    >
      <FormCheckbox name="enabled" className="flex items-start gap-2 text-sm" inputClassName="mt-0.5 size-4">
        <span>Send a follow-up when a checkout is left unpaid</span>
      </FormCheckbox>
      <FormSubmit>Save</FormSubmit>
    </SettingCard>
  );
}
