import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../test/text-of.ts';
import { AlertsSection, StorageSection } from './system-health.tsx';

const GB = 1024 ** 3;

describe("the System tab's health sections", () => {
  it('lists each open alert with what is wrong and since when, in a list named for it', () => {
    const html = renderToStaticMarkup(
      <AlertsSection
        alerts={[
          {
            key: 'backup',
            summary: 'The last backup failed.',
            detail: 'The off-site copy failed: rclone exited with code 1.',
            since: '2026-12-01T03:05:00Z',
          },
        ]}
      />,
    );
    expect(html).toContain('aria-label="Open alerts"');
    expect(textOf(html)).toBe(
      'Alerts The last backup failed. The off-site copy failed: rclone exited with code 1. Since 1 Dec, 03:05',
    );
  });

  it('says when no alert is open', () => {
    expect(textOf(renderToStaticMarkup(<AlertsSection alerts={[]} />))).toBe(
      'Alerts No open alerts: the jobs, e-mail, backups, disks and channel calendars are fine.',
    );
  });

  it("shows the database's kind and size and each disk's free space, marking a nearly full one", () => {
    const html = renderToStaticMarkup(
      <StorageSection
        database={{ kind: 'postgresql', sizeBytes: 12.5 * 1024 ** 2 }}
        disks={[
          {
            role: 'data',
            label: 'Data (DATA_DIR)',
            path: './data',
            freeBytes: 40 * GB,
            totalBytes: 100 * GB,
            low: false,
          },
          {
            role: 'backups',
            label: 'Backups (BACKUP_DIR)',
            path: '/mnt/usb/backups',
            freeBytes: 0.5 * GB,
            totalBytes: 8 * GB,
            low: true,
          },
        ]}
      />,
    );
    expect(textOf(html)).toBe(
      'Storage Database PostgreSQL (DATABASE_URL) Database size 12.5 MB ' +
        'Data (DATA_DIR) 40.0 GB free of 100.0 GB (40 %) ./data ' +
        'Backups (BACKUP_DIR) 512.0 MB free of 8.0 GB (6 %) /mnt/usb/backups Nearly full: under 10 % or 1 GB free.',
    );
  });
});
