/** The one error type for outcomes a user causes; its key is a catalogue message. */
import { ResultCode, type ErrorKey } from '@meet/shared';

export class AppError extends Error {
  /** Extra data some outcomes carry (the waiting room needs the meeting's uri). */
  readonly payload: unknown;
  constructor(
    readonly code: number,
    readonly statusCode: number,
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown; payload?: unknown },
  ) {
    super(key, options);
    this.payload = options?.payload ?? null;
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
  static meetingNoExist() {
    return new AppError(ResultCode.failure, 404, 'meetingNoExist');
  }
  static meetingLocked() {
    return new AppError(ResultCode.meetingLocked, 403, 'meetingLocked');
  }
  static meetingFull() {
    return new AppError(ResultCode.meetingFull, 403, 'meetingFull');
  }
  static meetingOver() {
    return new AppError(ResultCode.meetingOver, 410, 'conferenceOver');
  }
  static removedByHost() {
    return new AppError(ResultCode.removedByHost, 403, 'youRemovedByHost');
  }
  static waitingRoom(payload: unknown) {
    return new AppError(ResultCode.waitingRoom, 202, 'waitingRoomJoin', {}, { payload });
  }
  static forbidden(key: ErrorKey) {
    return new AppError(ResultCode.failure, 403, key);
  }
  /** 4038: the AI credits that would pay for this have run out (whose: the key says). */
  static outOfPoints(key: ErrorKey = 'outOfPoints') {
    return new AppError(ResultCode.outOfPoints, 402, key);
  }
  static unavailable(key: ErrorKey, params?: Record<string, string | number>) {
    return new AppError(ResultCode.failure, 422, key, params);
  }
  /** No live media node can take the meeting (every one is down or starting). */
  static noMediaNode() {
    return new AppError(ResultCode.failure, 503, 'noMediaNode');
  }
  static notFound() {
    return new AppError(ResultCode.failure, 404, 'notFound');
  }
}
