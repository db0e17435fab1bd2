import { describe, expect, it } from 'vitest';
import { scrollableTables } from './scrollable-tables.ts';

describe('scrollableTables', () => {
  it('wraps every table in a focusable, named scroll box and leaves other markup alone', () => {
    const html = '<p>Daten</p><table><tr><td>a</td></tr></table><table class="x"><tr><td>b</td></tr></table>';
    expect(scrollableTables(html, 'Tabelle "breit" & <scrollbar>')).toBe(
      '<p>Daten</p>' +
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Tabelle &quot;breit&quot; &amp; &lt;scrollbar>"><table><tr><td>a</td></tr></table></div>' +
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Tabelle &quot;breit&quot; &amp; &lt;scrollbar>"><table class="x"><tr><td>b</td></tr></table></div>',
    );
  });

  it('does not take a <tbody> or <tablet> for a table', () => {
    expect(scrollableTables('<tbody></tbody><tablet>', 'T')).toBe('<tbody></tbody><tablet>');
  });
});
