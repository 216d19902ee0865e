import { csvTable } from '../../../../domain/csv.ts';
import { Button } from '../../../components/ui/button.tsx';
import { saveCsv } from './reports-api.ts';

/** A column: its heading, how a row reads on the page, and its value in the CSV (pounds, not "£"). */
export type Column<R> = { header: string; cell(row: R): string; csv?(row: R): string | number };

/**
 * A table of figures, captioned, with its CSV download: the page's tables are what the charts draw, so a screen
 * reader reads them and the owner copies or downloads them.
 */
export function FigureTable<R>({
  caption,
  columns,
  rows,
  fileName,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  fileName: string;
}) {
  const download = () =>
    saveCsv(
      fileName,
      csvTable(
        columns.map((column) => column.header),
        rows.map((row) => columns.map((column) => (column.csv ?? column.cell)(row))),
      ),
    );
  return (
    <div className="min-w-0">
      {/* A wide table scrolls sideways on a phone: a named region that takes focus, so a keyboard scrolls it too. */}
      <section
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-stone-900"
        aria-label={`${caption} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-medium text-stone-900">{caption}</caption>
          <thead>
            <tr className="border-stone-300 border-b">
              {columns.map((column) => (
                <th key={column.header} scope="col" className="whitespace-nowrap py-1 pr-4 font-medium">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the same months in the same order
              <tr key={index} className="border-stone-200 border-b last:border-0">
                {columns.map((column, i) =>
                  i === 0 ? (
                    <th key={column.header} scope="row" className="whitespace-nowrap py-1 pr-4 font-normal">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className="whitespace-nowrap py-1 pr-4 tabular-nums">
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Button variant="secondary" size="sm" className="mt-2" onClick={download}>
        Download {caption.charAt(0).toLowerCase() + caption.slice(1)} (CSV)
      </Button>
    </div>
  );
}
