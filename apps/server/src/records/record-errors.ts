/** The records outcomes, each with its code, HTTP status and catalogue key (SPEC.md section 8). */
import { ResultCode, type ErrorKey } from '@meet/shared';
import { AppError } from '../lib/app-error.js';

/** "The meeting recording could not be found": unknown or deleted. */
export function recordNotFound(): AppError {
  return new AppError(ResultCode.failure, 404, 'recordNotFound');
}

/**
 * "No access permissions currently", with what the caller may know of the recording (its name,
 * owner and their request's state) so the page can offer to apply.
 */
export function noRecordAccess(teaser: {
  recordId: string;
  name: string;
  ownerName: string;
  applyStatus: number;
}): AppError {
  return new AppError(
    ResultCode.failure,
    403,
    'noRecordAccess',
    {},
    {
      payload: { ...teaser, access: false },
    },
  );
}

export function recordOwnerOnly(): AppError {
  return new AppError(ResultCode.failure, 403, 'recordOwnerOnly');
}

/** 3024: an access request that is unknown, of another recording, or not the caller's to see. */
export function applyLoadFailed(status = 404): AppError {
  return new AppError(ResultCode.applyLoadFailed, status, 'applyLoadFailed');
}

/** The recording or request is not in the state the action needs. */
export function recordConflict(key: ErrorKey): AppError {
  return new AppError(ResultCode.failure, 409, key);
}
