import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

/** Seed section 9 and design: passwords of 8 to 128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const filled = (code: ErrorCode) => z.string({ error: code }).trim().min(1, { error: code });

export const emailSchema = filled('credentials_missing')
  .max(254, { error: 'too_long' })
  .toLowerCase()
  .pipe(z.email({ error: 'invalid_email' }));

export const newPasswordSchema = z
  .string({ error: 'credentials_missing' })
  .min(1, { error: 'credentials_missing' })
  .min(PASSWORD_MIN, { error: 'password_too_short' })
  .max(PASSWORD_MAX, { error: 'too_long' });

const passwordPair = {
  password: newPasswordSchema,
  password_repeat: z.string({ error: 'required_fields' }).min(1, { error: 'required_fields' }),
};
const samePasswords = (pair: { password: string; password_repeat: string }) => pair.password === pair.password_repeat;
const mismatch = { error: 'passwords_mismatch', path: ['password_repeat'] };

/** `POST register`; checked in the order of api.md: required fields, e-mail format, password rules. */
export const registerRequestSchema = z.object({ email: emailSchema, ...passwordPair }).refine(samePasswords, mismatch);
export const REGISTER_CHECK_ORDER: readonly ErrorCode[] = [
  'credentials_missing',
  'required_fields',
  'invalid_email',
  'too_long',
  'password_too_short',
  'passwords_mismatch',
];

export const loginRequestSchema = z.object({
  email: filled('credentials_missing').toLowerCase(),
  password: z.string({ error: 'credentials_missing' }).min(1, { error: 'credentials_missing' }),
});

export const emailRequestSchema = z.object({ email: emailSchema });
export const tokenRequestSchema = z.object({ token: filled('invalid_token').max(200, { error: 'invalid_token' }) });
export const resetPasswordRequestSchema = z
  .object({ token: filled('invalid_token').max(200, { error: 'invalid_token' }), ...passwordPair })
  .refine(samePasswords, mismatch);

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
    phone: string;
    website: string;
    instagram: string;
    facebook: string;
    youtube: string;
  };
}
