/** A refused `/room` request: its code and message go back in the failed acknowledgement. */
export class RoomError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
