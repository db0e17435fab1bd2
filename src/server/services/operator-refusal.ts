import type { ErrorCode } from '../../lib/error-codes.ts';
import { ApiError } from '../api-error.ts';

/**
 * An operator's request the service refuses (issue 22): the API answers its code in the operator's
 * language, the command line prints `detail`, the English sentence operators have always read.
 */
export class OperatorRefusal extends ApiError {
  override name = 'OperatorRefusal';
  readonly detail: string;

  constructor(code: ErrorCode, detail: string, fields?: Record<string, ErrorCode>) {
    super(code, fields);
    this.detail = detail;
  }
}
