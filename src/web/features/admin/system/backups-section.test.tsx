import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../test/text-of.ts';
import { BackupsSection } from './backups-section.tsx';

describe("the System tab's backups", () => {
  it('lists each backup: when (Aberdeen time), its size, checked or why not, and a download named for it', () => {
    const html = renderToStaticMarkup(
      <BackupsSection
        backups={[
          {
            name: 'tower-backup-20260701-020000Z.tar',
            takenAt: '2026-07-01T02:00:00.000Z',
            size: 12_400_000,
            verified: true,
            problem: null,
          },
          {
            name: 'tower-backup-20260630-020000Z.tar',
            takenAt: '2026-06-30T02:00:00.000Z',
            size: 900_000,
            verified: false,
            problem: 'the restored copy differs: public.stays has 12 rows in the backup but 11 restored',
          },
        ]}
      />,
    );
    expect(textOf(html)).toBe(
      'Backups 1 Jul, 03:00 11.8 MB Checked Download 30 Jun, 03:00 879 KB Not checked: the restored copy differs: public.stays has 12 rows in the backup but 11 restored Download',
    );
    expect(html).toContain('aria-label="Download the backup of 1 Jul, 03:00, 11.8 MB"');
    expect(html).toContain('aria-label="Download the backup of 30 Jun, 03:00, 879 KB"');
  });

  it('says when there is none yet, and how to take one', () => {
    expect(textOf(renderToStaticMarkup(<BackupsSection backups={[]} />))).toBe(
      'Backups No backup yet. The server takes one every day (BACKUP_HOUR), or run npm run backup on the server.',
    );
  });
});
