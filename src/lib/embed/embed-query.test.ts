import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKET_TYPES } from '../market.ts';
import { MAX_COUNT, parseEmbedQuery } from './embed-query.ts';

const parse = (query: string) => parseEmbedQuery(new URLSearchParams(query));

describe('parseEmbedQuery', () => {
  it('takes no filters as the whole list', () => {
    expect(parse('')).toEqual({ ok: true, filters: { types: [], count: null }, key: '' });
  });

  it('takes types (repeated or comma-separated) and a count, in one canonical key', () => {
    const a = parse('anzahl=3&typ=kirtag,bauernmarkt');
    const b = parse('typ=bauernmarkt&typ=kirtag&anzahl=3&utm_source=cms');
    expect(a).toEqual({
      ok: true,
      filters: { types: ['bauernmarkt', 'kirtag'], count: 3 },
      key: '?typ=bauernmarkt,kirtag&anzahl=3',
    });
    expect(b).toEqual(a);
  });

  it.each(['typ=flohmarkt', 'typ=', 'typ=Kirtag', 'typ=kirtag,,messe'])('refuses the type in %s', (query) => {
    expect(parse(query)).toMatchObject({ ok: false, error: 'embed.badType' });
  });

  it.each(['anzahl=0', 'anzahl=-1', 'anzahl=1.5', 'anzahl=abc', 'anzahl=', 'anzahl=101', 'anzahl=2&anzahl=3'])(
    'refuses the count in %s',
    (query) => {
      expect(parse(query)).toMatchObject({ ok: false, error: 'embed.badCount' });
    },
  );

  it('gives every accepted query a key that parses to the same filters (the cache holds one page each)', () => {
    fc.assert(
      fc.property(
        fc.subarray([...MARKET_TYPES]),
        fc.option(fc.integer({ min: 1, max: MAX_COUNT }), { nil: undefined }),
        fc.string(),
        (types, count, noise) => {
          const params = new URLSearchParams();
          for (const type of [...types].reverse()) params.append('typ', type);
          if (count !== undefined) params.set('anzahl', String(count));
          params.set('x', noise);
          const parsed = parseEmbedQuery(params);
          if (!parsed.ok) return false;
          const again = parseEmbedQuery(new URLSearchParams(parsed.key));
          return again.ok && again.key === parsed.key && parsed.filters.count === (count ?? null);
        },
      ),
    );
  });

  it('never accepts a count outside 1 to the maximum, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parse(`anzahl=${encodeURIComponent(text)}`);
        return (
          !parsed.ok ||
          (parsed.filters.count !== null && parsed.filters.count >= 1 && parsed.filters.count <= MAX_COUNT)
        );
      }),
    );
  });
});
