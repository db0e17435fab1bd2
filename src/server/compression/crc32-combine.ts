/**
 * The CRC-32 of two texts joined, from their CRCs and the second one's length (zlib's
 * crc32_combine, which Node does not expose): a joined gzip answer then needs no pass over all its
 * text, only the CRC of each part, made once per part.
 */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  let crc = first >>> 0;
  // Appends `secondLength` zero bytes to the first CRC, a power of two at a time, then adds in the second.
  for (let power = 0, length = secondLength; length > 0; power += 1, length = Math.floor(length / 2))
    if (length % 2 === 1) crc = times(zeroBytes(power), crc);
  return (crc ^ second) >>> 0;
}

/**
 * The operators that append 2^power zero bytes, as 32×32 matrices over GF(2), made once: a whole
 * content answer joins hundreds of parts at every change (issue 18: squaring them again for each
 * part took 150 ms of the server's thread per answer).
 */
const ZERO_BYTES: Uint32Array[] = [];
function zeroBytes(power: number): Uint32Array {
  if (ZERO_BYTES.length === 0) {
    const bit = new Uint32Array(32); // one zero bit
    bit[0] = 0xedb88320; // the CRC-32 polynomial
    for (let n = 1, row = 1; n < 32; n += 1, row <<= 1) bit[n] = row;
    ZERO_BYTES.push(square(square(square(bit)))); // eight bits
  }
  while (ZERO_BYTES.length <= power) ZERO_BYTES.push(square(ZERO_BYTES.at(-1)!));
  return ZERO_BYTES[power]!;
}

function times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0, rest = vector >>> 0; rest !== 0; i += 1, rest >>>= 1) if (rest & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

function square(matrix: Uint32Array): Uint32Array {
  const result = new Uint32Array(32);
  for (let n = 0; n < 32; n += 1) result[n] = times(matrix, matrix[n]!);
  return result;
}
