import type { ErrorCode } from '../../lib/error-codes.ts';
import type { FieldErrors } from '../../lib/validation.ts';

/** Why the last sending failed: the code (for a follow-up offer) and the message to show. */
export interface Failure {
  code: ErrorCode | 'network';
  message: string;
}

/**
 * Where a form is in its submit cycle. Its values live with the form (a market draft is rebased
 * on newer versions, a login form holds two strings); this is what every form does alike.
 */
export interface FormCycle {
  /** Fields the clerk has left: their checks show from then on, not while the first letters are typed. */
  left: ReadonlySet<string>;
  /** A sending was tried: every check shows, also at fields never visited. */
  tried: boolean;
  /** A request runs: the form is not sent twice. */
  busy: boolean;
  /** Why the last attempt failed, until the form clears it. */
  failure: Failure | null;
}

export type FormEvent =
  | { type: 'leave'; field: string }
  | { type: 'try' }
  | { type: 'send' }
  | { type: 'fail'; failure: Failure }
  | { type: 'settle' }
  | { type: 'clear' };

export const FRESH_FORM: FormCycle = { left: new Set(), tried: false, busy: false, failure: null };

export function formCycle(state: FormCycle, event: FormEvent): FormCycle {
  switch (event.type) {
    case 'leave':
      // The same state again when nothing changes: leaving a field a second time renders nothing.
      return state.left.has(event.field) ? state : { ...state, left: new Set(state.left).add(event.field) };
    case 'try':
      return state.tried ? state : { ...state, tried: true };
    case 'send':
      return { ...state, busy: true, failure: null };
    case 'fail':
      return { ...state, failure: event.failure };
    case 'settle':
      return { ...state, busy: false };
    case 'clear':
      return state.failure ? { ...state, failure: null } : state;
  }
}

/** A field's refusal as far as it is shown yet: once the field was left or the form was sent. */
export function shownRefusal(state: FormCycle, refused: FieldErrors, field: string): ErrorCode | undefined {
  return state.tried || state.left.has(field) ? refused[field] : undefined;
}

/**
 * The control to focus after a refused sending: the first refused field, in the order the checks
 * name them, at its control (`controlOf` maps a nested value's path to the form's element; null
 * when it has none, and then the focus stays where it is).
 */
export function firstRefusedControl(
  refused: FieldErrors,
  controlOf: (field: string) => string | null = (field) => field,
): string | null {
  const first = Object.keys(refused)[0];
  return first === undefined ? null : controlOf(first);
}

/**
 * The refusals of a span of days where the clerk typed (issue 53). A last day left empty is the
 * first (seed): its refusal stands at the first day, not at the empty field. A first day left
 * empty, where one is needed, is missing, not "no valid date" at both.
 */
export function refusalsWhereTyped(
  refused: FieldErrors,
  [start, end]: [start: string, end: string],
  typed: { start: string; end: string; startNeeded: boolean },
): FieldErrors {
  const { [start]: atStart, [end]: atEnd, ...rest } = refused;
  if (!typed.start) return typed.startNeeded ? { [start]: 'required_fields', ...rest } : rest;
  if (typed.end) return refused;
  const first = atStart ?? atEnd;
  return first ? { [start]: first, ...rest } : rest;
}
