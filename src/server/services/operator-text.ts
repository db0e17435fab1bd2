/**
 * A value from a file as the operator's terminal may show it (issue 15, L9): quoted, control
 * characters (escape sequences, NUL) written as \u…, and at most 80 characters.
 */
export function shown(value: string): string {
  const short = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
  return `"${short.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/g, escapeCharacter)}"`;
}

function escapeCharacter(character: string): string {
  if (character === '"' || character === '\\') return `\\${character}`;
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
