import { createHash } from 'node:crypto';

/**
 * The embedded list's only script (issue 23): it tells the embedding page its height, on load and
 * whenever it changes (a narrower column wraps more lines), so public/einbetten.js can size the
 * frame to fit. The list cannot know who embeds it, hence "*": the height is no secret.
 */
export const HEIGHT_POSTER =
  "(()=>{const e=document.documentElement,p=()=>parent.postMessage({type:'marktverzeichnis:height',height:Math.ceil(e.getBoundingClientRect().height)},'*');new ResizeObserver(p).observe(e);addEventListener('load',p)})()";

/** An inline script's or style's hash for the page's Content-Security-Policy, as Astro gives its own. */
export function sha256Of(code: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(code).digest('base64')}`;
}
