const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Fills `{name}` in rendered Markdown (also where Markdown percent-encoded the braces inside a
 * link address) with HTML-escaped values; an unknown name is an error, not a silent gap.
 */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return html.replace(/\{(\w+)\}|%7B(\w+)%7D/g, (_match, plain: string | undefined, encoded: string | undefined) => {
    const name = (plain ?? encoded) as string;
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown placeholder {${name}} in a content page.`);
    return encoded ? encodeURI(value) : value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
  });
}
