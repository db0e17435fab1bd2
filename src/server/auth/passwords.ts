import { hash, verify } from '@node-rs/argon2';

/** argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1); verify compares in constant time. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}
