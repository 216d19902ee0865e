import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { DemoNotice, PostcodeField } from './complete-payment-dialog.tsx';
import { type DemoCardDraft, DemoCardFields, EMPTY_DEMO_CARD, parseDemoCard } from './demo-card-fields.tsx';
import { payDemoIntent, useDemoAuthentication } from './demo-payment.tsx';
import { CONFIRMED_STATUSES, type DemoCheckoutFormProps } from './payment-types.ts';

/** Demo mode of the checkout page: the labelled test-card form in place of Stripe's Payment Element. */
export function DemoCheckoutForm({
  clientSecret,
  paymentIntentId,
  onSucceeded,
  onFailed,
  onError,
  authorising,
}: DemoCheckoutFormProps) {
  const authentication = useDemoAuthentication();
  const [card, setCard] = useState<DemoCardDraft>(EMPTY_DEMO_CARD);
  const [postcode, setPostcode] = useState('');
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDemoCard(card);
    if ('error' in parsed) {
      onFailed(parsed.error);
      return;
    }
    setProcessing(true);
    try {
      const result = await payDemoIntent(
        { paymentIntentId, clientSecret },
        parsed,
        postcode,
        authentication.ask,
      );
      if (CONFIRMED_STATUSES.has(result.status)) await onSucceeded(paymentIntentId);
      else onFailed(result.error ?? undefined);
    } catch (error) {
      if (error instanceof ApiRequestError) onFailed(error.message);
      else onError();
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <DemoNotice />
      <DemoCardFields value={card} onChange={setCard} disabled={processing} />
      <PostcodeField value={postcode} onChange={setPostcode} />
      <Button type="submit" className="w-full py-3" disabled={processing}>
        {processing ? 'Processing Payment...' : (authorising?.label ?? 'Complete Booking')}
      </Button>
      {authentication.dialog}
    </form>
  );
}
