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
  /** The thing is not in the state the action needs (a recording, a request, a poll, a vote). */
  static conflict(key: ErrorKey) {
    return new AppError(ResultCode.failure, 409, key);
  }
  /** "The meeting recording could not be found": unknown or deleted. */
  static recordNotFound() {
    return new AppError(ResultCode.failure, 404, 'recordNotFound');
  }
  /**
   * "No access permissions currently", with what the caller may know of the recording (its
   * name, owner and their request's state) so the page can offer to apply.
   */
  static noRecordAccess(teaser: {
    recordId: string;
    name: string;
    ownerName: string;
    applyStatus: number;
  }) {
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
  /** 3024: an access request that is unknown, of another recording, or not the caller's to see. */
  static applyLoadFailed(status = 404) {
    return new AppError(ResultCode.applyLoadFailed, status, 'applyLoadFailed');
  }
  /** A deleted or unknown poll: 4050, so the dialog closes and the poll leaves the list. */
  static pollGone() {
    return new AppError(ResultCode.pollGone, 404, 'pollGone');
  }
}
