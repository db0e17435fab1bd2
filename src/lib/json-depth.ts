/**
 * How deep JSON may nest (issue 49): far deeper than the app's state ever does (app-state.ts),
 * and shallow enough that nothing which walks a value by recursion (JSON.stringify, a schema, a
 * printer) can run out of stack. Beyond it a request is 400 `too_deep` (docs/api.md).
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = new Set([0x5b, 0x7b]); // [ {
const CLOSING = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether JSON text nests at most `max` arrays and objects deep, read as text before anything is
 * built from it; brackets inside strings do not count. Text that is no JSON may pass: parsing
 * it refuses it after.
 */
export function jsonTextWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENING.has(code)) {
      if (++depth > max) return false;
    } else if (CLOSING.has(code)) {
      depth--;
    }
  }
  return true;
}

/** Whether a value nests at most `max` arrays and objects deep: a list of pending values, not recursion. */
export function valueWithin(value: unknown, max: number): boolean {
  const pending: Array<[value: unknown, depth: number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return false;
    for (const inner of Object.values(item)) pending.push([inner, depth + 1]);
  }
  return true;
}
