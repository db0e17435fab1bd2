import { describe, expect, it } from 'vitest';
import { isCrossSite } from './origin.ts';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('isCrossSite', () => {
  it('lets same-origin and header-less requests through', () => {
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'https://portal.at' }), false, 'https:')).toBe(false);
    expect(isCrossSite(headers({ host: 'portal.at' }), false, 'https:')).toBe(false);
    expect(isCrossSite(headers({ host: 'portal.at', 'sec-fetch-site': 'same-origin' }), false, 'https:')).toBe(false);
  });

  it('refuses another origin, a sibling site and a null origin', () => {
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'https://evil.example' }), false, 'https:')).toBe(true);
    expect(isCrossSite(headers({ host: 'portal.at', 'sec-fetch-site': 'same-site' }), false, 'https:')).toBe(true);
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'null' }), false, 'https:')).toBe(true);
  });

  // Issue 15, "Also".
  it('compares the scheme too', () => {
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'http://portal.at' }), false, 'https:')).toBe(true);
    expect(isCrossSite(headers({ host: 'portal.at', origin: 'https://portal.at' }), false, 'http:')).toBe(true);
  });

  it('believes X-Forwarded-Host and -Proto only behind a trusted proxy, and only their last entries', () => {
    const proxied = headers({
      host: '127.0.0.1:4321',
      'x-forwarded-host': 'portal.at',
      'x-forwarded-proto': 'https',
      origin: 'https://portal.at',
    });
    expect(isCrossSite(proxied, true, 'http:')).toBe(false);
    expect(isCrossSite(proxied, false, 'http:')).toBe(true);
    const spoofed = headers({
      host: '127.0.0.1:4321',
      'x-forwarded-host': 'evil.example, portal.at',
      'x-forwarded-proto': 'https',
      origin: 'https://evil.example',
    });
    expect(isCrossSite(spoofed, true, 'http:')).toBe(true);
  });
});
