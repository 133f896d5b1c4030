import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustedProxies } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      CAPTCHA: 'on',
      SEED_DEMO: 'on',
      SMTP_URL: undefined,
    });
  });

  it('stops on malformed values, naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAPTCHA: 'maybe' })).toThrow(/CAPTCHA: .*\(got "maybe"\)/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('accepts PostgreSQL, Redis and SMTP URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      SEED_DEMO: 'off',
    });
    expect(config.SEED_DEMO).toBe('off');
    expect(config.DATABASE_URL).toContain('postgres://');
  });

  it('asks no metrics token by default, and refuses a short one', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).METRICS_TOKEN).toBe(
      'a-long-enough-metrics-token',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: at least 16 characters/);
  });

  it('trusts no proxy by default, and only the listed ones when TRUST_PROXY is set', () => {
    expect(trustedProxies(loadConfig({}))).toBe(false);
    expect(trustedProxies(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }))).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
