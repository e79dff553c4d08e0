/** Result codes of SPEC.md section 8, the `code` of every `{ code, msg, payload }` reply. */
export const ResultCode = {
  success: 0,
  failure: -1,
  authFailed: 203,
  flagged: 300,
  meetingLocked: 3000,
  meetingFull: 3004,
  meetingOver: 3008,
  removedByHost: 3017,
  waitingRoom: 3018,
  applyLoadFailed: 3024,
  outOfPoints: 4038,
  pollGone: 4050,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];
