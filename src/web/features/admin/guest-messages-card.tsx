import { type FormEvent, useEffect, useState } from 'react';
import { type GuestMessageSettings, GuestMessageSettingsSchema } from '../../../domain/api/guest-journey.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { toast } from '../../lib/toast.ts';
import {
  useEmailTemplates,
  useGuestMessageSettings,
  useSaveGuestMessageSettings,
} from './guest-journey-api.ts';
import { cardClass } from './styles.ts';

const EMPTY: GuestMessageSettings = {
  checkInInstructions: '',
  defaultAccessCode: '',
  reviewUrl: '',
  showAddress: false,
};

/**
 * The owner's standing guest message settings: the check-in instructions and default access code of the arrival
 * e-mail (24 hours before check-in), the review link of the thank-you (the morning after check-out), and whether
 * the guest's booking page shows the address.
 */
export function GuestMessagesCard() {
  const saved = useGuestMessageSettings();
  const save = useSaveGuestMessageSettings();
  const [form, setForm] = useState<GuestMessageSettings>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (saved.data) setForm(saved.data);
  }, [saved.data]);

  const set = <K extends keyof GuestMessageSettings>(key: K, value: GuestMessageSettings[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = GuestMessageSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast({
        title: 'Guest Messages Saved',
        description: 'The next arrival and thank-you e-mails use them.',
      });
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    }
  }

  return (
    <section className={`${cardClass} max-w-xl`} aria-labelledby="guest-messages-heading">
      <h2 id="guest-messages-heading" className="font-serif text-xl">
        Guest messages
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Guests get an arrival e-mail 24 hours before check-in with these instructions and their access code,
        and a thank-you the morning after check-out. A stay's own code is set on the booking.
      </p>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <Field
          label="Check-in instructions"
          error={errors.checkInInstructions}
          hint="Blank lines separate paragraphs."
        >
          <Textarea
            rows={6}
            value={form.checkInInstructions}
            onChange={(e) => set('checkInInstructions', e.target.value)}
          />
        </Field>
        <Field
          label="Default access code"
          error={errors.defaultAccessCode}
          hint="Sent when a stay has no code of its own. Without either, you are told 36 hours before arrival."
        >
          <Input value={form.defaultAccessCode} onChange={(e) => set('defaultAccessCode', e.target.value)} />
        </Field>
        <Field label="Review link (optional)" error={errors.reviewUrl}>
          <Input
            type="url"
            placeholder="https://"
            value={form.reviewUrl}
            onChange={(e) => set('reviewUrl', e.target.value)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="size-4"
            checked={form.showAddress}
            onChange={(e) => set('showAddress', e.target.checked)}
          />
          Show the address on the guest's booking page
        </label>
        <Button type="submit" disabled={save.isPending || saved.isPending}>
          {save.isPending ? 'Saving...' : 'Save Guest Messages'}
        </Button>
      </form>
    </section>
  );
}

/** Every e-mail the site sends, with the owner's settings filled in (`npm run email:preview` writes the same). */
export function EmailTemplatesCard() {
  const templates = useEmailTemplates();
  return (
    <details className={`${cardClass} max-w-3xl`}>
      <summary className="cursor-pointer font-serif text-xl">E-mail previews</summary>
      {templates.isPending ? (
        <p className="mt-3 text-sm text-stone-600">Loading…</p>
      ) : templates.isError ? (
        <p className="mt-3 text-red-800 text-sm">Could not load the previews: {templates.error.message}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {templates.data.map((template) => (
            <li key={template.kind}>
              <details className="rounded-md border border-stone-200 p-3">
                <summary className="cursor-pointer text-sm">
                  <span className="font-medium">{template.subject}</span>{' '}
                  <span className="text-stone-500">({template.kind})</span>
                </summary>
                <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-stone-800">
                  {template.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
