import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mailBaseUrl, publicConfigOf } from './config.ts';

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

describe('mailBaseUrl (issue 19)', () => {
  it('follows the loopback address a request came to when PUBLIC_BASE_URL is unset', () => {
    const local = loadConfig({ HOST: '127.0.0.1' });
    expect(mailBaseUrl(local, '127.0.0.1:4321')).toBe('http://127.0.0.1:4321');
    expect(mailBaseUrl(local, 'localhost:4321')).toBe('http://localhost:4321');
    expect(mailBaseUrl(loadConfig({ HOST: '::1' }), '[::1]:4321')).toBe('http://[::1]:4321');
    expect(mailBaseUrl(loadConfig({}), '127.0.0.2:4321')).toBe('http://127.0.0.2:4321');
  });

  it('believes no other Host, and keeps PUBLIC_BASE_URL or a public HOST as they are', () => {
    const local = loadConfig({ HOST: '127.0.0.1' });
    for (const host of ['boese.example', 'localhost.boese.example:4321', '127.0.0.1@boese.example', 'x/y', undefined])
      expect(mailBaseUrl(local, host)).toBe('http://localhost:4321');
    expect(mailBaseUrl(loadConfig({ PUBLIC_BASE_URL: 'https://maerkte.at/' }), '127.0.0.1:4321')).toBe(
      'https://maerkte.at',
    );
    expect(mailBaseUrl(loadConfig({ HOST: '0.0.0.0' }), '127.0.0.1:4321')).toBe('http://localhost:4321');
  });
});
