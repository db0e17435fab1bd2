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
  ])('refuses %o with one line naming the variable', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it('never prints a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:secret@' })).not.toThrow(/secret/);
  });
});
