import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InvoiceDetails,
  InvoiceDetailsSchema,
  type ManageDocuments,
} from '../../../domain/documents.ts';
import { formatDayMonthYear, formatGbpWithPence } from '../../../domain/format.ts';
import { DownloadDocumentLabel } from '../../components/content/document-download.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import {
  Form,
  FormAlert,
  FormField,
  FormInput,
  FormSubmit,
  FormTextarea,
} from '../../components/ui/form.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { toast } from '../../lib/toast.ts';
import { manageDocumentsQuery, saveInvoiceDetails } from './documents-api.ts';

/**
 * The guest's receipts and credit notes to download, and the company the next ones are made out to (a
 * corporate stay): documents already issued never change.
 */
export function DocumentsSection({ reference, bookingKey }: { reference: string; bookingKey: string }) {
  const documents = useQuery(manageDocumentsQuery(reference, bookingKey));
  return (
    <Panel headingId="documents-heading" title="Receipts and invoices" className="mt-6">
      {documents.isPending ? (
        <p className="mt-2 text-stone-600" role="status">
          Loading your receipts…
        </p>
      ) : documents.isError ? (
        <p className="mt-2 text-stone-700">{documents.error.message}</p>
      ) : (
        <>
          {documents.data.documents.length === 0 ? (
            <p className="mt-2 text-stone-700">There are no receipts for this booking yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-200">
              {documents.data.documents.map((document) => (
                <li key={document.number} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <span>
                    {document.title} {document.number}
                    <span className="text-stone-600">
                      {' '}
                      · {formatDayMonthYear(document.issuedOn)} · {formatGbpWithPence(document.amountPence)}
                    </span>
                  </span>
                  <a href={document.url} download className={buttonClass({ variant: 'secondary' })}>
                    <DownloadDocumentLabel document={document} />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <CompanyForm reference={reference} bookingKey={bookingKey} saved={documents.data.invoiceDetails} />
        </>
      )}
    </Panel>
  );
}

function CompanyForm({
  reference,
  bookingKey,
  saved,
}: {
  reference: string;
  bookingKey: string;
  saved: ManageDocuments['invoiceDetails'];
}) {
  const queryClient = useQueryClient();

  async function onSubmit(details: InvoiceDetails) {
    await saveInvoiceDetails(reference, bookingKey, details);
    await queryClient.invalidateQueries({ queryKey: manageDocumentsQuery(reference, bookingKey).queryKey });
    toast({ title: 'Saved', description: 'Your next receipts will be made out to this company.' });
  }

  return (
    <Form
      schema={InvoiceDetailsSchema}
      defaultValues={{ companyName: saved?.companyName ?? '', companyAddress: saved?.companyAddress ?? '' }}
      onSubmit={onSubmit}
      className="mt-5 space-y-3 border-stone-200 border-t pt-4"
      aria-labelledby="company-heading"
    >
      <h3 id="company-heading" className="font-semibold">
        Invoice to a company
      </h3>
      <p className="text-sm text-stone-700">
        Receipts and credit notes issued from now on are made out to this company; those already issued stay
        as they are.
      </p>
      <FormField name="companyName" label="Company name" id="company-name">
        <FormInput autoComplete="organization" />
      </FormField>
      <FormField name="companyAddress" label="Company address" id="company-address">
        <FormTextarea rows={3} />
      </FormField>
      <FormAlert className="text-red-800 text-sm" />
      <FormSubmit variant="secondary" pendingLabel="Saving...">
        Save company details
      </FormSubmit>
    </Form>
  );
}
