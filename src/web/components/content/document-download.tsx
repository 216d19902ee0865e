import type { DocumentSummary } from '../../../domain/documents.ts';

/**
 * What a document's download button says: 'Download', and to a screen reader which document (its title and
 * number), so a list of them is not a row of identical buttons. The guest's and the owner's lists both use it.
 */
export function DownloadDocumentLabel({ document }: { document: Pick<DocumentSummary, 'title' | 'number'> }) {
  return (
    <>
      Download
      <span className="sr-only">
        {' '}
        {document.title.toLowerCase()} {document.number}
      </span>
    </>
  );
}
