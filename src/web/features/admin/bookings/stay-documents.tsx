import { formatDayMonthYear, formatGbpWithPence } from '../../../../domain/format.ts';
import { DownloadDocumentLabel } from '../../../components/content/document-download.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toastIfFailed } from '../../../lib/toast.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { downloadDocument, useStayDocuments } from './documents-api.ts';

/** A booking's receipts and credit notes, each downloaded as its PDF. */
export function StayDocuments({ stayId }: { stayId: string }) {
  const documents = useStayDocuments(stayId);
  return (
    <section aria-labelledby="stay-documents-heading">
      <h3 id="stay-documents-heading" className="font-semibold">
        Receipts and credit notes
      </h3>
      <WhenRead query={documents} what="the documents" className="mt-1">
        {(issued) =>
          issued.length === 0 ? (
            <p className="mt-1 text-stone-600">None yet.</p>
          ) : (
            <ul className="mt-1 divide-y divide-stone-100">
              {issued.map((document) => (
                <li
                  key={document.number}
                  className="flex flex-wrap items-center justify-between gap-2 py-1.5"
                >
                  <span>
                    {document.title} {document.number}
                    <span className="block text-stone-500 text-xs">
                      {formatDayMonthYear(document.issuedOn)} · {formatGbpWithPence(document.amountPence)}
                    </span>
                  </span>
                  <Button variant="secondary" onClick={() => toastIfFailed(downloadDocument(document))}>
                    <DownloadDocumentLabel document={document} />
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </WhenRead>
    </section>
  );
}
