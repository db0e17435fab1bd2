import type { MessageKey, Translate } from '../translate.ts';

/** A federal state's name in the page's language (Statistik Austria's code 1–9). */
export function stateNameOf(code: number, t: Translate): string {
  return t(`state.${code}` as MessageKey);
}

/** Statistik Austria writes "Graz(Stadt)"; pages show "Graz (Stadt)". */
export function districtNameOf(name: string): string {
  return name.replace(/\s*\(/g, ' (');
}
