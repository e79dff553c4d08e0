/** The one error type for outcomes a user causes; its key is a catalogue message. */
import { ResultCode, type ErrorKey } from '@meet/shared';

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly statusCode: number,
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(key, options);
    this.name = 'AppError';
  }

  static badRequest(key: ErrorKey, params?: Record<string, string | number>) {
    return new AppError(ResultCode.failure, 400, key, params);
  }
  static tooMany(key: ErrorKey, params?: Record<string, string | number>) {
    return new AppError(ResultCode.failure, 429, key, params);
  }
  static authFailed() {
    return new AppError(ResultCode.authFailed, 401, 'authFailed');
  }
  static realLoginRequired() {
    return new AppError(ResultCode.failure, 403, 'realLoginRequired');
  }
  static notFound() {
    return new AppError(ResultCode.failure, 404, 'notFound');
  }
}
