import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './passwords.ts';

describe('isCommonPassword', () => {
  it.each(['password', 'Passwort1', '12345678', 'hallo123', 'QWERTYUIOP'])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Marktplatz-2027', 'Kirtag im Oktober', 'Demo-Passwort-2027'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
