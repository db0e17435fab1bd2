/** Statistik Austria writes "Graz(Stadt)"; pages show "Graz (Stadt)". */
export function districtNameOf(name: string): string {
  return name.replace(/\s*\(/g, ' (');
}
