import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      siteUrl: 'http://localhost:3000',
      dataDir: './data',
      backupDir: './backups',
      databaseUrl: undefined,
      payments: { mode: 'demo' },
      holdMinutes: 15,
      holdLimitPerHour: 20,
      icalAllowPrivateHosts: false,
      syncIntervalMinutes: 180,
      backup: { hour: 3, keep: 14, command: undefined },
    });
  });

  it('takes the backup settings, and refuses a BACKUP_DIR inside DATA_DIR or MEDIA_DIR with a sentence', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/tower/data',
      BACKUP_DIR: '/srv/tower/backups',
      BACKUP_HOUR: '0',
      BACKUP_KEEP: '30',
      BACKUP_COMMAND: ' rclone copy --quiet remote:tower ',
    });
    expect(config.backupDir).toBe('/srv/tower/backups');
    expect(config.backup).toEqual({ hour: 0, keep: 30, command: 'rclone copy --quiet remote:tower' });
    expect(() => loadConfig({ DATA_DIR: '/srv/tower', BACKUP_DIR: '/srv/tower/backups' })).toThrowError(
      'Invalid configuration: BACKUP_DIR must not be inside DATA_DIR (/srv/tower): the backups would copy themselves and be lost with it (got "/srv/tower/backups")',
    );
    expect(() => loadConfig({ DATA_DIR: './data', BACKUP_DIR: 'data' })).toThrowError(
      /^Invalid configuration: BACKUP_DIR must not be inside DATA_DIR/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: '/srv/tower', MEDIA_DIR: '/mnt/photos', BACKUP_DIR: '/mnt/photos/backups' }),
    ).toThrowError(/^Invalid configuration: BACKUP_DIR must not be inside MEDIA_DIR \(\/mnt\/photos\)/);
    // A sibling whose name starts like DATA_DIR's is not inside it.
    expect(loadConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/srv/data-backups' }).backupDir).toBe(
      '/srv/data-backups',
    );
    expect(() => loadConfig({ BACKUP_HOUR: '24' })).toThrowError(
      'Invalid configuration: BACKUP_HOUR must be an hour of the day from 0 to 23 (got "24")',
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrowError(/^Invalid configuration: BACKUP_KEEP /);
  });

  it("keeps the owner's photos in DATA_DIR/media unless MEDIA_DIR says where", () => {
    expect(loadConfig({ DATA_DIR: '/srv/tower' }).mediaDir).toBe('/srv/tower/media');
    expect(loadConfig({ DATA_DIR: '/srv/tower', MEDIA_DIR: '/mnt/shared/photos' }).mediaDir).toBe(
      '/mnt/shared/photos',
    );
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ SITE_URL: 'not a url' })).toThrowError(/SITE_URL/);
    expect(() => loadConfig({ SYNC_INTERVAL_MINUTES: '-5' })).toThrowError(/SYNC_INTERVAL_MINUTES/);
  });

  it('trusts the proxy on this machine for TRUST_PROXY=true, the listed addresses, or none', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.1.0/24',
      'fd00::/8',
    ]);
    for (const bad of ['everyone', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrowError(
        /^Invalid configuration: TRUST_PROXY must be/,
      );
    }
  });

  it('chooses Stripe when both keys are set, and refuses half a Stripe configuration', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).payments.mode,
    ).toBe('stripe');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrowError(/STRIPE_PUBLISHABLE_KEY/);
  });

  it('never runs demo payments on a public production site unless PAYMENTS=demo says so: payments are off', () => {
    expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://thetower.example' }).payments).toEqual({
      mode: 'off',
    });
    expect(
      loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://thetower.example', PAYMENTS: 'demo' }).payments
        .mode,
    ).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production' }).payments.mode).toBe('demo');
  });
});
