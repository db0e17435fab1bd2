import { describe, expect, it } from 'vitest';
import { isCrossSite } from './origin.ts';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('isCrossSite', () => {
  it('lets same-origin and header-less requests through', () => {
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'https://portal.at' }), false)).toBe(false);
    expect(isCrossSite(headers({ host: 'portal.at' }), false)).toBe(false);
    expect(isCrossSite(headers({ host: 'portal.at', 'sec-fetch-site': 'same-origin' }), false)).toBe(false);
  });

  it('refuses another origin, a sibling site and a null origin', () => {
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'https://evil.example' }), false)).toBe(true);
    expect(isCrossSite(headers({ host: 'portal.at', 'sec-fetch-site': 'same-site' }), false)).toBe(true);
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'null' }), false)).toBe(true);
  });

  it('believes X-Forwarded-Host only behind a trusted proxy', () => {
    const proxied = headers({ host: '127.0.0.1:4321', 'x-forwarded-host': 'portal.at', origin: 'https://portal.at' });
    expect(isCrossSite(proxied, true)).toBe(false);
    expect(isCrossSite(proxied, false)).toBe(true);
  });
});
