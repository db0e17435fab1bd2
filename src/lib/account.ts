import * as z from 'zod/mini';
import type { ErrorCode } from './error-codes.ts';
import { isStorableText } from './validation.ts';

/** Seed section 9 and design: passwords of 8 to 128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const filled = (code: ErrorCode) => z.string({ error: code }).check(z.trim(), z.minLength(1, { error: code }));

/** An address; `missing` is the refusal of an empty one, in the words of the form that asks (issue 19). */
const emailOf = (missing: ErrorCode) =>
  z.pipe(
    filled(missing).check(z.maxLength(254, { error: 'too_long' }), z.toLowerCase()),
    z.email({ error: 'invalid_email' }),
  );
export const emailSchema = emailOf('credentials_missing');

const newPasswordOf = (missing: ErrorCode) =>
  z
    .string({ error: missing })
    .check(
      z.minLength(1, { error: missing, abort: true }),
      z.minLength(PASSWORD_MIN, { error: 'password_too_short' }),
      z.maxLength(PASSWORD_MAX, { error: 'too_long' }),
    );

/** A password and its repetition; registering asks for "address or password", setting a new one for the password. */
const passwordPairOf = (missing: ErrorCode) => ({
  password: newPasswordOf(missing),
  password_repeat: z.string({ error: 'required_fields' }).check(z.minLength(1, { error: 'required_fields' })),
});
const samePasswords = z.refine<{ password: string; password_repeat: string }>(
  (pair) => pair.password === pair.password_repeat,
  { error: 'passwords_mismatch', path: ['password_repeat'] },
);

/** `POST register`; checked in the order of api.md: required fields, e-mail format, password rules. */
export const registerRequestSchema = z
  .object({ email: emailSchema, ...passwordPairOf('credentials_missing') })
  .check(samePasswords);
export const REGISTER_CHECK_ORDER: readonly ErrorCode[] = [
  'credentials_missing',
  'new_password_missing',
  'required_fields',
  'invalid_email',
  'too_long',
  'password_too_short',
  'passwords_mismatch',
];

export const loginRequestSchema = z.object({
  // No address on file is longer or holds a NUL character; neither may reach the database (rate-limit key).
  email: filled('credentials_missing').check(
    z.maxLength(254, { error: 'too_long' }),
    z.refine(isStorableText, { error: 'invalid_email' }),
    z.toLowerCase(),
  ),
  password: z.string({ error: 'credentials_missing' }).check(z.minLength(1, { error: 'credentials_missing' })),
});

const tokenSchema = filled('invalid_token').check(z.maxLength(200, { error: 'invalid_token' }));
export const emailRequestSchema = z.object({ email: emailOf('email_missing') });
/** Issue 15, H1, and issue 49: the link alone, confirmed where it was asked for (the registering browser). */
export const confirmEmailRequestSchema = z.object({ token: tokenSchema });
/** Issue 49: the link opened elsewhere; the mailbox's holder chooses the account's password. */
export const confirmWithPasswordSchema = z
  .object({ token: tokenSchema, ...passwordPairOf('new_password_missing') })
  .check(samePasswords);
export const resetPasswordRequestSchema = z
  .object({ token: tokenSchema, ...passwordPairOf('new_password_missing') })
  .check(samePasswords);

/** Issue 15, L12: a logged-in user changes the password with the current one. */
export const changePasswordRequestSchema = z
  .object({
    current_password: z
      .string({ error: 'credentials_missing' })
      .check(z.minLength(1, { error: 'credentials_missing' }), z.maxLength(PASSWORD_MAX, { error: 'too_long' })),
    ...passwordPairOf('new_password_missing'),
  })
  .check(samePasswords);

/** What get_account answers: the user and their municipality's master data (read-only for them). */
export interface Account {
  email: string;
  email_confirmed: boolean;
  municipality: {
    gkz: string;
    name: string;
    postcode: string;
    district: string;
    state: string;
    /** Statistik Austria's code of the state (1–9), for its name in the user's language (issue 19; extension). */
    state_code: number;
    phone: string;
    website: string;
    instagram: string;
    facebook: string;
    youtube: string;
  };
}
