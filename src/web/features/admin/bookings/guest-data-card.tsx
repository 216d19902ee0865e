import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { cardClass } from '../shared/styles.ts';
import { downloadGuestData, useEraseGuest } from './guest-journey-api.ts';

const EmailSchema = z.email('Give the guest’s e-mail address');

/**
 * A guest's data under UK GDPR: everything held about them (their stays and the e-mails to them) as a JSON file,
 * or erased (name, contact details and requests replaced; the dates and money stay for the accounts). Stays
 * that ended more than 7 years ago are erased by themselves.
 */
export function GuestDataCard() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const erase = useEraseGuest();

  function valid(): string | null {
    const parsed = EmailSchema.safeParse(email.trim());
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  }

  async function onExport(event: FormEvent) {
    event.preventDefault();
    const address = valid();
    if (!address) return;
    setExporting(true);
    try {
      await downloadGuestData(address);
    } catch (caught) {
      toast({ title: 'Error', description: (caught as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  async function onErase() {
    const address = valid();
    if (!address) return;
    try {
      const result = await erase.mutateAsync(address);
      toast({
        title: 'Guest Erased',
        description: `${result.erasedStays} booking(s) and ${result.erasedMessages} e-mail(s) erased.`,
      });
      setConfirming(false);
      setEmail('');
    } catch (caught) {
      toast({ title: 'Error', description: (caught as Error).message, variant: 'destructive' });
    }
  }

  return (
    <details className={cardClass}>
      <summary className="cursor-pointer font-serif text-xl">Guest data (UK GDPR)</summary>
      <p className="mt-2 text-sm text-stone-600">
        Export everything held about a guest, or erase it: names, contact details and requests are replaced;
        dates and amounts stay for the accounts. Bookings are erased by themselves 7 years after check-out.
      </p>
      <form onSubmit={onExport} className="mt-3 flex flex-wrap items-end gap-2" noValidate>
        <Field label="Guest e-mail" error={error} className="min-w-64 flex-1">
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary" disabled={exporting}>
          {exporting ? 'Exporting...' : 'Export (JSON)'}
        </Button>
        <Button variant="danger-outline" onClick={() => valid() && setConfirming(true)}>
          Erase guest
        </Button>
      </form>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>Erase this guest?</DialogTitle>
          <DialogDescription>
            Every booking and e-mail of {email.trim()} loses its personal details for good. This cannot be
            undone.
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Keep</Button>
            </DialogClose>
            <Button variant="danger" disabled={erase.isPending} onClick={onErase}>
              {erase.isPending ? 'Erasing...' : 'Erase'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </details>
  );
}
