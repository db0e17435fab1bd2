import { atom } from 'nanostores';
import type { Account } from '../lib/account.ts';
import { ApiRequestError, callApi } from './api-client.ts';
import { $appState } from './app-state.ts';
import { $visitor, forgetVisitor, isAdoptedVisitor } from './visitor.ts';

/** The logged-in user and their municipality (get_account); null when nobody is logged in or not yet loaded. */
export const $account = atom<Account | null>(null);

/**
 * The visitor id goes along, so the server links the visitor record to the account (auth_email,
 * wko_*); never one adopted from a link, which may be someone else's (issue 15, L5).
 */
function visitorField(): Record<string, string> {
  const visitor = $visitor.get();
  return visitor && !isAdoptedVisitor(visitor.visitorId) ? { visitor_id_js: visitor.visitorId } : {};
}

export function loggedIn(account: Account | null): void {
  $account.set(account);
  $appState.setKey('loggedIn', account !== null);
}

export async function loadAccount(): Promise<Account | null> {
  try {
    loggedIn(await callApi<Account>('get_account'));
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.code === 'not_logged_in')) throw error;
    loggedIn(null);
  }
  return $account.get();
}

/** Logs in; says whether the user is an operator (issue 55: the console opens first). */
export async function logIn(email: string, password: string): Promise<{ operator: boolean }> {
  const answer = await callApi<{ logged_in: true; operator?: true }>('login', {
    fields: { email, password, ...visitorField() },
  });
  $appState.setKey('loggedIn', true);
  return { operator: answer.operator === true };
}

/**
 * Issue 49: registering mails a link, whatever the address (the answer tells nobody which are on
 * file); the account and its session come when the link is opened (confirmEmail).
 */
export async function register(email: string, password: string, passwordRepeat: string): Promise<void> {
  await callApi('register', { fields: { email, password, password_repeat: passwordRepeat } });
}

/** Issue 15, L12: the user's other sessions end; this one stays. */
export async function changePassword(current: string, password: string, passwordRepeat: string): Promise<void> {
  await callApi('change_password', {
    fields: { current_password: current, password, password_repeat: passwordRepeat },
  });
}

/** Issue 15, L12: every session of the user ends, this one included. */
export async function logOutEverywhere(): Promise<void> {
  await callApi('logout_everywhere', { fields: {} });
  forgetVisitor();
  loggedIn(null);
}

export async function sendConfirmationAgain(email: string): Promise<void> {
  await callApi('resend_confirmation', { fields: { email } });
}

/**
 * In the registering browser the token suffices; elsewhere the password chosen goes along (issue
 * 15, H1). A registration's link logs in (issue 49), so the visitor goes along as at login.
 * Answers whether the address was confirmed before: the link opened a second time (issue 19).
 */
/** Issue 49: `chosen` is the password and its repetition the mailbox's holder chose (link opened elsewhere). */
export async function confirmEmail(
  token: string,
  chosen?: { password: string; passwordRepeat: string },
): Promise<{ alreadyConfirmed: boolean }> {
  const password = chosen ? { password: chosen.password, password_repeat: chosen.passwordRepeat } : {};
  const answer = await callApi<{ already_confirmed?: boolean }>('confirm_email', {
    fields: { token, ...password, ...visitorField() },
  });
  return { alreadyConfirmed: answer.already_confirmed === true };
}

export async function requestNewPassword(email: string): Promise<void> {
  await callApi('forgot_password', { fields: { email } });
}

export async function setNewPassword(token: string, password: string, passwordRepeat: string): Promise<void> {
  await callApi('reset_password', { fields: { token, password, password_repeat: passwordRepeat } });
}
