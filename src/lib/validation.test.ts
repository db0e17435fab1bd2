import { describe, expect, it } from 'vitest';
import { REGISTER_CHECK_ORDER, registerRequestSchema, resetPasswordRequestSchema } from './account.ts';
import { check } from './validation.ts';

const good = { email: ' Kassa@Hartberg.Example ', password: 'Marktplatz-2027', password_repeat: 'Marktplatz-2027' };

describe('check, as forms and the server use it', () => {
  it('answers the parsed data of valid fields', () => {
    expect(check(registerRequestSchema, good)).toEqual({
      ok: true,
      data: { ...good, email: 'kassa@hartberg.example' },
    });
  });

  it('names every refused field with its own code', () => {
    const result = check(registerRequestSchema, { email: 'kein-at', password: 'kurz', password_repeat: 'anders' });
    expect(result).toEqual({
      ok: false,
      code: 'invalid_email',
      fields: { email: 'invalid_email', password: 'password_too_short', password_repeat: 'passwords_mismatch' },
    });
  });

  it('lets the contract order name the answer, not the order of the issues', () => {
    const fields = { email: 'kein-at', password: 'Marktplatz-2027' };
    expect(check(registerRequestSchema, fields)).toMatchObject({ code: 'invalid_email' });
    expect(check(registerRequestSchema, fields, REGISTER_CHECK_ORDER)).toMatchObject({ code: 'required_fields' });
  });

  it('checks a mismatch while the other fields are still wrong, so the form can show it at once', () => {
    const result = check(resetPasswordRequestSchema, { token: '', password: 'Neu-Passwort-1', password_repeat: 'x' });
    expect(result).toMatchObject({
      ok: false,
      fields: { token: 'invalid_token', password_repeat: 'passwords_mismatch' },
    });
  });

  it('maps an issue without an error code to invalid_request', () => {
    expect(check(registerRequestSchema, 'not an object')).toMatchObject({ ok: false, code: 'invalid_request' });
  });
});
