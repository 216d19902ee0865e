import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmationDialog } from '../../../components/ui/dialog.tsx';
import { Form, FormField, FormInput, type FormMethods } from '../../../components/ui/form.tsx';
import { toastIfFailed, toastOutcome } from '../../../lib/toast.ts';
import { cardClass } from '../shared/styles.ts';
import { downloadGuestData, useEraseGuest } from './guest-journey-api.ts';

const GuestEmailForm = z.object({
  email: z.string().trim().pipe(z.email('Give the guest’s e-mail address')),
});

/**
 * A guest's data under UK GDPR: everything held about them (their stays and the e-mails to them) as a JSON file,
 * or erased (name, contact details and requests replaced; the dates and money stay for the accounts). Stays
 * that ended more than 7 years ago are erased by themselves.
 */
export function GuestDataCard() {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const erase = useEraseGuest();

  async function onExport({ email }: { email: string }) {
    setExporting(true);
    await toastIfFailed(downloadGuestData(email));
    setExporting(false);
  }

  async function onErase(email: string, form: FormMethods<typeof GuestEmailForm>) {
    const erased = await toastOutcome(erase.mutateAsync(email), (result) => ({
      title: 'Guest Erased',
      description: `${result.erasedStays} booking(s), ${result.erasedMessages} e-mail(s), ${result.erasedEnquiries} enquiry(ies) and ${result.erasedQuotes} quote(s) erased.`,
    }));
    if (erased) {
      setConfirming(null);
      form.reset();
    }
  }

  return (
    <details className={cardClass}>
      <summary className="cursor-pointer font-serif text-xl">Guest data (UK GDPR)</summary>
      <p className="mt-2 text-sm text-stone-600">
        Export everything held about a guest, or erase it: names, contact details, requests and the guest
        register are replaced or removed; dates and amounts stay for the accounts. Bookings are erased by
        themselves 7 years after check-out, the guest register 12 months after.
      </p>
      <Form
        schema={GuestEmailForm}
        defaultValues={{ email: '' }}
        onSubmit={onExport}
        className="mt-3 flex flex-wrap items-end gap-2"
      >
        {(form) => (
          <>
            <FormField name="email" label="Guest e-mail" className="min-w-64 flex-1">
              <FormInput type="email" />
            </FormField>
            <Button type="submit" variant="secondary" disabled={exporting}>
              {exporting ? 'Exporting...' : 'Export (JSON)'}
            </Button>
            {/* Erasing checks the address the same way, then asks first. */}
            <Button variant="danger-outline" onClick={form.handleSubmit(({ email }) => setConfirming(email))}>
              Erase guest
            </Button>
            <ConfirmationDialog
              open={confirming !== null}
              onOpenChange={(open) => !open && setConfirming(null)}
              title="Erase this guest?"
              description={`Every booking and e-mail of ${confirming} loses its personal details for good. This cannot be undone.`}
              keepLabel="Keep"
              confirmLabel="Erase"
              pendingLabel="Erasing..."
              pending={erase.isPending}
              onConfirm={() => confirming && onErase(confirming, form)}
            />
          </>
        )}
      </Form>
    </details>
  );
}
