import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

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

/** zxcvbn's list of the ~49,000 most used passwords (German ones like "passwort1" among them), loaded on first use. */
let commonPasswords: Set<string> | undefined;

/** Design, sessions: the most common passwords are refused, whatever their case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}
