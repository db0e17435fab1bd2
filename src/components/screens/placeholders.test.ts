import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders.ts';

describe('fillPlaceholders', () => {
  it('fills text and link addresses, escaping what it puts in', () => {
    const html = '<p>{providerName}: <a href="mailto:%7BcontactEmail%7D">{contactEmail}</a></p>';
    expect(fillPlaceholders(html, { providerName: 'Stadt & Land <GmbH>', contactEmail: 'a@b.at' })).toBe(
      '<p>Stadt &amp; Land &lt;GmbH&gt;: <a href="mailto:a@b.at">a@b.at</a></p>',
    );
  });

  it('refuses an unknown placeholder', () => {
    expect(() => fillPlaceholders('<p>{nobody}</p>', {})).toThrow(/nobody/);
  });
});
