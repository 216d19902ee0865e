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
      databaseUrl: undefined,
      payments: { mode: 'demo' },
      holdMinutes: 15,
      holdLimitPerHour: 20,
      icalAllowPrivateHosts: false,
      syncIntervalMinutes: 180,
    });
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

  it('refuses demo payments on a public production site unless PAYMENTS=demo says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://thetower.example' })).toThrowError(
      /PAYMENTS/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://thetower.example', PAYMENTS: 'demo' }).payments
        .mode,
    ).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production' }).payments.mode).toBe('demo');
  });
});
