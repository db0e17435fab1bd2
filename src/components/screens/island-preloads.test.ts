import { describe, expect, it } from 'vitest';
import { islandPreloads } from './island-preloads.ts';

const island = (component: string, props = '{}') =>
  `<astro-island uid="a" component-url="${component}" component-export="X" renderer-url="/_astro/client.js" ` +
  `props="${props}" ssr client="load"><div></div><!--astro:end--></astro-island>`;

describe('islandPreloads', () => {
  it("names each island's chunks and its renderer's once, in the order the page has them", () => {
    const chunks = {
      '/_astro/markets.js': ['/_astro/markets.js', '/_astro/react.js', '/_astro/form.js'],
      '/_astro/client.js': ['/_astro/client.js', '/_astro/react.js'],
    };
    expect(islandPreloads(`<main>${island('/_astro/markets.js')}</main>`, chunks)).toEqual([
      '/_astro/markets.js',
      '/_astro/react.js',
      '/_astro/form.js',
      '/_astro/client.js',
    ]);
  });

  it('falls back to the entries themselves where the build has not said their chunks', () => {
    expect(islandPreloads(island('/_astro/a.js') + island('/_astro/b.js'), {})).toEqual([
      '/_astro/a.js',
      '/_astro/client.js',
      '/_astro/b.js',
    ]);
  });

  it('reads addresses only from island tags, never from text or escaped props', () => {
    const props = '{&quot;note&quot;:[0,&quot; component-url=\\&quot;/evil.js\\&quot;&quot;]}';
    const html = `<p>component-url="/text.js"</p>${island('/_astro/a.js', props)}`;
    expect(islandPreloads(html, {})).toEqual(['/_astro/a.js', '/_astro/client.js']);
  });

  it('preloads nothing on a page without islands', () => {
    expect(islandPreloads('<main><h1>Anmelden</h1></main>', {})).toEqual([]);
  });
});
