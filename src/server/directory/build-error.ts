/** The build failed in a way an operator can fix; its message says how (main.ts tells it in one line). */
export class BuildError extends Error {
  override name = 'BuildError';
}
