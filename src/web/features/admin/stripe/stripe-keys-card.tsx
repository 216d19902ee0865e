import { z } from 'zod';
import { SaveStripeSettingsSchema, type StripeSettings } from '../../../../domain/api/payments.ts';
import { FormAlert, FormField, FormInput, FormSubmit, readAt } from '../../../components/ui/form.tsx';
import { ReadCard } from '../shared/card.tsx';
import { SetByEnvironment } from '../shared/set-by-environment.tsx';
import { SettingForm } from '../shared/setting-form.tsx';
import { stripeKeys } from './stripe-api.ts';

const StripeKeysForm = z
  .object({ publishableKey: z.string(), secretKey: z.string(), webhookSecret: z.string() })
  .transform((draft, context) =>
    readAt(
      SaveStripeSettingsSchema,
      {
        publishableKey: draft.publishableKey.trim(),
        secretKey: draft.secretKey.trim(),
        webhookSecret: draft.webhookSecret.trim(),
      },
      context,
    ),
  );

/**
 * Stripe's keys (decision 024): checked with Stripe (its account endpoint) before they are stored, the secrets
 * stored encrypted and shown only by their last four characters. The next guest pays through them, with no
 * restart. Keys the server's environment sets are shown read-only, and PAYMENTS=demo there keeps demo payments.
 */
export function StripeKeysCard() {
  const current = stripeKeys.useRead();
  return (
    <ReadCard
      headingId="stripe-keys-heading"
      title="Card payments (Stripe)"
      className="max-w-xl"
      frame={false}
      intro={
        <>
          The keys of your Stripe account (Stripe’s dashboard, Developers: API keys and Webhooks). The site
          checks them with Stripe before saving them; secret keys are stored encrypted and never shown again.
        </>
      }
      query={current}
      what="the Stripe keys"
    >
      {(settings) => <StripeKeysFields settings={settings} />}
    </ReadCard>
  );
}

function StripeKeysFields({ settings }: { settings: StripeSettings }) {
  const fixed = new Set(settings.fromEnvironment);
  const status =
    settings.mode === 'stripe'
      ? `Guests pay by card through Stripe (${settings.publishableKey?.startsWith('pk_live_') ? 'live' : 'test'} mode).`
      : settings.mode === 'off'
        ? 'Payments are off: guests cannot book until you enter your Stripe keys.'
        : 'Demo payments: guests cannot pay real money and nobody is charged.';

  if (fixed.has('payments') || fixed.has('secretKey')) {
    return (
      <div className="mt-4 space-y-4">
        <p className="text-sm" role="status">
          {status}
        </p>
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm">
          {fixed.has('payments')
            ? 'The server’s environment sets PAYMENTS=demo, which wins over keys entered here: remove it from the server’s settings to take card payments.'
            : 'The server’s environment sets the Stripe keys, which win over keys entered here.'}
        </p>
        {settings.publishableKey ? (
          <SetByEnvironment
            label="Publishable key"
            variable="STRIPE_PUBLISHABLE_KEY"
            value={settings.publishableKey}
          />
        ) : null}
      </div>
    );
  }

  return (
    <SettingForm
      schema={StripeKeysForm}
      defaultValues={{ publishableKey: settings.publishableKey ?? '', secretKey: '', webhookSecret: '' }}
      setting={stripeKeys}
      saved={{
        title: 'Stripe Keys Saved',
        description: 'Stripe accepted the keys: the next guest pays through them.',
      }}
      refusedInForm
      className="mt-4 space-y-4"
    >
      <p className="text-sm" role="status">
        {status}
      </p>
      <FormField
        name="publishableKey"
        label="Publishable key"
        hint="Starts with pk_live_ (pk_test_ in test mode)"
      >
        <FormInput autoComplete="off" spellCheck={false} />
      </FormField>
      <SecretField
        name="secretKey"
        label="Secret key"
        what="A secret key"
        last4={settings.secretKeyLast4}
        format="Starts with sk_live_ (sk_test_ in test mode)"
      />
      {fixed.has('webhookSecret') ? (
        <SetByEnvironment
          label="Webhook signing secret"
          variable="STRIPE_WEBHOOK_SECRET"
          value={`Ends in ${settings.webhookSecretLast4 ?? ''}`}
        />
      ) : (
        <SecretField
          name="webhookSecret"
          label="Webhook signing secret"
          what="A signing secret"
          last4={settings.webhookSecretLast4}
          format="Starts with whsec_; from the webhook that sends payment_intent events to /api/stripe/webhook"
        />
      )}
      <FormAlert className="text-red-800 text-sm" />
      <FormSubmit pendingLabel="Checking...">Check and Save</FormSubmit>
    </SettingForm>
  );
}

/** A secret's field: empty, with a hint that says which one is saved (by its last four characters) and is kept. */
function SecretField(props: {
  name: string;
  label: string;
  what: string;
  last4: string | null;
  format: string;
}) {
  return (
    <FormField
      name={props.name}
      label={props.label}
      hint={
        props.last4
          ? `${props.what} ending in ${props.last4} is saved. Leave this empty to keep it.`
          : props.format
      }
    >
      <FormInput type="password" autoComplete="off" />
    </FormField>
  );
}
