/** The poll outcomes that carry their own code or status, beside AppError's general factories. */
import { ResultCode, type ErrorKey } from '@meet/shared';
import { AppError } from '../lib/app-error.js';

/** A deleted or unknown poll: 4050, so the dialog closes and the poll leaves the list. */
export function pollGone(): AppError {
  return new AppError(ResultCode.pollGone, 404, 'pollGone');
}

/** The poll is not in the status the action needs, or the vote is already in. */
export function pollConflict(key: ErrorKey): AppError {
  return new AppError(ResultCode.failure, 409, key);
}
