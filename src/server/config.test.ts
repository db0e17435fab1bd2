import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfigOf } from './config.ts';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 4321, HOST: 'localhost', DATA_DIR: './data', SEED_DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(publicConfigOf(config).apiBase).toBe('/api');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(4321);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT is invalid \("abc"\)/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL is invalid \(a malformed URL\)/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ CONTACT_EMAIL: 'nobody' }, /CONTACT_EMAIL/],
    [{ TRUST_PROXY: 'nginx.local' }, /TRUST_PROXY is invalid \("nginx.local"\): 0, 1 or the proxies' addresses/],
    [{ TRUST_PROXY: '10.0.0.5,,10.0.0.6' }, /TRUST_PROXY/],
  ])('refuses %o with one line naming the variable', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it.each([
    ['0', []],
    ['false', []],
    ['1', ['loopback']],
    ['true', ['loopback']],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.5 , 2001:db8::7 ', ['10.0.0.5', '2001:db8::7']],
  ])('reads TRUST_PROXY=%s as the proxies %o', (value, proxies) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(proxies);
  });

  it('never prints a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:secret@' })).not.toThrow(/secret/);
  });
});
