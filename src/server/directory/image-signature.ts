/**
 * Whether the bytes are what the server said they are (issue 15, M7): an image must start with
 * its format's signature, so an HTML page or a script sent as image/png is not published as one.
 */
export function hasImageSignature(bytes: Buffer, extension: string): boolean {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  switch (extension) {
    case 'jpg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'gif':
      return ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
    case 'webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case 'avif':
      return ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12));
    default:
      return false;
  }
}
