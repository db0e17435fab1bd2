/** The hyphen package ships no types; this is the part the book uses (src/export/book/text-layout.ts). */
declare module 'hyphen/de/index.js' {
  const hyphenDe: { hyphenateSync(text: string): string };
  export default hyphenDe;
}
