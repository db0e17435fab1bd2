import { Parser } from 'htmlparser2';
import { expect } from 'vitest';
import type { DirectoryMarket } from '../../../src/lib/directory/directory.ts';
import { SHOWN_TEXT_FIELDS } from '../../../src/lib/market-fields.ts';

/*
 * Whether text from the database came out escaped on a rendered page: the page has the same
 * elements and attributes as its plain twin, no event handler attributes, no attack markup outside
 * attribute values, and JSON-LD that parses.
 */

/** The same market with every text of its own replaced by plain words, empty ones kept empty. */
export function plainTwin(market: DirectoryMarket): DirectoryMarket {
  const plain = (text: string) => (text === '' ? '' : 'Markt');
  return {
    ...market,
    title: 'Markt',
    ...Object.fromEntries(SHOWN_TEXT_FIELDS.map(({ name }) => [name, plain(market[name])])),
    website: market.website && 'https://example.org/',
    phone: market.phone && '+43/1/2345678',
    email: market.email && 'markt@example.org',
    image: market.image && {
      ...market.image,
      url: 'https://example.org/a.jpg',
      alt: 'Bild',
      description: plain(market.image.description),
    },
    dates: market.dates.map((date) => ({ ...date, note: plain(date.note) })),
  };
}

export interface ParsedPage {
  /** Every element with its attribute names, in order: what markup in the text would change. */
  shape: string[];
  attributes: Array<[string, string]>;
  h1: string;
  jsonLd: string[];
}

function parsePage(html: string): ParsedPage {
  const page: ParsedPage = { shape: [], attributes: [], h1: '', jsonLd: [] };
  const open: string[] = [];
  let jsonLd = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        page.shape.push(`<${name} ${Object.keys(attributes).sort().join(' ')}>`);
        page.attributes.push(...Object.entries(attributes));
        open.push(name);
        jsonLd = name === 'script' && attributes['type'] === 'application/ld+json';
        if (jsonLd) page.jsonLd.push('');
      },
      ontext(text) {
        if (open.includes('h1')) page.h1 += text;
        if (jsonLd) page.jsonLd[page.jsonLd.length - 1] += text;
      },
      onclosetag(name) {
        page.shape.push(`</${name}>`);
        open.pop();
        jsonLd = false;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return page;
}

/** Markup from the attack strings, as it would stand outside an attribute value (which quotes hold). */
const INJECTED = ['<script>alert', '<img src=x', '<svg onload'];

export function expectEscaped(html: string, twin: string, about: string): ParsedPage {
  const page = parsePage(html);
  expect(page.shape, `markup from the data changed the page: ${about}`).toEqual(parsePage(twin).shape);
  expect(
    page.attributes.filter(([name]) => /^on/i.test(name)),
    about,
  ).toEqual([]);
  const outsideAttributes = html.replace(/="[^"]*"/g, '=""');
  for (const markup of INJECTED) expect(outsideAttributes, about).not.toContain(markup);
  for (const text of page.jsonLd) expect(() => JSON.parse(text) as unknown, about).not.toThrow();
  return page;
}
