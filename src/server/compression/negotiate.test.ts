import { describe, expect, it } from 'vitest';
import { encodedEtag, negotiateEncoding } from './negotiate.ts';

describe('negotiateEncoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
    ['gzip;q=nonsense', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('offers only what the caller has', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('encodedEtag', () => {
  it('differs per coding, weak or strong', () => {
    expect(encodedEtag('"a-1"', null)).toBe('"a-1"');
    expect(encodedEtag('"a-1"', 'br')).toBe('"a-1-br"');
    expect(encodedEtag('W/"5-9"', 'gzip')).toBe('W/"5-9-gzip"');
  });
});
