/** The hyphen package ships no types; this is the part the book uses (src/export/book/text-layout.ts). */
declare module 'hyphen/de/index.js' {
  const hyphenDe: { hyphenateSync(text: string): string };
  export default hyphenDe;
}
declare module 'hyphen/en-gb/index.js' {
  const hyphenEn: { hyphenateSync(text: string): string };
  export default hyphenEn;
}
declare module 'hyphen/fr/index.js' {
  const hyphenFr: { hyphenateSync(text: string): string };
  export default hyphenFr;
}
