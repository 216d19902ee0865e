import { z } from 'zod';
import { DocumentPeriodQuerySchema } from '../../../../domain/documents.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Form, FormField, FormInput, readAt } from '../../../components/ui/form.tsx';
import { toastIfFailed } from '../../../lib/toast.ts';
import { cardClass } from '../shared/styles.ts';
import { downloadPeriodDocuments } from './documents-api.ts';

const PeriodForm = z
  .object({ from: z.string(), to: z.string() })
  .transform((form, context) => readAt(DocumentPeriodQuerySchema, form, context, (path) => [path[0]!]));

/** First and last day of the month before `today` (yyyy-MM-dd): the period an accountant asks for most. */
function lastMonth(today = new Date()) {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Every receipt and credit note issued in a period, in one download (a tar of PDFs) for the accounts. */
export function DocumentsCard() {
  const onDownload = ({ from, to }: { from: string; to: string }) =>
    toastIfFailed(downloadPeriodDocuments(from, to));
  return (
    <details className={cardClass}>
      <summary className="cursor-pointer font-serif text-xl">Receipts and credit notes</summary>
      <p className="mt-2 text-sm text-stone-600">
        Every receipt and credit note issued between two days, as one file of PDFs for your accounts.
      </p>
      <Form
        schema={PeriodForm}
        defaultValues={lastMonth()}
        onSubmit={onDownload}
        className="mt-3 flex flex-wrap items-end gap-3"
        aria-label="Documents of a period"
      >
        {(form) => (
          <>
            <FormField name="from" label="From" id="documents-from">
              <FormInput type="date" />
            </FormField>
            <FormField name="to" label="To" id="documents-to">
              <FormInput type="date" />
            </FormField>
            <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
              Download documents
            </Button>
          </>
        )}
      </Form>
    </details>
  );
}
