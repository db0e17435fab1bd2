/**
 * The CRC-32 of two texts joined, from their CRCs and the second one's length (zlib's
 * crc32_combine, which Node does not expose): a joined gzip answer then needs no pass over all its
 * text, only the CRC of each part, made once per part.
 */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  if (secondLength <= 0) return first >>> 0;
  // Operators that append 1, 2, 4, … zero bits, as 32×32 matrices over GF(2).
  let odd: Uint32Array = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: one zero bit
  for (let n = 1, row = 1; n < 32; n += 1, row <<= 1) odd[n] = row;
  let even = square(odd); // two zero bits
  odd = square(even); // four zero bits
  let crc = first >>> 0;
  let length = secondLength;
  // Appends `length` zero bytes to the first CRC, then adds in the second.
  do {
    even = square(odd);
    if (length % 2 === 1) crc = times(even, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
    odd = square(even);
    if (length % 2 === 1) crc = times(odd, crc);
    length = Math.floor(length / 2);
  } while (length !== 0);
  return (crc ^ second) >>> 0;
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
