import { useState } from 'react';
import type { z } from 'zod';
import { TwoFactorDisableSchema, TwoFactorEnableSchema } from '../../../../domain/api/admin-account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Form, FormField, FormInput, type FormMethods, FormSubmit } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { toastIfFailed, toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { formatMoment } from '../shared/format-moment.ts';
import { WhenRead } from '../shared/when-read.tsx';
import {
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from './account-api.ts';

/**
 * Two-step sign-in: scan the QR code (made on the server) with an authenticator app, enter a code to turn it on,
 * then keep the ten recovery codes shown once. Turning it off takes the password and a code.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <AdminCard
      headingId="two-factor-heading"
      title="Two-step sign-in"
      intro={
        <>
          With it on, logging in takes your password and a code from an authenticator app on your phone
          (Google Authenticator, Microsoft Authenticator, 1Password…), so a stolen password alone does not
          open the admin.
        </>
      }
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : (
        <WhenRead query={status} what="the two-step sign-in" className="mt-4 text-sm">
          {(current) =>
            current.enabled ? (
              <TurnOff enabledAt={current.enabledAt} recoveryCodesLeft={current.recoveryCodesLeft} />
            ) : (
              <SetUp onEnabled={setRecoveryCodes} />
            )
          }
        </WhenRead>
      )}
    </AdminCard>
  );
}

function SetUp({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();

  async function onSubmit(
    { code }: z.output<typeof TwoFactorEnableSchema>,
    form: FormMethods<typeof TwoFactorEnableSchema>,
  ) {
    const enabled = await toastOutcome(
      enable.mutateAsync(code),
      { title: 'Two-Step Sign-In On', description: 'Save your recovery codes now.' },
      { title: 'Two-Step Sign-In Not Turned On' },
    );
    if (!enabled) return;
    form.reset({ code: '' });
    onEnabled(enabled.answer.recoveryCodes);
  }

  if (!setup.data) {
    return (
      <Button
        className="mt-4"
        onClick={() => toastIfFailed(setup.mutateAsync(), { title: 'Set-Up Failed' })}
        disabled={setup.isPending}
      >
        {setup.isPending ? 'Starting...' : 'Set Up Two-Step Sign-In'}
      </Button>
    );
  }
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm">1. Scan this code with your authenticator app.</p>
      <img
        src={setup.data.qrCode}
        alt="QR code to scan with your authenticator app"
        width={200}
        height={200}
        className="rounded border border-stone-200"
      />
      <Field label="Set-up key" id="two-factor-key" hint="Cannot scan? Type this key into the app instead.">
        <Input readOnly value={setup.data.secret} className="font-mono" />
      </Field>
      <Form
        schema={TwoFactorEnableSchema}
        defaultValues={{ code: '' }}
        onSubmit={onSubmit}
        className="space-y-4"
      >
        <FormField
          name="code"
          label="Code from the app"
          id="two-factor-enable-code"
          hint="2. Enter the 6 digits the app shows now."
        >
          <FormInput inputMode="numeric" autoComplete="one-time-code" />
        </FormField>
        <FormSubmit pendingLabel="Turning on...">Turn On</FormSubmit>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  function copy() {
    return copyToClipboard(
      codes.join('\n'),
      { title: 'Codes Copied', description: 'Paste them somewhere safe, away from your phone.' },
      {
        title: 'Copy Failed',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      },
    );
  }
  return (
    <div className="mt-4 space-y-3">
      <h3 className="font-medium">Your recovery codes</h3>
      <p className="text-sm text-stone-600">
        If you lose your phone, each of these codes logs you in once instead of the app's code. They are shown
        only now: copy them to a safe place.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((one) => (
          <li key={one} className="rounded bg-stone-100 px-2 py-1">
            {one}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          Copy Codes
        </Button>
        <Button onClick={onDone}>I Have Saved Them</Button>
      </div>
    </div>
  );
}

function TurnOff({ enabledAt, recoveryCodesLeft }: { enabledAt: string | null; recoveryCodesLeft: number }) {
  const disable = useTwoFactorDisable();

  async function onSubmit(
    values: z.output<typeof TwoFactorDisableSchema>,
    form: FormMethods<typeof TwoFactorDisableSchema>,
  ) {
    const disabled = await toastOutcome(
      disable.mutateAsync(values),
      { title: 'Two-Step Sign-In Off', description: 'Logging in now takes your password only.' },
      { title: 'Two-Step Sign-In Still On' },
    );
    if (disabled) form.reset({ password: '', code: '' });
  }

  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm" role="status">
        Two-step sign-in is on{enabledAt ? ` since ${formatMoment(enabledAt)}` : ''}. {recoveryCodesLeft}{' '}
        recovery code(s) left.
      </p>
      <Form
        schema={TwoFactorDisableSchema}
        defaultValues={{ password: '', code: '' }}
        onSubmit={onSubmit}
        className="space-y-4"
      >
        <FormField name="password" label="Password" id="two-factor-disable-password">
          <FormInput type="password" autoComplete="current-password" />
        </FormField>
        <FormField name="code" label="Code from the app or a recovery code" id="two-factor-disable-code">
          <FormInput autoComplete="one-time-code" />
        </FormField>
        <FormSubmit variant="secondary" pendingLabel="Turning off...">
          Turn Off Two-Step Sign-In
        </FormSubmit>
      </Form>
    </div>
  );
}
